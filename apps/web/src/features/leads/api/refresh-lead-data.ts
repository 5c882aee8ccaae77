import type { QueryClient } from '@tanstack/react-query';
import { leadKeys } from './query-keys';

// The dashboard's statistics and recent leads are built from leads; its key is ['dashboard'].
const dashboardKey = ['dashboard'] as const;

/** After any change to leads: refetch every leads list and detail (segments included) and the dashboard. */
export function refreshLeadData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: leadKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKey }),
  ]);
}
