import type { Lead, LeadUpdateInput } from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LeadDetail } from './get-lead';
import { leadKeys } from './query-keys';
import { refreshLeadData } from './refresh-lead-data';

/** PUT /api/leads/{id}: fields left out stay as they are; `children`, when sent, replace the list. */
export function updateLead(id: string, body: LeadUpdateInput): Promise<{ lead: Lead }> {
  return api.put<{ lead: Lead }>(`/api/leads/${encodeURIComponent(id)}`, body);
}

export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LeadUpdateInput }) => updateLead(id, body),
    onSuccess: ({ lead }) => {
      // Show the saved lead at once; the refetches then bring lists, counts and the dashboard up to date.
      queryClient.setQueryData<LeadDetail>(leadKeys.detail(lead.id), (detail) =>
        detail ? { ...detail, lead } : detail,
      );
      void refreshLeadData(queryClient);
    },
  });
}
