import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshLeadData } from './refresh-lead-data';

type AssignLeadsInput = { segmentId: string; leadIds: string[] };
type AssignLeadsResult = { success: true; assigned: number; message: string };

/** Puts leads in a segment by hand (they show as 'Manual' there). */
export function assignLeadsToSegment({ segmentId, leadIds }: AssignLeadsInput): Promise<AssignLeadsResult> {
  return api.post<AssignLeadsResult>(`/api/segments/${encodeURIComponent(segmentId)}/assign-leads`, {
    lead_ids: leadIds,
  });
}

export function useAssignLeadsToSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignLeadsToSegment,
    onSuccess: () => refreshLeadData(queryClient),
  });
}
