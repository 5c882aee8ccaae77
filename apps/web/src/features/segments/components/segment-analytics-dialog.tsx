import {
  SEGMENT_ANALYTICS_DEFAULT_RANGE,
  SEGMENT_ANALYTICS_RANGE_LABELS,
  SEGMENT_ANALYTICS_RANGES,
  segmentDisplayName,
  type SegmentAnalytics,
  type SegmentAnalyticsRange,
} from '@lantern/contracts';
import { BarChart3 } from 'lucide-react';
import { useId, useState } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDate } from '@/lib/format';
import { useSegmentAnalytics } from '../api/get-segment-analytics';

type Segment = { id: string; name: string };

const STATUS_LABELS: Record<SegmentAnalytics['conversion_rates']['by_status'][number]['status'], string> = {
  pending: 'Pending',
  contacted: 'Contacted',
  interested: 'Interested',
  enrolled: 'Enrolled',
  lost: 'Lost',
};
const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/** A segment's analytics from GET /api/segments/{id}/analytics; null segment: closed. */
export function SegmentAnalyticsDialog({
  segment,
  onClose,
}: {
  segment: Segment | null;
  onClose: () => void;
}) {
  // Mounted per segment, so each opening starts at the default range.
  return segment ? <AnalyticsDialog key={segment.id} segment={segment} onClose={onClose} /> : null;
}

function AnalyticsDialog({ segment, onClose }: { segment: Segment; onClose: () => void }) {
  const [range, setRange] = useState<SegmentAnalyticsRange>(SEGMENT_ANALYTICS_DEFAULT_RANGE);
  const analytics = useSegmentAnalytics(segment.id, range);
  const selectId = useId();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Segment analytics"
      description={`Lead growth, conversion and engagement of ${segmentDisplayName(segment.name)}.`}
      size="lg"
    >
      <div className="space-y-6">
        <div className="flex items-center gap-3">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
            Time range
          </label>
          <Select
            id={selectId}
            value={range}
            onChange={(event) => setRange(event.target.value as SegmentAnalyticsRange)}
            className="w-48"
          >
            {SEGMENT_ANALYTICS_RANGES.map((r) => (
              <option key={r} value={r}>
                {SEGMENT_ANALYTICS_RANGE_LABELS[r]}
              </option>
            ))}
          </Select>
        </div>
        {analytics.isPending ? (
          <div role="status" aria-label="Loading analytics" className="space-y-3">
            <Skeleton className="h-48 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : analytics.isError ? (
          <div className="space-y-3">
            <Alert tone="error">{errorMessage(analytics.error, 'Failed to load segment analytics')}</Alert>
            <Button
              variant="secondary"
              onClick={() => void analytics.refetch()}
              isLoading={analytics.isFetching}
            >
              Try again
            </Button>
          </div>
        ) : analytics.data.conversion_rates.total_leads === 0 ? (
          <EmptyState
            icon={BarChart3}
            title="No leads in this segment yet"
            description="Analytics appear once leads join the segment."
          />
        ) : (
          <AnalyticsFigures data={analytics.data} />
        )}
      </div>
    </Dialog>
  );
}

function AnalyticsFigures({ data }: { data: SegmentAnalytics }) {
  const growth = data.lead_growth;
  const joined = growth.reduce((n, p) => n + p.new_leads, 0);
  const { engagement_metrics: engagement } = data;
  return (
    <>
      <section aria-labelledby="segment-growth-heading">
        <h3 id="segment-growth-heading" className="text-sm font-semibold text-slate-900">
          Lead growth
        </h3>
        <p className="text-sm text-slate-600">
          {formatCount(joined)} joined in this range; {formatCount(growth.at(-1)?.total_leads ?? 0)} in the
          segment now (by the day each lead joined the segment).
        </p>
        <div className="mt-2 h-48" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 192 }}>
            <AreaChart data={growth} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="date" tickFormatter={formatDate} tick={{ fontSize: 12 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip labelFormatter={(date) => formatDate(String(date))} />
              <Area dataKey="total_leads" name="Leads in segment" stroke="#4f46e5" fill="#c7d2fe" />
            </AreaChart>
          </ResponsiveContainer>
        </div>
        <table className="sr-only">
          <caption>Lead growth per day</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">New leads</th>
              <th scope="col">Total leads</th>
            </tr>
          </thead>
          <tbody>
            {growth.map((point) => (
              <tr key={point.date}>
                <th scope="row">{formatDate(point.date)}</th>
                <td>{point.new_leads}</td>
                <td>{point.total_leads}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="segment-conversion-heading">
        <h3 id="segment-conversion-heading" className="text-sm font-semibold text-slate-900">
          Conversion by status
        </h3>
        <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-5">
          {data.conversion_rates.by_status.map((s) => (
            <div key={s.status} className="rounded-lg border border-slate-200 px-3 py-2">
              <dt className="text-xs text-slate-500">{STATUS_LABELS[s.status]}</dt>
              <dd className="text-sm font-semibold text-slate-900">
                {formatCount(s.count)} <span className="font-normal text-slate-500">({percent(s.rate)})</span>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="segment-engagement-heading">
        <h3 id="segment-engagement-heading" className="text-sm font-semibold text-slate-900">
          Engagement
        </h3>
        <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Figure label="Conversations completed" value={engagement.conversations_completed} />
          <Figure label="Resources downloaded" value={engagement.resources_downloaded} />
          <Figure label="Campaign opens" value={engagement.campaign_opens} />
          <Figure label="Campaign clicks" value={engagement.campaign_clicks} />
        </dl>
        <p className="mt-2 text-xs text-slate-500">
          Campaigns do not send email yet, so opens and clicks stay at 0. Downloads are all time.
        </p>
      </section>
    </>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-semibold text-slate-900">{formatCount(value)}</dd>
    </div>
  );
}
