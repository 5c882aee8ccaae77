import type { LeadsQuery } from '@lantern/contracts';

/** Query keys of the leads feature; invalidate `leadKeys.all` after any change to a lead. */
export const leadKeys = {
  all: ['leads'] as const,
  list: (query: LeadsQuery) => ['leads', 'list', query] as const,
  detail: (id: string) => ['leads', 'detail', id] as const,
  segments: ['leads', 'segments'] as const,
  // Outside ['leads']: a change to leads does not change the export's columns.
  exportColumns: ['export-columns'] as const,
};
