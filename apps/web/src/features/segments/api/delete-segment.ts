import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshSegmentData } from './refresh-segment-data';

export function deleteSegment(id: string): Promise<{ success: true }> {
  return api.delete<{ success: true }>(`/api/segments/${encodeURIComponent(id)}`);
}

export function useDeleteSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSegment,
    onSuccess: () => refreshSegmentData(queryClient),
  });
}
