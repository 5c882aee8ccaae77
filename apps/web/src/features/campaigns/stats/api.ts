import type { CampaignResultStats, TrackingSettings } from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { campaignPath } from '../api/query-keys';

export const statsKeys = {
  stats: (id: string) => ['campaigns', 'stats', id] as const,
  tracking: ['campaigns', 'tracking-settings'] as const,
};

/** Stats change as families open and click: kept one minute, then asked again when next shown. */
const STATS_STALE_MS = 60_000;

export async function getCampaignStats(id: string, signal?: AbortSignal): Promise<CampaignResultStats> {
  const { stats } = await api.get<{ stats: CampaignResultStats }>(campaignPath(id, '/stats'), { signal });
  return stats;
}

/** GET /api/campaigns/{id}/stats: sent, opens, clicks, bounced, unsubscribed and the rates (fractions). */
export function useCampaignStats(id: string, enabled = true) {
  return useQuery({
    queryKey: statsKeys.stats(id),
    queryFn: ({ signal }) => getCampaignStats(id, signal),
    enabled: enabled && !!id,
    staleTime: STATS_STALE_MS,
  });
}

export const TRACKING_SETTINGS_PATH = '/api/campaigns/tracking-settings';

/** The school's tracking setting: whether messages carry the open pixel. */
export function useTrackingSettings() {
  return useQuery({
    queryKey: statsKeys.tracking,
    queryFn: async ({ signal }) => {
      const { settings } = await api.get<{ settings: TrackingSettings }>(TRACKING_SETTINGS_PATH, { signal });
      return settings;
    },
  });
}

export function useUpdateTrackingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (next: TrackingSettings) => {
      const { settings } = await api.put<{ settings: TrackingSettings }>(TRACKING_SETTINGS_PATH, next);
      return settings;
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(statsKeys.tracking, settings);
      // Stats carry the setting (open_tracking): ask again.
      return queryClient.invalidateQueries({ queryKey: ['campaigns', 'stats'] });
    },
  });
}
