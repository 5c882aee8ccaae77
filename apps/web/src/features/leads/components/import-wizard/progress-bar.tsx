import { cn } from '@/lib/cn';

/** A progress bar: `value` from 0 to 1, or null while the amount of work left is unknown. */
export function ProgressBar({
  value,
  label,
  className,
}: {
  value: number | null;
  label: string;
  className?: string;
}) {
  const percent = value === null ? null : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-indigo-100', className)}
    >
      <div
        className={cn(
          'h-full rounded-full bg-indigo-600 transition-[width] duration-300',
          percent === null && 'w-1/3 animate-progress',
        )}
        style={percent === null ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
}
