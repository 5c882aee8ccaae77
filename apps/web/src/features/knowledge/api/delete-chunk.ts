import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { knowledgeKeys } from './query-keys';
import { refreshKnowledgeData } from './refresh-knowledge-data';

/** DELETE /api/knowledge/chunks/{id} */
export function deleteChunk(id: string): Promise<unknown> {
  return api.delete(`/api/knowledge/chunks/${encodeURIComponent(id)}`);
}

export function useDeleteChunk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChunk,
    onSuccess: (_answer, id) => {
      // The deleted chunk's own details are dropped, not refetched (that would only answer 404).
      queryClient.removeQueries({ queryKey: knowledgeKeys.chunk(id) });
      return refreshKnowledgeData(queryClient);
    },
  });
}
