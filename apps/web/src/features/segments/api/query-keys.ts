import type { SegmentAnalyticsRange, SegmentLeadsQuery } from '@lantern/contracts';

/**
 * Query keys of the segments feature. After a change to memberships also invalidate ['leads']
 * (lead lists show segment tags) and ['dashboard'] (top segments): see refresh-segment-data.ts.
 */
export const segmentKeys = {
  all: ['segments'] as const,
  list: ['segments', 'list'] as const,
  leads: (id: string, query: SegmentLeadsQuery) => ['segments', 'leads', id, query] as const,
  segmentLeads: (id: string) => ['segments', 'leads', id] as const,
  analytics: (id: string, range: SegmentAnalyticsRange) => ['segments', 'analytics', id, range] as const,
  /** Leads not yet in the segment, for the Add Leads dialog (read from GET /api/leads). */
  candidates: (id: string, search: string) => ['segments', 'candidates', id, search] as const,
};
