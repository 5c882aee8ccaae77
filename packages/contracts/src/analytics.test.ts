import { describe, expect, it } from 'vitest';
import {
  conversationListQuerySchema,
  displayHour,
  emailHealthGrade,
  emailHealthWarns,
  engagementScore,
  formatConversationDuration,
  ratePercent,
  trendTone,
} from './analytics';

describe('analytics rules', () => {
  it('rates are percentages with one decimal, 0 over nothing', () => {
    expect(ratePercent(1, 3)).toBe(33.3);
    expect(ratePercent(2, 0)).toBe(0);
  });

  it('colours trends at 20% and 10%, grades email health at 2, 5 and 10%', () => {
    expect([trendTone(20), trendTone(19.9), trendTone(10), trendTone(9.9)]).toEqual([
      'green',
      'yellow',
      'yellow',
      'red',
    ]);
    expect([1.9, 2, 4.9, 5, 9.9, 10].map(emailHealthGrade)).toEqual([
      'Excellent',
      'Good',
      'Good',
      'Fair',
      'Fair',
      'Poor',
    ]);
    expect([emailHealthWarns(5), emailHealthWarns(5.1)]).toEqual([false, true]);
  });

  it('scores engagement per minute (at least one) and shows durations as the spec says', () => {
    expect(engagementScore(12, 4)).toBe(30);
    expect(engagementScore(5, 0.2)).toBe(50);
    expect(engagementScore(5, null)).toBe(50);
    expect(formatConversationDuration(null)).toBe('Ongoing');
    expect(formatConversationDuration(0.4)).toBe('< 1min');
    expect(formatConversationDuration(12)).toBe('12 min');
    expect(formatConversationDuration(135)).toBe('2h 15m');
    expect([0, 9, 12, 15].map(displayHour)).toEqual(['12 AM', '9 AM', '12 PM', '3 PM']);
  });

  it('refuses bad dates, a reversed range, page 0, limit 1000 and unknown statuses', () => {
    const bad = (q: Record<string, string>) => conversationListQuerySchema.safeParse(q).success;
    expect(bad({ dateFrom: '2026-13-40' })).toBe(false);
    expect(bad({ dateFrom: '2026-11-24', dateTo: '2026-11-01' })).toBe(false);
    expect(bad({ page: '0' })).toBe(false);
    expect(bad({ limit: '1000' })).toBe(false);
    expect(bad({ status: 'lost' })).toBe(false);
    expect(conversationListQuerySchema.parse({ dateFrom: '2026-11-01', status: 'converted' })).toMatchObject({
      page: 1,
      limit: 20,
      status: 'converted',
    });
  });
});
