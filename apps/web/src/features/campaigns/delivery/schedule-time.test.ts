import { DELIVERY_MESSAGES } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { defaultSchedule, formatScheduled, scheduleInstant } from './schedule-time';

// Local times: the dialog reads its inputs in the browser's zone, whatever it is here.
const now = new Date(2026, 10, 24, 15, 30, 0);

describe('defaultSchedule', () => {
  it('is tomorrow at 09:00', () => {
    expect(defaultSchedule(now)).toEqual({ date: '2026-11-25', time: '09:00' });
  });

  it('rolls over the end of a month and a year', () => {
    expect(defaultSchedule(new Date(2026, 11, 31, 23, 0))).toEqual({ date: '2027-01-01', time: '09:00' });
  });

  it('opens on the current schedule when rescheduling one still ahead', () => {
    const current = new Date(2026, 10, 28, 14, 45).toISOString();
    expect(defaultSchedule(now, current)).toEqual({ date: '2026-11-28', time: '14:45' });
    const past = new Date(2026, 10, 20, 14, 45).toISOString();
    expect(defaultSchedule(now, past)).toEqual({ date: '2026-11-25', time: '09:00' });
  });
});

describe('scheduleInstant', () => {
  it("says 'Please select both date and time' when either is missing", () => {
    expect(scheduleInstant('', '09:00', now)).toEqual({
      ok: false,
      error: DELIVERY_MESSAGES.scheduleMissing,
    });
    expect(scheduleInstant('2026-11-25', ' ', now)).toEqual({
      ok: false,
      error: DELIVERY_MESSAGES.scheduleMissing,
    });
  });

  it("says 'Schedule time must be in the future' for now or earlier", () => {
    expect(scheduleInstant('2026-11-24', '15:30', now)).toEqual({
      ok: false,
      error: DELIVERY_MESSAGES.schedulePast,
    });
    expect(scheduleInstant('2026-11-23', '18:00', now)).toEqual({
      ok: false,
      error: DELIVERY_MESSAGES.schedulePast,
    });
  });

  it('refuses dates that do not exist', () => {
    expect(scheduleInstant('2027-02-31', '09:00', now)).toEqual({
      ok: false,
      error: DELIVERY_MESSAGES.scheduleInvalid,
    });
    expect(scheduleInstant('2026-11-25', '25:00', now)).toEqual({
      ok: false,
      error: DELIVERY_MESSAGES.scheduleInvalid,
    });
    expect(scheduleInstant('tomorrow', '09:00', now)).toEqual({
      ok: false,
      error: DELIVERY_MESSAGES.scheduleInvalid,
    });
  });

  it('answers the local instant the inputs name', () => {
    const result = scheduleInstant('2026-11-24', '15:31', now);
    expect(result).toEqual({ ok: true, instant: new Date(2026, 10, 24, 15, 31) });
  });
});

describe('formatScheduled', () => {
  it('shows a 12-hour time, in a named zone when asked', () => {
    const instant = '2026-11-25T14:00:00.000Z';
    expect(formatScheduled(instant, 'UTC')).toBe('Nov 25, 2026, 2:00 PM');
    expect(formatScheduled(instant, 'America/New_York')).toBe('Nov 25, 2026, 9:00 AM');
    expect(formatScheduled(instant)).toMatch(/\d{1,2}:00\s(AM|PM)$/);
  });

  it('falls back to the browser zone for an unknown zone, and shows what it cannot read as it came', () => {
    expect(formatScheduled('2026-11-25T14:00:00.000Z', 'Mars/Olympus')).toMatch(/(AM|PM)$/);
    expect(formatScheduled('soon')).toBe('soon');
  });
});
