import type { Resource } from '@lantern/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { resourceKeys } from './query-keys';

/** The list's filters: a category and a segment id, or 'all'. */
export type ResourceFilter = { category: string; segment: string };

export const NO_RESOURCE_FILTER: ResourceFilter = { category: 'all', segment: 'all' };

export const hasResourceFilter = (filter: ResourceFilter) =>
  filter.category !== 'all' || filter.segment !== 'all';

/** GET /api/resources; filters set to 'all' are left out of the query string. */
export async function getResources(
  filter: ResourceFilter,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Resource[]> {
  const params = new URLSearchParams();
  if (filter.category !== 'all') params.set('category', filter.category);
  if (filter.segment !== 'all') params.set('segment', filter.segment);
  const query = params.size > 0 ? `?${params.toString()}` : '';
  const { resources } = await api.get<{ resources: Resource[] }>(`/api/resources${query}`, { signal });
  return resources;
}

/** The resources matching the filters; the previous list stays on screen while another loads. */
export function useResources(filter: ResourceFilter) {
  return useQuery({
    queryKey: resourceKeys.list(filter),
    queryFn: ({ signal }) => getResources(filter, { signal }),
    placeholderData: keepPreviousData,
  });
}
