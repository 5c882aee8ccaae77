import type { Segment } from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshSegmentData } from './refresh-segment-data';

export type CloneSegmentInput = { id: string; name: string };

/** A copy of the segment's settings and rules under a new name (409 when the name is taken). */
export async function cloneSegment({ id, name }: CloneSegmentInput): Promise<Segment> {
  const { segment } = await api.post<{ segment: Segment }>(`/api/segments/${encodeURIComponent(id)}/clone`, {
    name,
  });
  return segment;
}

export function useCloneSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cloneSegment,
    onSuccess: () => refreshSegmentData(queryClient),
  });
}
