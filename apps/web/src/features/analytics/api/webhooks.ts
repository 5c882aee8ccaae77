import type { WebhookStats, WebhookTestResult } from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { analyticsKeys } from './query-keys';

export function useWebhookStats() {
  return useQuery({
    queryKey: analyticsKeys.webhookStats(),
    queryFn: ({ signal }) => api.get<WebhookStats>('/api/webhooks/stats', { signal }),
  });
}

/** Sends a signed test event through the real receiver; the stats are read again after. */
export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WebhookTestResult>('/api/webhooks/test'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.webhookStats() }),
  });
}
