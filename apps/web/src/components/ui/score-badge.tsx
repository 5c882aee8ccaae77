import { scoreBand } from '@lantern/contracts';
import { cn } from '@/lib/cn';

// Spec colours: green at 70 or above, yellow at 40 to 69, red below 40 (AA contrast text on tint).
const bandStyles = {
  high: 'bg-emerald-100 text-emerald-800 ring-emerald-600/25',
  medium: 'bg-amber-100 text-amber-900 ring-amber-600/25',
  low: 'bg-red-100 text-red-800 ring-red-600/25',
} as const;

const bandNames = { high: 'high', medium: 'medium', low: 'low' } as const;

export function ScoreBadge({ score, className }: { score: number; className?: string }) {
  const band = scoreBand(score);
  return (
    <span
      className={cn(
        'inline-flex min-w-10 items-center justify-center rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-inset',
        bandStyles[band],
        className,
      )}
      title={`Lead score ${score} (${bandNames[band]})`}
      data-band={band}
    >
      {score}
    </span>
  );
}
