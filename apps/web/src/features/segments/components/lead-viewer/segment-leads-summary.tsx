import type { Segment } from '@lantern/contracts';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/format';

type SegmentLeadsSummaryProps = {
  segment: Segment;
  /** Leads on this page, leads matching the search and filters, and every lead in the segment. */
  counts: { shown: number; matching: number; inSegment: number } | null;
  isLoading: boolean;
};

/** 'X of Y leads shown (N total in segment)' and the segment's 'Email Ready' / 'Do Not Contact' badges. */
export function SegmentLeadsSummary({ segment, counts, isLoading }: SegmentLeadsSummaryProps) {
  const isEmailReady = segment.email_list_ready && !segment.never_contact;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      {counts ? (
        <p className="text-sm text-slate-700" aria-live="polite">
          <span className="font-medium text-slate-900 tabular-nums">{formatCount(counts.shown)}</span> of{' '}
          <span className="font-medium text-slate-900 tabular-nums">{formatCount(counts.matching)}</span>{' '}
          leads shown{' '}
          <span className="text-slate-500 tabular-nums">
            ({formatCount(counts.inSegment)} total in segment)
          </span>
        </p>
      ) : (
        isLoading && <Skeleton className="h-5 w-64" />
      )}
      {(isEmailReady || segment.never_contact) && (
        <div className="ml-auto flex flex-wrap gap-2">
          {isEmailReady && <Badge tone="success">Email Ready</Badge>}
          {segment.never_contact && (
            // Red as the segment status is (spec 4.1); the shared Badge has no red tone.
            <span className="inline-flex items-center rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-600/20 ring-inset">
              Do Not Contact
            </span>
          )}
        </div>
      )}
    </div>
  );
}
