import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { useCampaignStats } from './api';
import { formatRate } from './format';
import { STATS_TEXT } from './stats-text';

type Figure = { label: string; value: string };

/**
 * The preview modal's results (3.8 stats): Sent, Opens, Clicks, Bounced, Unsubscribed and the two
 * rates, with how opens are measured: estimates, or not counted while the school has turned open
 * tracking off (opens counted before that are still shown).
 */
export function CampaignStatsPanel({ campaignId, className }: { campaignId: string; className?: string }) {
  const headingId = useId();
  const query = useCampaignStats(campaignId);
  const stats = query.data;

  const figures: Figure[] = stats
    ? [
        { label: 'Sent', value: formatCount(stats.sent) },
        { label: 'Opens', value: formatCount(stats.opens) },
        { label: 'Clicks', value: formatCount(stats.clicks) },
        { label: 'Bounced', value: formatCount(stats.bounced) },
        { label: 'Unsubscribed', value: formatCount(stats.unsubscribed) },
        { label: 'Open rate', value: formatRate(stats.open_rate) },
        { label: 'Click rate', value: formatRate(stats.click_rate) },
      ]
    : [];

  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-lg border border-slate-200 bg-slate-50/60 p-4', className)}
      data-testid="campaign-stats"
    >
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Results
      </h3>
      {query.isError && !stats ? (
        <Alert tone="error" className="mt-3">
          <span>{STATS_TEXT.loadFailed}</span>{' '}
          <Button
            variant="link"
            className="ml-1 align-baseline"
            onClick={() => void query.refetch()}
            isLoading={query.isFetching}
          >
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <dl
            className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7"
            aria-busy={query.isPending || undefined}
          >
            {stats
              ? figures.map((figure) => (
                  <div
                    key={figure.label}
                    className="rounded-md bg-white px-3 py-2 shadow-xs ring-1 ring-slate-200"
                  >
                    <dt className="text-xs font-medium text-slate-600">{figure.label}</dt>
                    <dd className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums">
                      {figure.value}
                    </dd>
                  </div>
                ))
              : ['Sent', 'Opens', 'Clicks', 'Bounced', 'Unsubscribed', 'Open rate', 'Click rate'].map(
                  (label) => (
                    <div
                      key={label}
                      className="rounded-md bg-white px-3 py-2 shadow-xs ring-1 ring-slate-200"
                    >
                      <dt className="text-xs font-medium text-slate-600">{label}</dt>
                      <dd className="mt-1.5">
                        <Skeleton className="h-5 w-12" />
                      </dd>
                    </div>
                  ),
                )}
          </dl>
          {stats && (
            <p className="mt-3 text-xs text-slate-600">
              {stats.open_tracking ? STATS_TEXT.opensEstimate : STATS_TEXT.opensOff} {STATS_TEXT.clicksNote}
            </p>
          )}
        </>
      )}
    </section>
  );
}
