import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useDashboard } from '../api/get-dashboard';
import { RecentLeadsCard, RecentLeadsSkeleton } from './recent-leads-card';
import { StatisticCards, StatisticCardsSkeleton } from './statistic-cards';
import { TopSegmentsCard, TopSegmentsSkeleton } from './top-segments-card';

/** Statistics, the newest leads and the largest segments, from one call. */
export function DashboardOverview() {
  const dashboard = useDashboard();

  if (dashboard.isError) {
    return (
      <Alert tone="error" title="Failed to load dashboard">
        <p>{errorMessage(dashboard.error, 'Failed to fetch dashboard data')}</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => void dashboard.refetch()}
          isLoading={dashboard.isFetching}
        >
          Try again
        </Button>
      </Alert>
    );
  }

  if (!dashboard.data) {
    return (
      <div className="space-y-6" role="status" aria-label="Loading dashboard">
        <StatisticCardsSkeleton />
        <div className="grid gap-6 lg:grid-cols-2">
          <RecentLeadsSkeleton />
          <TopSegmentsSkeleton />
        </div>
      </div>
    );
  }

  const { statistics, recentLeads, topSegments } = dashboard.data;
  return (
    <div className="space-y-6">
      <StatisticCards statistics={statistics} />
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentLeadsCard leads={recentLeads} />
        <TopSegmentsCard segments={topSegments} totalLeads={statistics.totalLeads} />
      </div>
    </div>
  );
}
