import type { Resource } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { priorityFromInput, toResourceEditDraft, toResourceUpdate } from './resource-edit-draft';

const resource = {
  title: 'Starting school with autism',
  description: 'What the first week looks like',
  category: 'autism',
  priority: 7,
} as Resource;

describe('a resource row’s edit form', () => {
  it('opens with the resource’s values, the priority as text', () => {
    expect(toResourceEditDraft(resource)).toEqual({
      title: 'Starting school with autism',
      description: 'What the first week looks like',
      category: 'autism',
      priority: '7',
    });
  });

  it('saves the priority as a number, and something unreadable as 0 for the server to refuse', () => {
    expect(priorityFromInput('9')).toBe(9);
    expect(priorityFromInput('')).toBe(0);
    expect(priorityFromInput('high')).toBe(0);
    expect(toResourceUpdate({ ...toResourceEditDraft(resource), title: 'Renamed', priority: '3' })).toEqual({
      title: 'Renamed',
      description: 'What the first week looks like',
      category: 'autism',
      priority: 3,
    });
  });
});
