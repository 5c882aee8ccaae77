import { RESOURCE_STATS_DEFAULT_DAYS, type ResourceStats } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { resourceKeys } from './query-keys';

/** GET /api/resources/{id}/stats?days=: downloads in the window and all time. */
export function getResourceStats(
  id: string,
  days: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ResourceStats> {
  return api.get<ResourceStats>(`/api/resources/${encodeURIComponent(id)}/stats?days=${days}`, { signal });
}

/** A row's download statistics, asked for when the row is expanded (the caller mounts it then). */
export function useResourceStats(id: string, days: number = RESOURCE_STATS_DEFAULT_DAYS) {
  return useQuery({
    queryKey: resourceKeys.stats(id, days),
    queryFn: ({ signal }) => getResourceStats(id, days, { signal }),
    staleTime: 30_000,
  });
}
