import type { Segment } from '@lantern/contracts';
import { useQuery, type Query } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { segmentKeys } from './query-keys';

type SegmentList = { segments: Segment[] };

/** Every segment, system ones included (the dashboard hides those; the lead viewer needs them). */
export async function getSegments({ signal }: { signal?: AbortSignal } = {}): Promise<Segment[]> {
  const { segments } = await api.get<SegmentList>('/api/segments', { signal });
  return segments;
}

export type SegmentsRefetchInterval = (query: Query<Segment[]>) => number | false;

export function useSegments({ refetchInterval }: { refetchInterval?: SegmentsRefetchInterval } = {}) {
  return useQuery({ queryKey: segmentKeys.list, queryFn: getSegments, refetchInterval });
}
