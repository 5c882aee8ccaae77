import { segmentDisplayName, segmentStatus, type Segment } from '@lantern/contracts';

export const SEGMENT_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'email-ready', label: 'Email Ready' },
] as const;
export type SegmentFilter = (typeof SEGMENT_FILTERS)[number]['value'];

const matchesFilter: Record<SegmentFilter, (segment: Segment) => boolean> = {
  all: () => true,
  active: (segment) => segment.is_active,
  inactive: (segment) => !segment.is_active,
  'email-ready': (segment) => segmentStatus(segment) === 'Email Ready',
};

/** The segments the screen shows: by filter, then by a case-insensitive search of name and description. */
export function filterSegments(segments: Segment[], filter: SegmentFilter, search: string): Segment[] {
  const term = search.trim().toLowerCase();
  return segments.filter(
    (segment) =>
      matchesFilter[filter](segment) &&
      (!term ||
        segment.name.toLowerCase().includes(term) ||
        segmentDisplayName(segment.name).toLowerCase().includes(term) ||
        (segment.description ?? '').toLowerCase().includes(term)),
  );
}
