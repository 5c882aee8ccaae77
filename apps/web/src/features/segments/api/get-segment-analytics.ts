import type { SegmentAnalytics, SegmentAnalyticsRange } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { segmentKeys } from './query-keys';

/** GET /api/segments/{id}/analytics: growth, conversion by status and engagement over the range. */
export function getSegmentAnalytics(
  segmentId: string,
  range: SegmentAnalyticsRange,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SegmentAnalytics> {
  const params = new URLSearchParams({ time_range: range });
  return api.get<SegmentAnalytics>(
    `/api/segments/${encodeURIComponent(segmentId)}/analytics?${params.toString()}`,
    { signal },
  );
}

export function useSegmentAnalytics(segmentId: string, range: SegmentAnalyticsRange) {
  return useQuery({
    queryKey: segmentKeys.analytics(segmentId, range),
    queryFn: ({ signal }) => getSegmentAnalytics(segmentId, range, { signal }),
  });
}
