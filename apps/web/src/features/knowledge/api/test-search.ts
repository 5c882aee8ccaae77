import type { KnowledgeSearchRequest, KnowledgeSearchResponse } from '@lantern/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/knowledge/test-search: the same search the chatbot uses. */
export function testSearch(body: KnowledgeSearchRequest): Promise<KnowledgeSearchResponse> {
  return api.post<KnowledgeSearchResponse>('/api/knowledge/test-search', body);
}

export function useTestSearch() {
  return useMutation({ mutationFn: testSearch });
}
