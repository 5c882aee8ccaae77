import type { Segment, SegmentUpdateInput } from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshSegmentData } from './refresh-segment-data';

export type UpdateSegmentInput = { id: string; body: SegmentUpdateInput };

/** PUT /api/segments/{id}: fields left out stay as they are (pause/activate sends only is_active). */
export async function updateSegment({ id, body }: UpdateSegmentInput): Promise<Segment> {
  const { segment } = await api.put<{ segment: Segment }>(`/api/segments/${encodeURIComponent(id)}`, body);
  return segment;
}

export function useUpdateSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSegment,
    onSuccess: () => refreshSegmentData(queryClient),
  });
}
