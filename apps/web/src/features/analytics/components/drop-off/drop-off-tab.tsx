import { ANALYTICS_MESSAGES, DROP_OFF_STAGE_LABELS, type AnalyticsRangeQuery } from '@lantern/contracts';
import { TrendingDown } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useDropOff } from '../../api/get-drop-off';
import { useFailureToast } from '../../hooks/use-failure-toast';
import { ConsideredNote, percent } from '../figures';
import { LoadFailed } from '../load-failed';

const cell = 'px-4 py-3 text-right tabular-nums 2xl:px-6';

/** Drop-off Analysis: per stage how many reached it, left there and went on; then the summary. */
export function DropOffTab({ range }: { range: AnalyticsRangeQuery }) {
  const dropOff = useDropOff(range);
  useFailureToast(dropOff, ANALYTICS_MESSAGES.loadDropOff);

  if (dropOff.isError && !dropOff.data) {
    return (
      <LoadFailed
        message={errorMessage(dropOff.error, ANALYTICS_MESSAGES.loadDropOff)}
        onRetry={() => void dropOff.refetch()}
        isRetrying={dropOff.isFetching}
      />
    );
  }
  if (!dropOff.data) {
    return (
      <Card className="space-y-3 p-6" role="status" aria-label="Loading drop-off analysis">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-8" />
        ))}
      </Card>
    );
  }
  const { stages, summary, considered } = dropOff.data;
  if (stages.length === 0 || summary.total_conversations === 0) {
    return (
      <Card>
        <EmptyState icon={TrendingDown} title={ANALYTICS_MESSAGES.noDropOff} />
      </Card>
    );
  }
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-3">
        {(
          [
            ['Overall completion rate', percent(summary.overall_completion_rate)],
            ['Completed leads', formatCount(summary.completed_leads)],
            ['Total conversations', formatCount(summary.total_conversations)],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="mt-2 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <Card>
        <CardHeader title="Where parents leave" description="Each stage of the chatbot’s intake, in order" />
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Drop-off by stage</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 text-left 2xl:px-6">
                  Stage
                </th>
                <th scope="col" className={cell}>
                  Reached
                </th>
                <th scope="col" className={cell}>
                  Dropped
                </th>
                <th scope="col" className={cell}>
                  Continued
                </th>
                <th scope="col" className="px-4 py-3 text-left 2xl:px-6">
                  Drop-off rate
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {stages.map((stage) => (
                <tr key={stage.stage}>
                  <th scope="row" className="px-4 py-3 text-left font-medium text-slate-900 2xl:px-6">
                    {DROP_OFF_STAGE_LABELS[stage.stage]}
                  </th>
                  <td className={cell}>{formatCount(stage.total)}</td>
                  <td className={cell}>{formatCount(stage.dropped)}</td>
                  <td className={cell}>{formatCount(stage.continued)}</td>
                  <td className="px-4 py-3 2xl:px-6">
                    <div className="flex items-center gap-2">
                      <span className="h-2 w-24 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                        <span
                          className="block h-full rounded-full bg-red-500"
                          style={{ width: `${Math.min(100, stage.drop_off_rate)}%` }}
                        />
                      </span>
                      <span className="tabular-nums">{percent(stage.drop_off_rate)}</span>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <CardContent className="pt-0">
          <ConsideredNote considered={considered} />
        </CardContent>
      </Card>
    </div>
  );
}
