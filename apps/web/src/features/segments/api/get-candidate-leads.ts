import type { Lead, LeadsPage } from '@lantern/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { segmentKeys } from './query-keys';

/** How many candidates the Add Leads dialog lists at once; a search narrows them down. */
export const CANDIDATE_LEADS_LIMIT = 50;

/** Leads not yet in the segment, best match first (read from GET /api/leads). */
export async function getCandidateLeads(
  segmentId: string,
  search: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Lead[]> {
  const params = new URLSearchParams({ limit: String(CANDIDATE_LEADS_LIMIT), not_in_segment: segmentId });
  if (search) params.set('search', search);
  const { leads } = await api.get<LeadsPage>(`/api/leads?${params.toString()}`, { signal });
  return leads;
}

export function useCandidateLeads(segmentId: string, search: string) {
  return useQuery({
    queryKey: segmentKeys.candidates(segmentId, search),
    queryFn: ({ signal }) => getCandidateLeads(segmentId, search, { signal }),
    placeholderData: keepPreviousData,
  });
}
