import { browserTimeZone, formatScheduled, zoneAbbreviation } from './schedule-time';

/** The calendar day of an instant in a zone (to say a second zone's date only when it differs). */
const dayIn = (value: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(value),
  );

/** The time of day in 12-hour form in a zone ('9:00 AM'). */
const timeIn = (value: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(
    new Date(value),
  );

/**
 * A scheduled send's time in 12-hour form in the browser's zone, and in the zone it was scheduled
 * in (the school's by default) when that differs: its time, with its date only if another day.
 */
export function ScheduledTime({
  value,
  timeZone,
  label,
}: {
  value: string;
  timeZone: string | null | undefined;
  label?: string;
}) {
  const local = browserTimeZone();
  let other: string | null = null;
  if (timeZone && timeZone !== local && !Number.isNaN(Date.parse(value))) {
    try {
      other =
        dayIn(value, timeZone) === dayIn(value, local)
          ? timeIn(value, timeZone)
          : formatScheduled(value, timeZone);
    } catch {
      other = null; // an unknown zone: the browser's time alone
    }
  }
  return (
    <div data-testid="scheduled-time">
      <p>
        {label && <span className="text-slate-600">{label}</span>} {formatScheduled(value)}{' '}
        <span className="text-slate-600">{zoneAbbreviation(value, local)}</span>
      </p>
      {other && (
        <p className="text-slate-600">
          {other} in {timeZone}
        </p>
      )}
    </div>
  );
}
