import { RESOURCE_STATS_DEFAULT_DAYS, type ResourceStats } from '@lantern/contracts';
import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/format';
import { useResourceStats } from '../api/get-resource-stats';

const DAY_MS = 86_400_000;

/** Downloads per day for the whole window, oldest first (the server lists only days with downloads). */
function dailyDownloads(stats: ResourceStats, now: number = Date.now()): number[] {
  const byDate = new Map(stats.by_day.map((day) => [day.date.slice(0, 10), day.downloads]));
  return Array.from({ length: stats.days }, (_, i) => {
    const date = new Date(now - (stats.days - 1 - i) * DAY_MS).toISOString().slice(0, 10);
    return byDate.get(date) ?? 0;
  });
}

function DailyBars({ stats }: { stats: ResourceStats }) {
  const days = dailyDownloads(stats);
  const most = Math.max(...days);
  if (most === 0) return null;
  // Decorative: the figures above say the same in words.
  return (
    <div className="mt-3 flex h-10 items-end gap-px" aria-hidden="true">
      {days.map((downloads, i) => (
        <div
          key={i}
          className={downloads > 0 ? 'flex-1 rounded-sm bg-indigo-500' : 'flex-1 rounded-sm bg-slate-100'}
          style={{ height: downloads > 0 ? `${Math.max(12, (downloads / most) * 100)}%` : '12%' }}
        />
      ))}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-sm font-semibold text-slate-900 tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}

/** A row's downloads over the last 30 days, loaded when the row is expanded. */
export function ResourceStatsPanel({ resourceId }: { resourceId: string }) {
  const stats = useResourceStats(resourceId, RESOURCE_STATS_DEFAULT_DAYS);
  if (stats.isPending) {
    return (
      <div role="status" aria-label="Loading download statistics" className="space-y-2">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-3/4" />
      </div>
    );
  }
  if (stats.isError) {
    return (
      <div className="text-sm text-slate-600">
        <p>Statistics could not be loaded.</p>
        <Button
          variant="link"
          className="mt-1"
          onClick={() => void stats.refetch()}
          disabled={stats.isFetching}
        >
          <RotateCw className="size-3.5" aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  return (
    <>
      <dl className="space-y-1.5">
        <Figure label="Downloads" value={stats.data.downloads} />
        <Figure label="Unique downloaders" value={stats.data.unique_downloaders} />
        <Figure label="All-time downloads" value={stats.data.all_time_downloads} />
      </dl>
      <DailyBars stats={stats.data} />
    </>
  );
}
