import { segmentDisplayName, type Dashboard } from '@lantern/contracts';
import { Layers } from 'lucide-react';
import { Card, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { countOf } from '@/lib/format';

type TopSegment = Dashboard['topSegments'][number];

const header = (
  <CardHeader
    icon={<Layers className="size-5" aria-hidden="true" />}
    title={<span id="top-segments-title">Top Segments</span>}
    description="Segments with the most leads"
  />
);

const leadCount = (n: number) => countOf(n, 'lead', 'leads');

/** Each segment with its lead count, and a bar showing its share of all leads. */
export function TopSegmentsCard({ segments, totalLeads }: { segments: TopSegment[]; totalLeads: number }) {
  return (
    <Card aria-labelledby="top-segments-title">
      {header}
      {segments.length === 0 ? (
        <p className="px-6 py-10 text-center text-sm text-slate-600">No segments yet</p>
      ) : (
        <ul className="space-y-4 px-6 py-5">
          {segments.map((segment) => {
            const share = totalLeads > 0 ? Math.min(100, (segment.lead_count / totalLeads) * 100) : 0;
            return (
              <li key={segment.name}>
                <div className="flex items-baseline justify-between gap-4 text-sm">
                  <span className="truncate font-medium text-slate-900">
                    {segmentDisplayName(segment.name)}
                  </span>
                  <span className="shrink-0 text-slate-600 tabular-nums">
                    {leadCount(segment.lead_count)}
                  </span>
                </div>
                <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                  <div className="h-full rounded-full bg-indigo-500" style={{ width: `${share}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

export function TopSegmentsSkeleton() {
  return (
    <Card aria-hidden="true">
      {header}
      <ul className="space-y-4 px-6 py-5">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i} className="space-y-2">
            <div className="flex justify-between">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-4 w-14" />
            </div>
            <Skeleton className="h-1.5 w-full rounded-full" />
          </li>
        ))}
      </ul>
    </Card>
  );
}
