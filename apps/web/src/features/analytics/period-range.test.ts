import { analyticsRangeQuerySchema } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { listRange, periodRange } from './period-range';

const today = new Date(2026, 10, 24, 15, 30); // 24 Nov 2026, the browser's afternoon

describe('periodRange', () => {
  it('starts each period on its first day, today included', () => {
    expect(periodRange('today', today)).toEqual({ dateFrom: '2026-11-24' });
    expect(periodRange('7d', today)).toEqual({ dateFrom: '2026-11-18' });
    expect(periodRange('30d', today)).toEqual({ dateFrom: '2026-10-26' });
    expect(periodRange('90d', today)).toEqual({ dateFrom: '2026-08-27' });
  });

  it('sends no dates for All Time', () => {
    expect(periodRange('all', today)).toEqual({});
  });

  it('answers what the API accepts', () => {
    for (const period of ['today', '7d', '30d', '90d', 'all'] as const) {
      expect(analyticsRangeQuerySchema.safeParse(periodRange(period, today)).success).toBe(true);
    }
  });
});

describe('listRange', () => {
  it('keeps a picked range inside the period', () => {
    expect(listRange({ dateFrom: '2026-11-18' }, { from: '2026-11-01', to: '' })).toEqual({
      dateFrom: '2026-11-18',
    });
    expect(listRange({ dateFrom: '2026-11-18' }, { from: '2026-11-20', to: '2026-11-22' })).toEqual({
      dateFrom: '2026-11-20',
      dateTo: '2026-11-22',
    });
  });

  it('drops an end before the start rather than ask for nothing', () => {
    expect(listRange({ dateFrom: '2026-11-18' }, { from: '', to: '2026-11-10' })).toEqual({
      dateFrom: '2026-11-18',
    });
    expect(listRange({}, { from: '', to: '2026-11-10' })).toEqual({ dateTo: '2026-11-10' });
  });
});
