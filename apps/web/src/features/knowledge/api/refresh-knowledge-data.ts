import type { QueryClient } from '@tanstack/react-query';
import { knowledgeKeys } from './query-keys';

/** After a change to documents, extractions or chunks: every list and count of the screen is refetched. */
export function refreshKnowledgeData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
}
