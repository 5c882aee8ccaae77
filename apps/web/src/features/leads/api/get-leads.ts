import type { LeadsPage, LeadsQuery } from '@lantern/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadKeys } from './query-keys';

/** The query string of a leads call: empty values and filters set to 'all' are not sent (spec). */
export function leadsSearchParams(query: LeadsQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || value === 'all') continue;
    params.set(name, String(value));
  }
  return params;
}

export function getLeads(query: LeadsQuery, { signal }: { signal?: AbortSignal } = {}): Promise<LeadsPage> {
  return api.get<LeadsPage>(`/api/leads?${leadsSearchParams(query).toString()}`, { signal });
}

/** One page of leads; the previous page stays on screen while the next one loads. */
export function useLeads(query: LeadsQuery) {
  return useQuery({
    queryKey: leadKeys.list(query),
    queryFn: ({ signal }) => getLeads(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
