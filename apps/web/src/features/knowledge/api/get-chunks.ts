import { CHUNK_PAGE_SIZE, type ChunkList } from '@lantern/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { knowledgeKeys } from './query-keys';

/** The browser's filters: words to find and a document id ('' for all documents). */
export type ChunkFilter = { search: string; documentId: string };

/** GET /api/knowledge/chunks?search=&document_id=&limit=50&offset= */
export function getChunks(
  filter: ChunkFilter,
  offset: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ChunkList> {
  const params = new URLSearchParams({ limit: String(CHUNK_PAGE_SIZE), offset: String(offset) });
  if (filter.search) params.set('search', filter.search);
  if (filter.documentId) params.set('document_id', filter.documentId);
  return api.get<ChunkList>(`/api/knowledge/chunks?${params.toString()}`, { signal });
}

/** Pages of 50; Load More asks for the next page at the offset of the chunks already shown. */
export function useChunks(filter: ChunkFilter) {
  return useInfiniteQuery({
    queryKey: knowledgeKeys.chunks(filter.search, filter.documentId),
    queryFn: ({ pageParam, signal }) => getChunks(filter, pageParam, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasMore ? pages.reduce((shown, page) => shown + page.chunks.length, 0) : undefined,
  });
}
