import type { KnowledgeStats } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { knowledgeKeys } from './query-keys';

/** GET /api/knowledge/stats: chunk counts, average size and the search mode in use. */
export function getKnowledgeStats({ signal }: { signal?: AbortSignal } = {}): Promise<KnowledgeStats> {
  return api.get<KnowledgeStats>('/api/knowledge/stats', { signal });
}

export function useKnowledgeStats() {
  return useQuery({ queryKey: knowledgeKeys.stats, queryFn: ({ signal }) => getKnowledgeStats({ signal }) });
}
