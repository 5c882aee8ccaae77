import { describe, expect, it } from 'vitest';
import { daysUntil, timelineUrgency } from './timeline';

const today = new Date('2026-11-21T08:00:00Z');

describe('timelineUrgency', () => {
  it.each([
    ['2026-11-21', 'immediate'],
    ['2026-12-20', 'immediate'],
    ['2026-12-21', 'orange'],
    ['2027-02-18', 'orange'],
    ['2027-02-19', 'yellow'],
    ['2027-05-20', 'blue'],
    ['2027-11-21', 'indigo'],
    ['2025-01-01', 'immediate'],
  ])('colours a date of %s as %s', (date, urgency) => {
    expect(timelineUrgency('Just exploring', date, today)).toBe(urgency);
  });

  it.each([
    ['Immediately', 'immediate'],
    ['ASAP please', 'immediate'],
    ['Next semester', 'orange'],
    ['In a Few Months', 'orange'],
    ['In Six Months', 'yellow'],
    ['Next school year', 'blue'],
    ['Next Year', 'blue'],
    ['Just Exploring', 'indigo'],
    ['', 'unknown'],
    [null, 'unknown'],
    ['known-unknowns', 'unknown'],
  ])('colours the words %j as %s', (timeline, urgency) => {
    expect(timelineUrgency(timeline, null, today)).toBe(urgency);
  });
});

describe('daysUntil', () => {
  it('counts whole calendar days', () => {
    expect(daysUntil('2026-11-22', today)).toBe(1);
    expect(daysUntil('2026-11-20', today)).toBe(-1);
  });
});
