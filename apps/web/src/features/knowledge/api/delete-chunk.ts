import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { knowledgeKeys } from './query-keys';

/** DELETE /api/knowledge/chunks/{id} */
export function deleteChunk(id: string): Promise<unknown> {
  return api.delete(`/api/knowledge/chunks/${encodeURIComponent(id)}`);
}

export function useDeleteChunk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChunk,
    onSuccess: (_answer, id) => {
      // Everything but the deleted chunk's own details, which would only answer 404 now; the screen
      // clears the selection instead, and the unused entry is garbage-collected.
      const deletedKey = JSON.stringify(knowledgeKeys.chunk(id));
      return queryClient.invalidateQueries({
        queryKey: knowledgeKeys.all,
        predicate: (query) => JSON.stringify(query.queryKey) !== deletedKey,
      });
    },
  });
}
