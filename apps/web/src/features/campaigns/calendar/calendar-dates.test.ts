import { describe, expect, it } from 'vitest';
import { makeCampaign } from '../test/fixtures';
import {
  addDays,
  addMonths,
  canReschedule,
  cellItems,
  dayKey,
  entriesByDay,
  formatTime12,
  monthWeeks,
  sameOffset,
} from './calendar-dates';

describe('calendar dates', () => {
  it('builds whole Sunday-to-Saturday weeks around the month', () => {
    const february = monthWeeks(new Date(2026, 1, 14));
    // February 2026 starts on a Sunday and has 28 days: exactly four weeks.
    expect(february).toHaveLength(4);
    expect(dayKey(february[0]![0]!)).toBe('2026-02-01');
    expect(dayKey(february[3]![6]!)).toBe('2026-02-28');
    const august = monthWeeks(new Date(2026, 7, 1));
    // August 2026 starts on a Saturday and ends on a Monday: six weeks.
    expect(august).toHaveLength(6);
    expect(dayKey(august[0]![0]!)).toBe('2026-07-26');
    expect(dayKey(august[5]![6]!)).toBe('2026-09-05');
    for (const week of august) expect(week.map((d) => d.getDay())).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('moves by calendar days and clamps month moves to the month end', () => {
    expect(dayKey(addDays(new Date(2026, 2, 7), 1))).toBe('2026-03-08');
    expect(dayKey(addDays(new Date(2026, 9, 31), 1))).toBe('2026-11-01');
    expect(dayKey(addMonths(new Date(2026, 0, 31), 1))).toBe('2026-02-28');
    expect(dayKey(addMonths(new Date(2026, 11, 15), 1))).toBe('2027-01-15');
    expect(dayKey(addMonths(new Date(2026, 0, 15), -1))).toBe('2025-12-15');
  });

  it('writes times in 12-hour form', () => {
    expect(formatTime12(new Date(2026, 10, 20, 9, 0))).toBe('9:00 AM');
    expect(formatTime12(new Date(2026, 10, 20, 0, 5))).toBe('12:05 AM');
    expect(formatTime12(new Date(2026, 10, 20, 12, 0))).toBe('12:00 PM');
    expect(formatTime12(new Date(2026, 10, 20, 21, 45))).toBe('9:45 PM');
    expect(formatTime12('2026-11-20T14:00:00Z', 'America/New_York')).toBe('9:00 AM');
    expect(formatTime12('not a date')).toBe('');
  });

  it('places campaigns on the local day of their instant, in time order, once each', () => {
    const late = makeCampaign({
      id: 'a',
      name: 'Late',
      publish_status: 'scheduled',
      scheduled_for: new Date(2026, 10, 20, 18).toISOString(),
    });
    const early = makeCampaign({
      id: 'b',
      name: 'Early',
      publish_status: 'scheduled',
      scheduled_for: new Date(2026, 10, 20, 8).toISOString(),
    });
    const sent = makeCampaign({
      id: 'c',
      name: 'Sent',
      publish_status: 'sent',
      scheduled_for: null,
      sent_at: new Date(2026, 10, 21, 8).toISOString(),
    });
    const unscheduled = makeCampaign({ id: 'd', publish_status: 'published', scheduled_for: null });
    const byDay = entriesByDay([late, early, sent, unscheduled, late]);
    expect(byDay.get('2026-11-20')?.map((e) => e.campaign.name)).toEqual(['Early', 'Late']);
    expect(byDay.get('2026-11-21')?.map((e) => [e.campaign.name, e.isSent])).toEqual([['Sent', true]]);
    expect([...byDay.keys()]).toHaveLength(2);
  });

  it('shows two items and counts the rest', () => {
    expect(cellItems([1])).toEqual({ shown: [1], more: 0 });
    expect(cellItems([1, 2])).toEqual({ shown: [1, 2], more: 0 });
    expect(cellItems([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2], more: 3 });
  });

  it('lets scheduled campaigns on today or later be moved, never past or sent ones', () => {
    const now = new Date(2026, 10, 18, 10);
    const entry = (at: Date, status: 'scheduled' | 'sent' = 'scheduled') => ({
      campaign: makeCampaign({ publish_status: status, scheduled_for: at.toISOString() }),
      at,
      isSent: status === 'sent',
    });
    expect(canReschedule(entry(new Date(2026, 10, 19, 9)), now)).toBe(true);
    expect(canReschedule(entry(new Date(2026, 10, 18, 15)), now)).toBe(true);
    expect(canReschedule(entry(new Date(2026, 10, 17, 23, 59)), now)).toBe(false);
    expect(canReschedule(entry(new Date(2026, 10, 19, 9), 'sent'), now)).toBe(false);
  });

  it('compares zones by the wall-clock time they show', () => {
    const at = new Date('2026-11-20T12:00:00Z');
    expect(sameOffset('Europe/London', 'Europe/Dublin', at)).toBe(true);
    expect(sameOffset('UTC', 'Etc/UTC', at)).toBe(true);
    expect(sameOffset('Europe/London', 'America/New_York', at)).toBe(false);
    expect(sameOffset('Nowhere/Invalid', 'UTC', at)).toBe(false);
  });
});
