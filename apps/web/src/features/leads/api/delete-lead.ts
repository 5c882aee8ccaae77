import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshLeadData } from './refresh-lead-data';

export function deleteLead(id: string): Promise<{ success: true; message: string }> {
  return api.delete<{ success: true; message: string }>(`/api/leads/${encodeURIComponent(id)}`);
}

export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLead,
    onSuccess: () => refreshLeadData(queryClient),
  });
}
