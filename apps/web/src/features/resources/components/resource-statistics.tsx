import type { Resource } from '@lantern/contracts';
import { CircleCheck, Download, Files, Gift, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/format';

type Statistic = { label: string; value: (resources: Resource[]) => number; icon: LucideIcon; tint: string };

const sum = (resources: Resource[], pick: (r: Resource) => number) =>
  resources.reduce((total, r) => total + pick(r), 0);

// Computed from the list on screen, so they follow the filters.
const statistics: Statistic[] = [
  {
    label: 'Total Resources',
    value: (resources) => resources.length,
    icon: Gift,
    tint: 'bg-indigo-50 text-indigo-700',
  },
  {
    label: 'Active',
    value: (resources) => resources.filter((r) => r.is_active).length,
    icon: CircleCheck,
    tint: 'bg-emerald-50 text-emerald-700',
  },
  {
    label: 'Total Downloads',
    value: (resources) => sum(resources, (r) => r.download_count),
    icon: Download,
    tint: 'bg-amber-50 text-amber-700',
  },
  {
    label: 'Total Files',
    value: (resources) => sum(resources, (r) => r.file_count),
    icon: Files,
    tint: 'bg-sky-50 text-sky-700',
  },
];

const gridStyles = 'mb-6 grid grid-cols-2 gap-4 lg:grid-cols-4';

function StatisticFrame({ children, isLoading = false }: { children: ReactNode; isLoading?: boolean }) {
  return (
    <li
      data-testid={isLoading ? undefined : 'resource-stat'}
      className="flex min-w-0 items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      {children}
    </li>
  );
}

export function ResourceStatistics({ resources }: { resources: Resource[] }) {
  return (
    <ul className={gridStyles} aria-label="Resource statistics">
      {statistics.map(({ label, value, icon: Icon, tint }) => (
        <StatisticFrame key={label}>
          <div className={`flex size-11 shrink-0 items-center justify-center rounded-lg ${tint}`}>
            <Icon className="size-5" aria-hidden="true" />
          </div>
          <div className="min-w-0">
            <p className="text-sm leading-tight font-medium text-slate-600">{label}</p>
            <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">
              {formatCount(value(resources))}
            </p>
          </div>
        </StatisticFrame>
      ))}
    </ul>
  );
}

export function ResourceStatisticsSkeleton() {
  return (
    <ul className={gridStyles} aria-hidden="true">
      {statistics.map(({ label }) => (
        <StatisticFrame key={label} isLoading>
          <Skeleton className="size-11 rounded-lg" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-6 w-12" />
          </div>
        </StatisticFrame>
      ))}
    </ul>
  );
}
