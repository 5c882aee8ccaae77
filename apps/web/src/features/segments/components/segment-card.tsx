import { segmentDisplayName, type Segment } from '@lantern/contracts';
import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatDate } from '@/lib/format';
import { SegmentCardActions, type SegmentActions, type SegmentBusyAction } from './segment-card-actions';
import { formatEvaluationTime } from './format';
import { AutoBadge, SegmentStatusBadge } from './segment-status-badge';

type SegmentCardProps = SegmentActions & {
  segment: Segment;
  /** The action now running for this segment, if any (its button shows a spinner). */
  busyAction: SegmentBusyAction | null;
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 px-3">
      <dt className="shrink-0 text-xs font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 text-right text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** One segment: what it is, its rules in a line, its size and dates, and its actions. */
export function SegmentCard({ segment, busyAction, ...actions }: SegmentCardProps) {
  const titleId = useId();
  const leads = segment.active_leads ?? 0;
  return (
    <Card aria-labelledby={titleId} className="flex h-full flex-col" data-testid="segment-card">
      <div className="flex flex-1 flex-col px-5 pt-5 pb-4">
        <h2 id={titleId} className="text-base font-semibold text-slate-900 [overflow-wrap:anywhere]">
          {segmentDisplayName(segment.name)}
        </h2>
        <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1.5">
          <SegmentStatusBadge segment={segment} />
          {segment.auto_tag && <AutoBadge />}
          <span className="text-xs font-medium text-slate-600">Priority: {segment.priority}</span>
        </div>
        {segment.description && (
          <p className="mt-3 text-sm text-slate-700 [overflow-wrap:anywhere]">{segment.description}</p>
        )}
        <p
          className="mt-2 line-clamp-3 text-xs text-slate-500 [overflow-wrap:anywhere]"
          title={segment.rules_summary}
        >
          {segment.rules_summary}
        </p>
        <dl className="mt-auto space-y-1.5 pt-4">
          <div className="mb-2.5 flex items-baseline justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-600">Leads in Segment</dt>
            <dd className="text-xl font-semibold text-slate-900 tabular-nums">{formatCount(leads)}</dd>
          </div>
          <Fact label="Created">
            <time dateTime={segment.created_at}>{formatDate(segment.created_at)}</time>
          </Fact>
          <Fact label="Last Evaluated">
            {segment.last_evaluated ? (
              <time
                dateTime={segment.last_evaluated}
                title={new Date(segment.last_evaluated).toLocaleString()}
              >
                {formatEvaluationTime(segment.last_evaluated)}
              </time>
            ) : (
              'Never'
            )}
          </Fact>
        </dl>
      </div>
      <SegmentCardActions segment={segment} busyAction={busyAction} {...actions} />
    </Card>
  );
}

export function SegmentCardSkeleton() {
  return (
    <Card aria-hidden="true" className="flex flex-col">
      <div className="px-5 pt-5 pb-4">
        <Skeleton className="h-5 w-40" />
        <div className="mt-3 flex gap-2">
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-5 w-12 rounded-full" />
          <Skeleton className="h-5 w-16" />
        </div>
        <Skeleton className="mt-4 h-4 w-full" />
        <Skeleton className="mt-2 h-3 w-3/4" />
        <Skeleton className="mt-5 h-10 w-full rounded-lg" />
        <div className="mt-3 space-y-2 px-3">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-full" />
        </div>
      </div>
      <div className="flex gap-1 border-t border-slate-100 px-3 py-2">
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} className="size-8 rounded-lg" />
        ))}
      </div>
    </Card>
  );
}
