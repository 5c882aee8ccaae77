import type { AnalyticsRangeQuery, ConversationStats } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { analyticsKeys, analyticsSearchParams } from './query-keys';

export function getConversationStats(range: AnalyticsRangeQuery, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<ConversationStats>(`/api/analytics/conversation-stats${analyticsSearchParams(range)}`, {
    signal,
  });
}

export function useConversationStats(range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: analyticsKeys.stats(range),
    queryFn: ({ signal }) => getConversationStats(range, { signal }),
  });
}
