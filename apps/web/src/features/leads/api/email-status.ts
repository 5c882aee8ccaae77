import type { LeadEmailStatus, ResubscribeInput } from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshLeadData } from './refresh-lead-data';

// Inside ['leads']: any change to leads refetches it too.
const emailStatusKey = (id: string) => ['leads', 'email-status', id] as const;

export function getLeadEmailStatus(id: string, signal?: AbortSignal): Promise<LeadEmailStatus> {
  return api.get<LeadEmailStatus>(`/api/leads/${encodeURIComponent(id)}/email-status`, { signal });
}

/** The lead's email status, when and why it last changed, and who reported it. */
export function useLeadEmailStatus(id: string) {
  return useQuery({ queryKey: emailStatusKey(id), queryFn: ({ signal }) => getLeadEmailStatus(id, signal) });
}

export function resubscribeLead({
  id,
  ...body
}: ResubscribeInput & { id: string }): Promise<LeadEmailStatus> {
  return api.post<LeadEmailStatus>(`/api/leads/${encodeURIComponent(id)}/resubscribe`, body);
}

export function useResubscribeLead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resubscribeLead, onSuccess: () => refreshLeadData(queryClient) });
}
