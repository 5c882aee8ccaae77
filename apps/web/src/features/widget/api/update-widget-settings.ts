import type { WidgetSettings, WidgetSettingsResponse, WidgetSettingsUpdate } from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { widgetKeys } from './query-keys';

/** PUT /api/widget/settings with the changed fields; answers the saved settings. */
export async function updateWidgetSettings(changes: WidgetSettingsUpdate): Promise<WidgetSettings> {
  const { settings } = await api.put<WidgetSettingsResponse>('/api/widget/settings', changes);
  return settings;
}

/** After any call that answers the settings: store them and refresh the history. */
export function useStoreWidgetSettings() {
  const queryClient = useQueryClient();
  return (settings: WidgetSettings) => {
    queryClient.setQueryData(widgetKeys.settings, settings);
    void queryClient.invalidateQueries({ queryKey: widgetKeys.history });
  };
}

export function useUpdateWidgetSettings() {
  const store = useStoreWidgetSettings();
  return useMutation({ mutationFn: updateWidgetSettings, onSuccess: store });
}
