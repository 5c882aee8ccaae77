import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { knowledgeKeys } from './query-keys';

/** GET /api/knowledge/extractions/{id}/image: the image the text was read from (staff only). */
export function getExtractionImage(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Blob> {
  return api.getFile(`/api/knowledge/extractions/${id}/image`, { signal });
}

function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The extraction's image as a data URL for an <img>: the call needs the session's token, which an
 * <img src> cannot send. A data URL needs no revoking, so nothing leaks when the panel closes.
 */
export function useExtractionImage(id: string) {
  const query = useQuery({
    queryKey: knowledgeKeys.extractionImage(id),
    queryFn: async ({ signal }) => toDataUrl(await getExtractionImage(id, { signal })),
    staleTime: Infinity,
    retry: false,
  });
  return { url: query.data ?? null, isLoading: query.isLoading, isError: query.isError };
}
