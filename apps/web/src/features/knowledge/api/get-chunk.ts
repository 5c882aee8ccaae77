import type { KnowledgeChunk } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { knowledgeKeys } from './query-keys';

/** GET /api/knowledge/chunks/{id}: the full chunk. */
export async function getChunk(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<KnowledgeChunk> {
  const { chunk } = await api.get<{ chunk: KnowledgeChunk }>(
    `/api/knowledge/chunks/${encodeURIComponent(id)}`,
    { signal },
  );
  return chunk;
}

export function useChunk(id: string | null) {
  return useQuery({
    queryKey: knowledgeKeys.chunk(id ?? ''),
    queryFn: ({ signal }) => getChunk(id as string, { signal }),
    enabled: !!id,
  });
}
