import type { AnalyticsRangeQuery, UnansweredQuestions } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { analyticsKeys, analyticsSearchParams } from './query-keys';

export function getUnansweredQuestions(
  range: AnalyticsRangeQuery,
  { signal }: { signal?: AbortSignal } = {},
) {
  return api.get<UnansweredQuestions>(`/api/analytics/unanswered-questions${analyticsSearchParams(range)}`, {
    signal,
  });
}

export function useUnansweredQuestions(range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: analyticsKeys.unanswered(range),
    queryFn: ({ signal }) => getUnansweredQuestions(range, { signal }),
  });
}
