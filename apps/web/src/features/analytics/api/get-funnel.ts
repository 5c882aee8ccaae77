import type { AnalyticsRangeQuery, Funnel } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { analyticsKeys, analyticsSearchParams } from './query-keys';

export function getFunnel(range: AnalyticsRangeQuery, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<Funnel>(`/api/analytics/funnel${analyticsSearchParams(range)}`, { signal });
}

export function useFunnel(range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: analyticsKeys.funnel(range),
    queryFn: ({ signal }) => getFunnel(range, { signal }),
  });
}
