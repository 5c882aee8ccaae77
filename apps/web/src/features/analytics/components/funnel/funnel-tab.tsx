import {
  ANALYTICS_MESSAGES,
  FUNNEL_BAR_MIN_WIDTH_PERCENT,
  type AnalyticsRangeQuery,
  type Funnel,
} from '@lantern/contracts';
import { ArrowDown, Filter, Lightbulb, TriangleAlert, Trophy } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { useFunnel } from '../../api/get-funnel';
import { funnelInsights } from '../../funnel-insights';
import { useFailureToast } from '../../hooks/use-failure-toast';
import { ConsideredNote, percent } from '../figures';
import { LoadFailed } from '../load-failed';

type Rate = keyof Funnel['conversion_rates'];

/** The six stages, each with the rate from the stage before it. */
function funnelStages(funnel: Funnel): { label: string; count: number; rateFromPrevious?: Rate }[] {
  return [
    { label: 'Visitors', count: funnel.total_visitors },
    {
      label: 'Conversations',
      count: funnel.total_conversations,
      rateFromPrevious: 'visitor_to_conversation',
    },
    { label: 'With name', count: funnel.conversations_with_name, rateFromPrevious: 'conversation_to_name' },
    { label: 'With email', count: funnel.conversations_with_email, rateFromPrevious: 'name_to_email' },
    { label: 'Leads', count: funnel.total_leads, rateFromPrevious: 'email_to_lead' },
    { label: 'Subscribed', count: funnel.subscribed_leads, rateFromPrevious: 'lead_to_subscribed' },
  ];
}

/** A bar's width: its share of the widest stage, never under the spec's minimum so its label fits. */
const barWidth = (count: number, widest: number) =>
  Math.max(FUNNEL_BAR_MIN_WIDTH_PERCENT, widest > 0 ? (count / widest) * 100 : 0);

export function FunnelTab({ range }: { range: AnalyticsRangeQuery }) {
  const funnel = useFunnel(range);
  useFailureToast(funnel, ANALYTICS_MESSAGES.loadFunnel);

  if (funnel.isError && !funnel.data) {
    return (
      <LoadFailed
        message={errorMessage(funnel.error, ANALYTICS_MESSAGES.loadFunnel)}
        onRetry={() => void funnel.refetch()}
        isRetrying={funnel.isFetching}
      />
    );
  }
  if (!funnel.data) {
    return (
      <Card className="space-y-3 p-6" role="status" aria-label="Loading conversion funnel">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-9" />
        ))}
      </Card>
    );
  }
  const data = funnel.data;
  if (data.total_visitors === 0 && data.total_conversations === 0) {
    return (
      <Card>
        <EmptyState icon={Filter} title={ANALYTICS_MESSAGES.noFunnel} />
      </Card>
    );
  }
  const stages = funnelStages(data);
  const widest = Math.max(...stages.map((s) => s.count));
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader
          title="Conversion funnel"
          description={`Overall conversion: ${percent(data.conversion_rates.overall_conversion)} of visitors became leads`}
        />
        <CardContent>
          <ol className="space-y-1">
            {stages.map((stage) => (
              <li key={stage.label}>
                {stage.rateFromPrevious && (
                  <p className="flex items-center gap-1 py-1 pl-2 text-xs text-slate-600">
                    <ArrowDown className="size-3" aria-hidden="true" />
                    {percent(data.conversion_rates[stage.rateFromPrevious])} continued
                  </p>
                )}
                <div
                  className="flex h-9 items-center justify-between gap-2 rounded-md bg-indigo-600 px-3 text-sm font-medium text-white"
                  style={{ width: `${barWidth(stage.count, widest)}%` }}
                >
                  <span className="truncate">{stage.label}</span>
                  <span className="tabular-nums">{formatCount(stage.count)}</span>
                </div>
              </li>
            ))}
          </ol>
          <p className="mt-4 text-sm text-slate-600">
            Of {formatCount(data.total_leads)} leads: {formatCount(data.unsubscribed_leads)} unsubscribed,{' '}
            {formatCount(data.bounced_leads)} bounced.
          </p>
          <ConsideredNote considered={data.considered} />
        </CardContent>
      </Card>
      <FunnelInsights funnel={data} />
    </div>
  );
}

function FunnelInsights({ funnel }: { funnel: Funnel }) {
  const insights = funnelInsights(funnel.conversion_rates);
  return (
    <Card>
      <CardHeader title="Insights" icon={<Lightbulb className="size-5" aria-hidden="true" />} />
      <CardContent>
        {insights.length === 0 ? (
          <p className="text-sm text-slate-600">Every step is within its expected range.</p>
        ) : (
          <ul className="space-y-3">
            {insights.map((insight) => {
              const Icon = insight.tone === 'success' ? Trophy : TriangleAlert;
              return (
                <li
                  key={insight.text}
                  className={cn(
                    'flex gap-2 rounded-lg border px-3 py-2 text-sm',
                    insight.tone === 'success'
                      ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
                      : 'border-amber-200 bg-amber-50 text-amber-900',
                  )}
                >
                  <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {insight.text}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
