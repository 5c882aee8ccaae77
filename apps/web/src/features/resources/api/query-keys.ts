import type { ResourceFilter } from './get-resources';

/**
 * Query keys of the resources feature; invalidate `resourceKeys.all` after any change to a resource
 * (lists and the stats of open rows). The dashboard's download count is refreshed beside it.
 */
export const resourceKeys = {
  all: ['resources'] as const,
  list: (filter: ResourceFilter) => ['resources', 'list', filter] as const,
  stats: (id: string, days: number) => ['resources', 'stats', id, days] as const,
  /** The segments offered by the filter and the creation form (read from GET /api/segments). */
  segments: ['resources', 'segments'] as const,
};
