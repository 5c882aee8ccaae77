import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/20',
} as const;

export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}
