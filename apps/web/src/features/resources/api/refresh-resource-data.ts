import type { QueryClient } from '@tanstack/react-query';
import { resourceKeys } from './query-keys';

// The dashboard counts resource downloads; its key belongs to another feature, so it is named here.
const dashboardKey = ['dashboard'] as const;

/** After any change to resources: refetch their lists, open rows' stats and the dashboard. */
export function refreshResourceData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKey }),
  ]);
}
