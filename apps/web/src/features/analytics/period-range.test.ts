import { describe, expect, it } from 'vitest';
import { periodFirstDay } from './period-range';

const today = new Date(2026, 10, 24, 15, 30); // 24 Nov 2026, the browser's afternoon

describe('periodFirstDay', () => {
  it('starts each period on its first day, today included', () => {
    expect(periodFirstDay('today', today)).toBe('2026-11-24');
    expect(periodFirstDay('7d', today)).toBe('2026-11-18');
    expect(periodFirstDay('30d', today)).toBe('2026-10-26');
    expect(periodFirstDay('90d', today)).toBe('2026-08-27');
  });

  it('has no first day for All Time', () => {
    expect(periodFirstDay('all', today)).toBeUndefined();
  });
});
