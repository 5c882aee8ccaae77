import type { AnalyticsRangeQuery, ConversationSearchQuery } from '@lantern/contracts';

export const analyticsKeys = {
  all: ['analytics'] as const,
  stats: (range: AnalyticsRangeQuery) => [...analyticsKeys.all, 'conversation-stats', range] as const,
  conversations: (query: ConversationSearchQuery) => [...analyticsKeys.all, 'conversations', query] as const,
  funnel: (range: AnalyticsRangeQuery) => [...analyticsKeys.all, 'funnel', range] as const,
  dropOff: (range: AnalyticsRangeQuery) => [...analyticsKeys.all, 'drop-off', range] as const,
  unanswered: (range: AnalyticsRangeQuery) => [...analyticsKeys.all, 'unanswered-questions', range] as const,
  emailHealth: () => [...analyticsKeys.all, 'email-health'] as const,
  webhookStats: () => [...analyticsKeys.all, 'webhook-stats'] as const,
  detail: (id: string) => [...analyticsKeys.all, 'conversation', id] as const,
  visitorJourney: (visitorUuid: string) => [...analyticsKeys.all, 'visitor-journey', visitorUuid] as const,
};

/** A query string of the fields that are set: empty values and the 'all' status are not sent. */
export function analyticsSearchParams(query: object): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || value === 'all') continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
