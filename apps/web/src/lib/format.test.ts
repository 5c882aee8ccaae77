import { describe, expect, it } from 'vitest';
import { countOf, formatCount, formatDate, formatDateTime, formatTime } from './format';

const dayOf = (date: Date) =>
  new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' }).format(date);

describe('formatDate', () => {
  it('shows a calendar date as that day, whatever the time zone', () => {
    expect(formatDate('2026-12-01')).toBe(dayOf(new Date(2026, 11, 1)));
  });

  it('shows a timestamp as its local day', () => {
    const stamp = new Date(2026, 10, 22, 23, 30);
    expect(formatDate(stamp.toISOString())).toBe(dayOf(stamp));
  });

  it('shows a value it cannot read as it came', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatTime('soon')).toBe('soon');
  });
});

describe('formatCount and countOf', () => {
  it('groups digits by the locale and picks the noun by the count', () => {
    expect(formatCount(12500)).toBe(new Intl.NumberFormat().format(12500));
    expect(countOf(1, 'file', 'files')).toBe('1 file');
    expect(countOf(0, 'file', 'files')).toBe('0 files');
  });
});
