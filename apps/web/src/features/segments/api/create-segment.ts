import type { Segment, SegmentCreateInput } from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshSegmentData } from './refresh-segment-data';

/** 400 with the spec's validation message, 409 when the name is taken. */
export async function createSegment(body: SegmentCreateInput): Promise<Segment> {
  const { segment } = await api.post<{ segment: Segment }>('/api/segments', body);
  return segment;
}

export function useCreateSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSegment,
    onSuccess: () => refreshSegmentData(queryClient),
  });
}
