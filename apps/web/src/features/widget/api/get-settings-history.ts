import type { WidgetSettingsHistoryResponse } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { widgetKeys } from './query-keys';

/** A short history: the last few changes. */
const HISTORY_SHOWN = 6;

/** GET /api/widget/settings/history: the latest changes, newest first. */
export async function getSettingsHistory({ signal }: { signal?: AbortSignal } = {}) {
  const { entries } = await api.get<WidgetSettingsHistoryResponse>(
    `/api/widget/settings/history?limit=${HISTORY_SHOWN}`,
    {
      signal,
    },
  );
  return entries;
}

export function useSettingsHistory() {
  return useQuery({ queryKey: widgetKeys.history, queryFn: ({ signal }) => getSettingsHistory({ signal }) });
}
