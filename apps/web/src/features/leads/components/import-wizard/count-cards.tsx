import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';

const tones = {
  success: 'text-emerald-700 bg-emerald-50',
  error: 'text-red-700 bg-red-50',
  warning: 'text-amber-700 bg-amber-50',
  info: 'text-indigo-700 bg-indigo-50',
  neutral: 'text-slate-600 bg-slate-100',
} as const;

export type CountCard = { label: string; value: number; tone: keyof typeof tones; icon: LucideIcon };

/** Summary figures of a check or an import, e.g. Valid 3, Invalid 1. */
export function CountCards({ cards }: { cards: CountCard[] }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-3', cards.length > 3 ? 'sm:grid-cols-4' : 'sm:grid-cols-3')}>
      {cards.map(({ label, value, tone, icon: Icon }) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
          <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
            <span className={cn('flex size-7 items-center justify-center rounded-lg', tones[tone])}>
              <Icon className="size-4" aria-hidden="true" />
            </span>
            {label}
          </dt>
          <dd
            className={cn(
              'mt-2 text-2xl font-semibold tabular-nums',
              value === 0 ? 'text-slate-400' : 'text-slate-900',
            )}
          >
            {formatCount(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
