import type { AnalyticsRangeQuery, DropOff } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { analyticsKeys, analyticsSearchParams } from './query-keys';

export function getDropOff(range: AnalyticsRangeQuery, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<DropOff>(`/api/analytics/drop-off${analyticsSearchParams(range)}`, { signal });
}

export function useDropOff(range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: analyticsKeys.dropOff(range),
    queryFn: ({ signal }) => getDropOff(range, { signal }),
  });
}
