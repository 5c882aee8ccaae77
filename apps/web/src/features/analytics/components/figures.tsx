import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { countOf } from '@/lib/format';

/** One figure of a group: its name, its value and, when useful, a word more. */
export function Figure({
  icon: Icon,
  label,
  value,
  detail,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <Icon className="size-4 text-indigo-600" aria-hidden="true" />
        {label}
      </dt>
      <dd className="mt-2 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      {detail && <dd className="mt-1 text-xs text-slate-600">{detail}</dd>}
    </div>
  );
}

export function FigureSkeleton() {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <Skeleton className="h-4 w-28" />
      <Skeleton className="mt-3 h-7 w-16" />
    </div>
  );
}

/** 'N conversations considered', under each group of figures (the answer's `considered`). */
export function ConsideredNote({ considered }: { considered: number }) {
  return (
    <p className="mt-2 text-xs text-slate-500">
      {countOf(considered, 'conversation', 'conversations')} considered
    </p>
  );
}

export const percent = (rate: number) => `${rate}%`;
