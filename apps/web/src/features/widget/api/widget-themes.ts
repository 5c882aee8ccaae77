import type { WidgetSettings, WidgetSettingsResponse, WidgetThemesResponse } from '@lantern/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { widgetKeys } from './query-keys';
import { useStoreWidgetSettings } from './update-widget-settings';

/** GET /api/widget/themes */
export async function getWidgetThemes({ signal }: { signal?: AbortSignal } = {}) {
  const { themes } = await api.get<WidgetThemesResponse>('/api/widget/themes', { signal });
  return themes;
}

export function useWidgetThemes() {
  return useQuery({
    queryKey: widgetKeys.themes,
    queryFn: ({ signal }) => getWidgetThemes({ signal }),
    staleTime: Infinity,
  });
}

/** POST /api/widget/themes/{id}/apply: only the colours change; answers the saved settings. */
export async function applyWidgetTheme(id: string): Promise<WidgetSettings> {
  const { settings } = await api.post<WidgetSettingsResponse>(
    `/api/widget/themes/${encodeURIComponent(id)}/apply`,
  );
  return settings;
}

export function useApplyWidgetTheme() {
  const store = useStoreWidgetSettings();
  return useMutation({ mutationFn: applyWidgetTheme, onSuccess: store });
}

/** POST /api/widget/reset-defaults: answers the settings as they now are. */
export async function resetWidgetSettings(): Promise<WidgetSettings> {
  const { settings } = await api.post<WidgetSettingsResponse>('/api/widget/reset-defaults');
  return settings;
}

export function useResetWidgetSettings() {
  const store = useStoreWidgetSettings();
  return useMutation({ mutationFn: resetWidgetSettings, onSuccess: store });
}
