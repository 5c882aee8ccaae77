import type { KnowledgeChunk } from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshKnowledgeData } from './refresh-knowledge-data';

/** PUT /api/knowledge/chunks/{id}: new text (its token count and search terms follow). */
export async function updateChunk({
  id,
  chunk_text,
}: {
  id: string;
  chunk_text: string;
}): Promise<KnowledgeChunk> {
  const { chunk } = await api.put<{ chunk: KnowledgeChunk }>(
    `/api/knowledge/chunks/${encodeURIComponent(id)}`,
    {
      chunk_text,
    },
  );
  return chunk;
}

export function useUpdateChunk() {
  const queryClient = useQueryClient();
  // Spec 4: after an update the list and the selected chunk are reloaded.
  return useMutation({ mutationFn: updateChunk, onSuccess: () => refreshKnowledgeData(queryClient) });
}
