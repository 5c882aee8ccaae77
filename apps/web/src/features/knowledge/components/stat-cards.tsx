import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

export type StatCard = { label: string; value: ReactNode; hint?: ReactNode; icon: LucideIcon; tint: string };

const gridStyles = 'grid grid-cols-2 gap-4';
const COLUMNS = { 4: 'lg:grid-cols-4', 5: 'md:grid-cols-3 lg:grid-cols-5' } as const;

/** A row of statistic cards (two a row on a tablet, four on a desktop). */
export function StatCards({ label, cards }: { label: string; cards: StatCard[] }) {
  return (
    <ul className={`${gridStyles} ${COLUMNS[cards.length === 5 ? 5 : 4]}`} aria-label={label}>
      {cards.map(({ label: name, value, hint, icon: Icon, tint }) => (
        <li
          key={name}
          className="flex min-w-0 items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <div className={`flex size-11 shrink-0 items-center justify-center rounded-lg ${tint}`}>
            <Icon className="size-5" aria-hidden="true" />
          </div>
          <div className="min-w-0">
            <p className="text-sm leading-tight font-medium text-slate-600">{name}</p>
            <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</p>
            {hint && <div className="mt-1 text-xs text-slate-600">{hint}</div>}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function StatCardsSkeleton({ count = 4, label }: { count?: number; label: string }) {
  return (
    <ul className={`${gridStyles} ${COLUMNS[count === 5 ? 5 : 4]}`} role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <li
          key={i}
          className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <Skeleton className="size-11 rounded-lg" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-6 w-12" />
          </div>
        </li>
      ))}
    </ul>
  );
}
