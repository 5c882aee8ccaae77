import type { removeLeadsResponseSchema } from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { SegmentLeadsInput } from './assign-leads';
import { refreshSegmentData } from './refresh-segment-data';

type RemoveLeadsResult = z.infer<typeof removeLeadsResponseSchema>;

/** Takes leads out of a segment (the leads themselves are kept). */
export function removeLeads({ segmentId, leadIds }: SegmentLeadsInput): Promise<RemoveLeadsResult> {
  return api.post<RemoveLeadsResult>(`/api/segments/${encodeURIComponent(segmentId)}/remove-leads`, {
    lead_ids: leadIds,
  });
}

export function useRemoveLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLeads,
    onSuccess: () => refreshSegmentData(queryClient),
  });
}
