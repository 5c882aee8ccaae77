import { describe, expect, it } from 'vitest';
import {
  campaignHistoryFilename,
  campaignHistoryQuerySchema,
  formatRatePercent,
  rateOf,
} from './campaign-results';

describe('campaign results', () => {
  it('writes rates as percentages with one decimal place', () => {
    expect(formatRatePercent(1 / 3)).toBe('33.3%');
    expect(formatRatePercent(2 / 3)).toBe('66.7%');
    expect(formatRatePercent(0)).toBe('0.0%');
    expect(formatRatePercent(1)).toBe('100.0%');
    expect(formatRatePercent(0.0005)).toBe('0.1%');
    expect(formatRatePercent(Number.NaN)).toBe('0.0%');
  });

  it('answers rates as fractions of sent, 0 when nothing was sent', () => {
    expect(rateOf(1, 3)).toBe(1 / 3);
    expect(rateOf(5, 0)).toBe(0);
  });

  it('names the export with the ISO date', () => {
    expect(campaignHistoryFilename(new Date('2026-11-24T23:30:00Z'))).toBe('campaign-history-2026-11-24.csv');
  });

  it('accepts real days only, in order', () => {
    expect(campaignHistoryQuerySchema.parse({ start_date: '2026-02-28', end_date: '' })).toMatchObject({
      start_date: '2026-02-28',
      end_date: undefined,
      limit: 50,
      offset: 0,
    });
    expect(campaignHistoryQuerySchema.safeParse({ start_date: '2026-02-29' }).success).toBe(false);
    expect(campaignHistoryQuerySchema.safeParse({ start_date: '2028-02-29' }).success).toBe(true);
    expect(
      campaignHistoryQuerySchema.safeParse({ start_date: '2026-03-02', end_date: '2026-03-01' }).success,
    ).toBe(false);
  });
});
