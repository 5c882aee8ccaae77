import { DELIVERY_MESSAGES, type CampaignList } from '@lantern/contracts';

/**
 * The Schedule Campaign dialog's arithmetic (spec document 3, 5.4): the date and time are read in
 * the browser's time zone, the default is tomorrow at 09:00, the date picker's minimum is today.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as the date input's value (YYYY-MM-DD), in the browser's zone. */
export const dateInputValue = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** A time as the time input's value (HH:MM, 24-hour), in the browser's zone. */
export const timeInputValue = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** The browser's IANA time zone (read-only in the dialog); UTC when the browser does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The dialog's first values: tomorrow at 09:00, or the campaign's current schedule (Reschedule). */
export function defaultSchedule(now: Date, current?: string | null): { date: string; time: string } {
  const existing = current ? new Date(current) : null;
  if (existing && !Number.isNaN(existing.getTime()) && existing.getTime() > now.getTime())
    return { date: dateInputValue(existing), time: timeInputValue(existing) };
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0, 0, 0);
  return { date: dateInputValue(tomorrow), time: '09:00' };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant the inputs name in the browser's zone, or the message that says why not:
 * 'Please select both date and time', 'Schedule time must be in the future', or an unreadable date.
 */
export function scheduleInstant(
  date: string,
  time: string,
  now: Date,
): { ok: true; instant: Date } | { ok: false; error: string } {
  if (!date.trim() || !time.trim()) return { ok: false, error: DELIVERY_MESSAGES.scheduleMissing };
  const d = DATE.exec(date.trim());
  const t = TIME.exec(time.trim());
  if (!d || !t) return { ok: false, error: DELIVERY_MESSAGES.scheduleInvalid };
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [hours, minutes] = [Number(t[1]), Number(t[2])];
  const instant = new Date(year, month - 1, day, hours, minutes, 0, 0);
  // new Date rolls 31 February into March: such a date is not a date.
  if (
    Number.isNaN(instant.getTime()) ||
    instant.getFullYear() !== year ||
    instant.getMonth() !== month - 1 ||
    instant.getDate() !== day ||
    hours > 23 ||
    minutes > 59
  )
    return { ok: false, error: DELIVERY_MESSAGES.scheduleInvalid };
  if (instant.getTime() <= now.getTime()) return { ok: false, error: DELIVERY_MESSAGES.schedulePast };
  return { ok: true, instant };
}

/** A moment in 12-hour form with its date ('Nov 25, 2026, 9:00 AM'), in the given zone or the browser's. */
export function formatScheduled(value: string, timeZone?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  try {
    return new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      ...(timeZone ? { timeZone } : {}),
    }).format(date);
  } catch {
    // An unknown zone: the browser's own.
    return formatScheduled(value);
  }
}

/** A zone's short name for a moment ('GMT+1', 'EST'), for the line under a scheduled time. */
export function zoneAbbreviation(value: string, timeZone: string): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(value))
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** How often the list is asked again once a scheduled campaign's time has come (its send starts). */
export const DUE_SCHEDULE_POLL_MS = 5000;
/** The longest wait before asking again while a campaign is scheduled. */
const SCHEDULE_POLL_MAX_MS = 5 * 60_000;

/**
 * When to ask for the list again: just after the soonest scheduled campaign's time (every few
 * seconds once it is due, until its send has started), or never when nothing is scheduled.
 */
export function nextSchedulePoll(list: CampaignList | undefined, now = Date.now()): number | false {
  let wait = Infinity;
  for (const c of list?.campaigns ?? []) {
    if (c.publish_status !== 'scheduled' || !c.scheduled_for) continue;
    const due = Date.parse(c.scheduled_for);
    if (Number.isNaN(due)) continue;
    wait = Math.min(wait, due <= now ? DUE_SCHEDULE_POLL_MS : due - now + 1000);
  }
  return Number.isFinite(wait) ? Math.min(wait, SCHEDULE_POLL_MAX_MS) : false;
}
