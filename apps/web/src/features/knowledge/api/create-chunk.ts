import { MANUAL_CHUNK_CATEGORY, type KnowledgeChunk } from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshKnowledgeData } from './refresh-knowledge-data';

/** POST /api/knowledge/chunks: attached to the document when one is given, category 'manual' (spec 3). */
export async function createChunk({
  chunk_text,
  knowledge_base_id,
}: {
  chunk_text: string;
  knowledge_base_id: string | null;
}): Promise<KnowledgeChunk> {
  const { chunk } = await api.post<{ chunk: KnowledgeChunk }>('/api/knowledge/chunks', {
    chunk_text,
    knowledge_base_id,
    category: MANUAL_CHUNK_CATEGORY,
  });
  return chunk;
}

export function useCreateChunk() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createChunk, onSuccess: () => refreshKnowledgeData(queryClient) });
}
