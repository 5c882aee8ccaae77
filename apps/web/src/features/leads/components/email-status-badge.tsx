import { cn } from '@/lib/cn';
import { statusLabel } from './lead-labels';

const tones: Record<string, string> = {
  subscribed: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  unsubscribed: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  bounced: 'bg-amber-50 text-amber-900 ring-amber-600/20',
  complained: 'bg-red-50 text-red-800 ring-red-600/20',
};

export function EmailStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tones[status] ?? tones.unsubscribed,
      )}
    >
      {statusLabel(status)}
    </span>
  );
}
