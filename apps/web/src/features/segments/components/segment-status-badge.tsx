import { segmentStatus, type Segment } from '@lantern/contracts';
import { cn } from '@/lib/cn';

type SegmentStatus = ReturnType<typeof segmentStatus>;

// Spec 4.1: Do Not Contact red, Email Ready green, Processing yellow; Inactive is neutral.
const statusStyles: Record<SegmentStatus, string> = {
  'Do Not Contact': 'bg-red-50 text-red-800 ring-red-600/20',
  Inactive: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  'Email Ready': 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  Processing: 'bg-yellow-50 text-yellow-900 ring-yellow-600/25',
};

export const pillStyles =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';

export function SegmentStatusBadge({ segment }: { segment: Segment }) {
  const status = segmentStatus(segment);
  return (
    <span className={cn(pillStyles, statusStyles[status])} data-status={status}>
      {status}
    </span>
  );
}

/** Matching leads are tagged with the segment automatically. */
export function AutoBadge() {
  return (
    <span
      className={cn(pillStyles, 'bg-indigo-50 text-indigo-700 ring-indigo-600/20')}
      title="Leads that match the rules are added automatically"
    >
      Auto
    </span>
  );
}
