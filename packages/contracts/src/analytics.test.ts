import { describe, expect, it } from 'vitest';
import {
  conversationListQuerySchema,
  conversationSummaryText,
  displayHour,
  dropOffFromFurthest,
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

  it('refuses a day the calendar does not have, and takes a bare dateTo as its whole day', () => {
    const ok = (q: Record<string, string>) => conversationListQuerySchema.safeParse(q).success;
    expect(ok({ dateTo: '2026-02-30' })).toBe(false);
    expect(ok({ dateTo: '2028-02-29' })).toBe(true);
    expect(ok({ dateFrom: '2026-11-02T15:00:00Z', dateTo: '2026-11-02' })).toBe(true);
    // Dates with a period narrow it (the list's own range inside the screen's period).
    expect(ok({ period: 'today', dateFrom: '2026-11-02' })).toBe(true);
  });

  it('counts a conversation in every drop-off stage up to its furthest', () => {
    const answer = dropOffFromFurthest({ started: 2, gave_email: 1, became_lead: 1 });
    expect(answer.stages.map((s) => [s.stage, s.total, s.dropped, s.continued, s.drop_off_rate])).toEqual([
      ['started', 4, 2, 2, 50],
      ['answered_a_question', 2, 0, 2, 0],
      ['gave_name', 2, 0, 2, 0],
      ['gave_email', 2, 1, 1, 50],
      ['gave_child_info', 1, 0, 1, 0],
      ['became_lead', 1, 0, 1, 0],
    ]);
    expect(answer.summary).toEqual({
      overall_completion_rate: 25,
      completed_leads: 1,
      total_conversations: 4,
    });
    expect(dropOffFromFurthest({}).summary.overall_completion_rate).toBe(0);
  });

  it('sums a conversation up in a sentence', () => {
    const row = {
      id: 'c',
      status: 'abandoned' as const,
      visitor_uuid: 'v',
      visitor_email: null,
      lead_email: null,
      parent_name: null,
      lead_id: null,
      started_at: '2026-11-01T10:00:00Z',
      duration: 75,
      message_count: 1,
      user_message_count: 1,
      bot_message_count: 0,
      has_name: false,
      has_email: false,
      has_child_info: false,
    };
    expect(conversationSummaryText(row)).toBe(
      'Abandoned conversation: 1 message (1 from the visitor), 1h 15m. Gave no details.',
    );
  });
});
