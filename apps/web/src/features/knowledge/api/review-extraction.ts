import type { ExtractionReview, TextExtraction } from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshKnowledgeData } from './refresh-knowledge-data';

/** PUT /api/knowledge/extractions/{id}: approve (the reviewed text becomes chunks) or reject. */
export function reviewExtraction({
  id,
  ...review
}: ExtractionReview & { id: string }): Promise<{ extraction: TextExtraction; createdChunks: number }> {
  return api.put(`/api/knowledge/extractions/${encodeURIComponent(id)}`, review);
}

export function useReviewExtraction() {
  const queryClient = useQueryClient();
  // Approving adds chunks: documents, stats and the chunk browser all change.
  return useMutation({ mutationFn: reviewExtraction, onSuccess: () => refreshKnowledgeData(queryClient) });
}
