import type { WidgetSettings, WidgetSettingsResponse } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { widgetKeys } from './query-keys';

/** GET /api/widget/settings */
export async function getWidgetSettings({ signal }: { signal?: AbortSignal } = {}): Promise<WidgetSettings> {
  const { settings } = await api.get<WidgetSettingsResponse>('/api/widget/settings', { signal });
  return settings;
}

export function useWidgetSettings() {
  return useQuery({
    queryKey: widgetKeys.settings,
    queryFn: ({ signal }) => getWidgetSettings({ signal }),
    // The page holds a draft of these: a background refetch must not move the form under the admin.
    // Dropped when the page closes, so coming back reads them fresh.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
