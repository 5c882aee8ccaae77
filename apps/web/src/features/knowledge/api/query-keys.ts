import type { ExtractionStatus } from '@lantern/contracts';

/** Query keys of the knowledge feature; invalidate `knowledgeKeys.all` after a change that moves chunks. */
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  documents: ['knowledge', 'documents'] as const,
  stats: ['knowledge', 'stats'] as const,
  extractions: (status: ExtractionStatus | 'all') => ['knowledge', 'extractions', 'list', status] as const,
  extractionStats: ['knowledge', 'extractions', 'stats'] as const,
  extractionImage: (id: string) => ['knowledge', 'extractions', 'image', id] as const,
  chunkLists: ['knowledge', 'chunks', 'list'] as const,
  chunks: (search: string, documentId: string) =>
    ['knowledge', 'chunks', 'list', search, documentId] as const,
  chunk: (id: string) => ['knowledge', 'chunks', 'detail', id] as const,
};
