import type { KnowledgeDocument } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { knowledgeKeys } from './query-keys';

// How often the list is read again while a document is still being processed.
const PROCESSING_POLL_MS = 2000;

/** GET /api/knowledge: the uploaded documents, newest first. */
export async function getDocuments({ signal }: { signal?: AbortSignal } = {}): Promise<KnowledgeDocument[]> {
  const { documents } = await api.get<{ documents: KnowledgeDocument[] }>('/api/knowledge', { signal });
  return documents;
}

export const isProcessing = (documents: KnowledgeDocument[] | undefined) =>
  !!documents?.some((document) => document.status === 'processing');

/** The documents; polled while one is still processing, so its chunks appear without a reload. */
export function useDocuments() {
  return useQuery({
    queryKey: knowledgeKeys.documents,
    queryFn: ({ signal }) => getDocuments({ signal }),
    refetchInterval: (query) => (isProcessing(query.state.data) ? PROCESSING_POLL_MS : false),
  });
}
