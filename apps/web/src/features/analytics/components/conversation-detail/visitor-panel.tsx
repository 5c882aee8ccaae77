import { UserRound } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ScoreBadge } from '@/components/ui/score-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { formatCount, formatDateTime } from '@/lib/format';
import { useVisitorJourney } from '../../api/get-visitor-journey';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The visitor side panel: visits, first and last seen, and the lead when there is one. */
export function VisitorPanel({ visitorUuid }: { visitorUuid: string }) {
  const journey = useVisitorJourney(visitorUuid);
  const data = journey.data;
  return (
    <Card aria-labelledby="visitor-panel-title">
      <CardHeader
        title={<span id="visitor-panel-title">Visitor information</span>}
        icon={<UserRound className="size-5" aria-hidden="true" />}
      />
      <CardContent>
        {data ? (
          <dl className="space-y-3 text-sm">
            <Row label="Total visits" value={formatCount(data.total_visits)} />
            <Row label="First seen" value={formatDateTime(data.first_seen_at)} />
            <Row label="Last seen" value={formatDateTime(data.last_seen_at)} />
            {data.lead ? (
              <>
                <Row label="Parent" value={data.lead.parent_name} />
                <Row label="Child" value={data.lead.child_name ?? 'Not given'} />
                <Row label="Timeline" value={data.lead.timeline ?? 'Not given'} />
                <Row label="Lead score" value={<ScoreBadge score={data.lead.lead_score} />} />
              </>
            ) : (
              <p className="text-slate-600">This visitor has not become a lead.</p>
            )}
          </dl>
        ) : journey.isError ? (
          isNotFound(journey.error) ? (
            <p className="text-sm text-slate-600">No visits are recorded for this visitor.</p>
          ) : (
            <p className="text-sm text-red-700">Failed to fetch visitor journey</p>
          )
        ) : (
          <div role="status" aria-label="Loading visitor" className="space-y-2">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-5 w-40" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}
