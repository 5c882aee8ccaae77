import { ANALYTICS_MESSAGES, type AnalyticsRangeQuery } from '@lantern/contracts';
import { BarChart3 } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useConversationStats } from '../../api/get-conversation-stats';
import { useFailureToast } from '../../hooks/use-failure-toast';
import { LoadFailed } from '../load-failed';
import { EmailHealthCard } from './email-health-card';
import { PeakHoursChart } from './peak-hours-chart';
import { StatCards, StatCardsSkeleton } from './stat-cards';
import { TrendsChart } from './trends-chart';

/** Overview: the statistics, trends per day, peak hours and email health. */
export function OverviewTab({ range }: { range: AnalyticsRangeQuery }) {
  const stats = useConversationStats(range);
  useFailureToast(stats, ANALYTICS_MESSAGES.loadAnalytics);

  function renderStats() {
    if (stats.isError && !stats.data) {
      return (
        <LoadFailed
          message={errorMessage(stats.error, ANALYTICS_MESSAGES.loadAnalytics)}
          onRetry={() => void stats.refetch()}
          isRetrying={stats.isFetching}
        />
      );
    }
    if (!stats.data) {
      return (
        <>
          <StatCardsSkeleton />
          <Skeleton className="h-72 w-full rounded-xl" />
        </>
      );
    }
    const { trends, peak_hours: peakHours } = stats.data;
    return (
      <>
        <StatCards stats={stats.data} />
        {trends.length === 0 && peakHours.length === 0 ? (
          <Card>
            <EmptyState icon={BarChart3} title={ANALYTICS_MESSAGES.noData} />
          </Card>
        ) : (
          <>
            <TrendsChart trends={trends} />
            <PeakHoursChart peakHours={peakHours} />
          </>
        )}
      </>
    );
  }

  return (
    <div className="space-y-6">
      {renderStats()}
      <EmailHealthCard />
    </div>
  );
}
