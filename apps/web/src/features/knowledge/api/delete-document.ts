import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshKnowledgeData } from './refresh-knowledge-data';

/** DELETE /api/knowledge/{id}: the document and all its chunks. */
export function deleteDocument(id: string): Promise<{ success: true; deletedChunks: number }> {
  return api.delete(`/api/knowledge/${encodeURIComponent(id)}`);
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDocument, onSuccess: () => refreshKnowledgeData(queryClient) });
}
