import { cn } from '@/lib/cn';

/** A grey placeholder block in the shape of content that is still loading (hidden from screen readers). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-slate-200', className)} />;
}
