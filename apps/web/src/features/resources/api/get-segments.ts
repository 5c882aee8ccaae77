import { isHiddenSegment, type Segment } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { resourceKeys } from './query-keys';

/**
 * The segments a resource can be filtered by or assigned to: system segments are left out, and
 * never-contact segments above all (no lead magnet goes to families who asked not to be contacted).
 */
export const isOfferedSegment = (segment: Segment) => !segment.never_contact && !isHiddenSegment(segment);

export async function getOfferedSegments({ signal }: { signal?: AbortSignal } = {}): Promise<Segment[]> {
  const { segments } = await api.get<{ segments: Segment[] }>('/api/segments', { signal });
  return segments.filter(isOfferedSegment);
}

export function useOfferedSegments() {
  return useQuery({ queryKey: resourceKeys.segments, queryFn: getOfferedSegments, staleTime: 60_000 });
}
