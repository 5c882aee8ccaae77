import type { Conversation, Lead } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { leadKeys } from './query-keys';

export type LeadDetail = { lead: Lead; conversations: Conversation[] };

export function getLead(id: string, signal?: AbortSignal): Promise<LeadDetail> {
  return api.get<LeadDetail>(`/api/leads/${encodeURIComponent(id)}`, { signal });
}

// The failure last reported, so a view that mounts over a cached error does not toast it again.
let reportedFailureAt = 0;

/** One lead with its chat sessions; pass null while no lead is open (nothing is fetched). */
export function useLead(id: string | null) {
  const query = useQuery({
    queryKey: leadKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getLead(id ?? '', signal),
    enabled: id !== null,
  });

  // Spec (errors): a failed lead-details call is reported with this toast, whichever view asked.
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (!isError || errorUpdatedAt === reportedFailureAt) return;
    reportedFailureAt = errorUpdatedAt;
    notify.error('Failed to load conversations');
  }, [isError, errorUpdatedAt]);

  return query;
}
