import { STATUS_TONE, type AnalyticsStatus } from '@lantern/contracts';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type Tone = 'green' | 'yellow' | 'red';

// AA contrast text on a light tint; the words always come with the colour.
const toneStyles: Record<Tone, string> = {
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-600/25',
  yellow: 'bg-amber-100 text-amber-900 ring-amber-600/25',
  red: 'bg-red-100 text-red-800 ring-red-600/25',
};

export function ToneBadge({
  tone,
  children,
  className,
}: {
  tone: Tone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        toneStyles[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

export const STATUS_LABELS: Record<AnalyticsStatus, string> = {
  converted: 'Converted',
  abandoned: 'Abandoned',
  in_progress: 'In progress',
};

/** A conversation's status: converted green, abandoned red, in progress yellow, always with its name. */
export function StatusBadge({ status }: { status: AnalyticsStatus }) {
  return <ToneBadge tone={STATUS_TONE[status]}>{STATUS_LABELS[status]}</ToneBadge>;
}
