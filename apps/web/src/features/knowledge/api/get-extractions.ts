import { EXTRACTION_LIST_LIMIT, type ExtractionStatus, type TextExtraction } from '@lantern/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { knowledgeKeys } from './query-keys';

export type ExtractionFilter = ExtractionStatus | 'all';

/** GET /api/knowledge/extractions?limit=50&offset=0[&status=]: newest first. */
export async function getExtractions(
  status: ExtractionFilter,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TextExtraction[]> {
  const params = new URLSearchParams({ limit: String(EXTRACTION_LIST_LIMIT), offset: '0' });
  if (status !== 'all') params.set('status', status);
  const { extractions } = await api.get<{ extractions: TextExtraction[] }>(
    `/api/knowledge/extractions?${params.toString()}`,
    { signal },
  );
  return extractions;
}

export function useExtractions(status: ExtractionFilter) {
  return useQuery({
    queryKey: knowledgeKeys.extractions(status),
    queryFn: ({ signal }) => getExtractions(status, { signal }),
    placeholderData: keepPreviousData,
  });
}
