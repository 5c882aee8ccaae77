import type { ConversationDetail } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { analyticsKeys } from './query-keys';

export function getConversationDetail(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<ConversationDetail>(`/api/analytics/conversations/${encodeURIComponent(id)}/detail`, {
    signal,
  });
}

/** A missing conversation is an answer, not a failure worth asking again. */
export function useConversationDetail(id: string) {
  return useQuery({
    queryKey: analyticsKeys.detail(id),
    queryFn: ({ signal }) => getConversationDetail(id, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}
