import type { ExtractionStats } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { knowledgeKeys } from './query-keys';

/** GET /api/knowledge/extractions/stats: total, byStatus and averageConfidence. */
export function getExtractionStats({ signal }: { signal?: AbortSignal } = {}): Promise<ExtractionStats> {
  return api.get<ExtractionStats>('/api/knowledge/extractions/stats', { signal });
}

export function useExtractionStats() {
  return useQuery({
    queryKey: knowledgeKeys.extractionStats,
    queryFn: ({ signal }) => getExtractionStats({ signal }),
  });
}
