import type { assignLeadsResponseSchema } from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { refreshSegmentData } from './refresh-segment-data';

export type SegmentLeadsInput = { segmentId: string; leadIds: string[] };
type AssignLeadsResult = z.infer<typeof assignLeadsResponseSchema>;

/** Puts leads in a segment by hand (they show there as 'Manual'). */
export function assignLeads({ segmentId, leadIds }: SegmentLeadsInput): Promise<AssignLeadsResult> {
  return api.post<AssignLeadsResult>(`/api/segments/${encodeURIComponent(segmentId)}/assign-leads`, {
    lead_ids: leadIds,
  });
}

export function useAssignLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignLeads,
    onSuccess: () => refreshSegmentData(queryClient),
  });
}
