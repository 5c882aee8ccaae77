import type { ConversationList, ConversationSearchQuery } from '@lantern/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { analyticsKeys, analyticsSearchParams } from './query-keys';

/**
 * One page of conversations. With a message search it asks /conversations/search (what was said),
 * else the plain list; both answer the same shape.
 */
export function getConversations(query: ConversationSearchQuery, { signal }: { signal?: AbortSignal } = {}) {
  const path = query.messageSearch ? '/api/analytics/conversations/search' : '/api/analytics/conversations';
  return api.get<ConversationList>(`${path}${analyticsSearchParams(query)}`, { signal });
}

/** The previous page stays on screen while the next one loads. */
export function useConversations(query: ConversationSearchQuery) {
  return useQuery({
    queryKey: analyticsKeys.conversations(query),
    queryFn: ({ signal }) => getConversations(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
