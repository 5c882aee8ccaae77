import type { QueryClient } from '@tanstack/react-query';
import { segmentKeys } from './query-keys';

// Lead lists show each lead's segments; the dashboard shows the top segments. Their keys are
// owned by other features, so they are named here, not imported.
const leadsKey = ['leads'] as const;
const dashboardKey = ['dashboard'] as const;

/** After any change to segments or their leads: refetch segments, lead lists and the dashboard. */
export function refreshSegmentData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
    queryClient.invalidateQueries({ queryKey: leadsKey }),
    queryClient.invalidateQueries({ queryKey: dashboardKey }),
  ]);
}
