import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignLeads } from '../../api/assign-leads';
import { refreshSegmentData } from '../../api/refresh-segment-data';
import { removeLeads } from '../../api/remove-leads';

type MoveLeadsInput = { fromSegmentId: string; toSegmentId: string; leadIds: string[] };

/**
 * Spec 4.1: a move is a removal from this segment and an assignment to the target. The target is
 * assigned first: if the removal then fails the leads are in both segments (nothing is lost),
 * where the spec's order could leave them in neither.
 */
async function moveLeads({ fromSegmentId, toSegmentId, leadIds }: MoveLeadsInput) {
  const assigned = await assignLeads({ segmentId: toSegmentId, leadIds });
  await removeLeads({ segmentId: fromSegmentId, leadIds });
  return assigned;
}

export function useMoveLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveLeads,
    // Also after a failure: the assignment may have gone through before the removal failed.
    onSettled: () => refreshSegmentData(queryClient),
  });
}
