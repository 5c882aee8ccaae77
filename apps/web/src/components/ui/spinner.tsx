import { cn } from '@/lib/cn';

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

/** Decorative by default; pass a label when the spinner is the only sign that something is loading. */
export function Spinner({
  size = 'md',
  label,
  className,
}: {
  size?: keyof typeof sizes;
  label?: string;
  className?: string;
}) {
  return (
    <span role={label ? 'status' : undefined} className={cn('inline-flex', className)}>
      <svg className={cn('animate-spin', sizes[size])} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

export function FullPageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 text-indigo-600">
      <Spinner size="lg" />
      <p role="status" className="text-sm font-medium text-slate-600">
        {label}
      </p>
    </div>
  );
}
