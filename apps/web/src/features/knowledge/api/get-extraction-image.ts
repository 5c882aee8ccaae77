import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from '@/lib/api-client';
import { knowledgeKeys } from './query-keys';

/** GET /api/knowledge/extractions/{id}/image: the image the text was read from (staff only). */
export function getExtractionImage(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Blob> {
  return api.getFile(`/api/knowledge/extractions/${id}/image`, { signal });
}

/**
 * The extraction's image as an object URL for an <img> (the call needs the session's token, which
 * an <img src> cannot send). The URL is revoked when the image changes or the panel closes.
 */
export function useExtractionImage(id: string) {
  const query = useQuery({
    queryKey: knowledgeKeys.extractionImage(id),
    queryFn: ({ signal }) => getExtractionImage(id, { signal }),
    staleTime: Infinity,
    retry: false,
  });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url, isLoading: query.isLoading, isError: query.isError };
}
