import { SEGMENT_LEADS_PAGE_SIZE, type SegmentLeadsPage, type SegmentLeadsQuery } from '@lantern/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { segmentKeys } from './query-keys';

/** The viewer's query (its page size is fixed at 20). */
export type SegmentLeadsViewQuery = {
  page: number;
  search: string;
  score: NonNullable<SegmentLeadsQuery['score']>;
  assignment: NonNullable<SegmentLeadsQuery['assignment']>;
};

/** The query string: an empty search and filters set to 'all' are not sent. */
function segmentLeadsSearchParams(query: SegmentLeadsQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '' || value === 'all') continue;
    params.set(name, String(value));
  }
  return params;
}

export function getSegmentLeads(
  segmentId: string,
  query: SegmentLeadsQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SegmentLeadsPage> {
  const params = segmentLeadsSearchParams(query);
  return api.get<SegmentLeadsPage>(
    `/api/segments/${encodeURIComponent(segmentId)}/leads?${params.toString()}`,
    { signal },
  );
}

/** One page of a segment's leads; the previous page stays on screen while the next one loads. */
export function useSegmentLeads(segmentId: string, view: SegmentLeadsViewQuery) {
  const query: SegmentLeadsQuery = { ...view, limit: SEGMENT_LEADS_PAGE_SIZE };
  return useQuery({
    queryKey: segmentKeys.leads(segmentId, query),
    queryFn: ({ signal }) => getSegmentLeads(segmentId, query, { signal }),
    placeholderData: keepPreviousData,
  });
}
