import type { Segment } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadKeys } from './query-keys';

/** All segments, for the leads screen's segment filter and bulk-assign picker. */
export async function getSegments({ signal }: { signal?: AbortSignal } = {}): Promise<Segment[]> {
  const { segments } = await api.get<{ segments: Segment[] }>('/api/segments', { signal });
  return segments;
}

export function useSegments() {
  return useQuery({ queryKey: leadKeys.segments, queryFn: getSegments, staleTime: 60_000 });
}

/** Segments a lead may be put in by hand: active, and not the never-contact kind (spec 5, Bulk assign). */
export const isAssignableSegment = (segment: Segment) => segment.is_active && !segment.never_contact;
