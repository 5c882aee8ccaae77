import type { VisitorJourney } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { analyticsKeys } from './query-keys';

export function getVisitorJourney(visitorUuid: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<VisitorJourney>(`/api/analytics/visitor-journey/${encodeURIComponent(visitorUuid)}`, {
    signal,
  });
}

/** Asked once the conversation has named its visitor. */
export function useVisitorJourney(visitorUuid: string | undefined) {
  return useQuery({
    queryKey: analyticsKeys.visitorJourney(visitorUuid ?? ''),
    queryFn: ({ signal }) => getVisitorJourney(visitorUuid ?? '', { signal }),
    enabled: Boolean(visitorUuid),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}
