import type {
  ClearAnalyticsPreview,
  ClearAnalyticsRequest,
  ClearAnalyticsResponse,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { widgetKeys } from './query-keys';

/** GET /admin/clear-analytics/preview: what clearing would remove, counted now (nothing is deleted). */
export function getClearAnalyticsPreview({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<ClearAnalyticsPreview>('/admin/clear-analytics/preview', { signal });
}

/** The dry run, fetched only while the confirm step is shown, and fresh each time it opens. */
export function useClearAnalyticsPreview(isEnabled: boolean) {
  return useQuery({
    queryKey: widgetKeys.clearAnalyticsPreview,
    queryFn: ({ signal }) => getClearAnalyticsPreview({ signal }),
    enabled: isEnabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /admin/clear-analytics with the password (and the 2FA code when two-factor is on). */
export function clearAnalytics(request: ClearAnalyticsRequest) {
  return api.post<ClearAnalyticsResponse>('/admin/clear-analytics', request);
}

export function useClearAnalytics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearAnalytics,
    // Every count on other screens (dashboard, analytics, leads) is out of date now, and the
    // settings history gains the clearing (the settings themselves are untouched).
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== 'widget' || q.queryKey[1] === widgetKeys.history[1],
      }),
  });
}
