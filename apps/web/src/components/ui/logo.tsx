import { cn } from '@/lib/cn';

/** The Lantern mark: a flame in an indigo tile (same drawing as public/favicon.svg). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-9', className)} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path
        d="M16 5.5c.6 4.2 6.5 6.6 6.5 12.8a6.5 6.5 0 0 1-13 0c0-3.4 2-5.5 3.6-7.4.3 1.8 1 2.9 2.1 3.4C14.4 11 15 8.4 16 5.5z"
        fill="#fff"
      />
      <path d="M16 16.2c1.6 1.4 3 2.8 3 4.6a3 3 0 0 1-6 0c0-1.8 1.4-3.2 3-4.6z" fill="#fbbf24" />
    </svg>
  );
}

export function Logo({ subtitle = 'Admissions', className }: { subtitle?: string; className?: string }) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <LogoMark />
      <div className="leading-tight">
        <p className="text-base font-semibold tracking-tight text-slate-900">Lantern</p>
        <p className="text-xs font-medium text-slate-600">{subtitle}</p>
      </div>
    </div>
  );
}
