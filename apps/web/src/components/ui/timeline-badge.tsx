import { timelineUrgency, type TimelineUrgency } from '@lantern/contracts';
import { cn } from '@/lib/cn';

// Spec: under 30 days red, under 90 orange, under 180 yellow, under 365 blue, else indigo.
const urgencyStyles: Record<TimelineUrgency, string> = {
  immediate: 'bg-red-100 text-red-800 ring-red-600/25',
  orange: 'bg-orange-100 text-orange-800 ring-orange-600/25',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-600/25',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/25',
  indigo: 'bg-indigo-100 text-indigo-800 ring-indigo-600/25',
  unknown: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

/** The timeline text (and date when set), coloured by urgency. */
export function TimelineBadge({
  timeline,
  timelineDate,
  showDate = true,
}: {
  timeline: string | null;
  timelineDate: string | null;
  /** False where the date is shown beside the badge (narrow table columns); the colour still follows it. */
  showDate?: boolean;
}) {
  const urgency = timelineUrgency(timeline, timelineDate);
  const label = timeline || 'Unknown';
  return (
    <span
      className={cn(
        // rounded-xl: a pill on one line, a rounded box when a narrow column wraps it.
        'inline-flex items-center rounded-xl px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        urgencyStyles[urgency],
      )}
      data-urgency={urgency}
    >
      {label}
      {timelineDate && showDate ? <span className="ml-1 opacity-80">· {timelineDate}</span> : null}
    </span>
  );
}
