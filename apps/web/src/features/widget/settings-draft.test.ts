import { WIDGET_SETTINGS_DEFAULTS, type WidgetSettings } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { changedFields, hasChanges, rebaseDraft, toDraft, validateChanges } from './settings-draft';

const saved: WidgetSettings = {
  ...WIDGET_SETTINGS_DEFAULTS,
  school_time_zone: 'Europe/London',
  updated_at: '2026-11-24T03:00:00.000Z',
};

describe('the settings draft', () => {
  it('has no changes until a field differs from the saved settings', () => {
    const draft = toDraft(saved);
    expect(hasChanges(toDraft(saved), draft)).toBe(false);
    expect(changedFields(toDraft(saved), { ...draft, school_name: 'Brightwater' })).toEqual({
      school_name: 'Brightwater',
    });
  });

  it('treats an emptied optional text as its stored null', () => {
    const draft = { ...toDraft(saved), call_to_action_text: '' };
    expect(hasChanges(toDraft(saved), draft)).toBe(false);
  });

  it('never sends the image fields, which have their own calls', () => {
    const draft = { ...toDraft(saved), avatar_url: '/widget/images/a.png' };
    expect(changedFields(toDraft(saved), draft)).toEqual({});
  });

  it("keeps the admin's other unsaved edits when a theme's colours are saved", () => {
    const before = toDraft(saved);
    const draft = { ...before, school_name: 'Brightwater', primary_color: '#111111' };
    const now = { ...saved, primary_color: '#1D4ED8', secondary_color: '#0E7490', accent_color: '#06B6D4' };
    const next = rebaseDraft(draft, before, now, ['primary_color', 'secondary_color', 'accent_color']);
    expect(next.school_name).toBe('Brightwater');
    expect(next.primary_color).toBe('#1D4ED8');
    expect(changedFields(toDraft(now), next)).toEqual({ school_name: 'Brightwater' });
  });

  it('reports the first problem of each changed field with the contract messages', () => {
    expect(validateChanges({ school_name: '  ', primary_color: '#abc' })).toEqual({
      school_name: 'School name is required',
      primary_color: 'Please enter a valid hex color (e.g., #4F46E5)',
    });
    expect(validateChanges({ school_name: 'Brightwater' })).toEqual({});
  });
});
