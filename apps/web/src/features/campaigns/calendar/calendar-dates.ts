import type { CampaignSummary } from '@lantern/contracts';

/**
 * The Schedule calendar's date arithmetic (spec document 3, 2.6 and 9 'Calendar'): weeks run
 * Sunday to Saturday, a campaign sits on the browser-local day of its scheduled instant, times are
 * 12-hour. Days are plain local dates (midnight), never instants.
 */

/** At most this many campaigns are listed in a day cell; the rest are '+N more' (9). */
export const CALENDAR_ITEMS_PER_DAY = 2;

export const WEEKDAYS = [
  { short: 'Sun', long: 'Sunday' },
  { short: 'Mon', long: 'Monday' },
  { short: 'Tue', long: 'Tuesday' },
  { short: 'Wed', long: 'Wednesday' },
  { short: 'Thu', long: 'Thursday' },
  { short: 'Fri', long: 'Friday' },
  { short: 'Sat', long: 'Saturday' },
] as const;

/** Local midnight of the day a date falls on. */
export const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/** The first day of the month a date falls on. */
export const startOfMonth = (date: Date) => new Date(date.getFullYear(), date.getMonth(), 1);

/** The same day moved by whole days (calendar days: daylight saving changes do not shift it). */
export const addDays = (day: Date, days: number) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate() + days);

/** The same day of the month `months` later, clamped to that month's last day (Jan 31 + 1 = Feb 28). */
export function addMonths(day: Date, months: number): Date {
  const first = new Date(day.getFullYear(), day.getMonth() + months, 1);
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  return new Date(first.getFullYear(), first.getMonth(), Math.min(day.getDate(), last));
}

export const isSameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

export const isSameMonth = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth();

const pad = (n: number) => String(n).padStart(2, '0');

/** A local day's key, YYYY-MM-DD. */
export const dayKey = (day: Date) => `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;

/**
 * The month's grid: whole weeks from the Sunday on or before the 1st to the Saturday on or after the
 * last day (4 to 6 weeks), each week seven local days.
 */
export function monthWeeks(month: Date): Date[][] {
  const first = startOfMonth(month);
  const start = addDays(first, -first.getDay());
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0);
  const end = addDays(last, 6 - last.getDay());
  const weeks: Date[][] = [];
  for (let day = start; day <= end; day = addDays(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(day, i)));
  }
  return weeks;
}

const monthTitleFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const fullDateFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** 'November 2026' */
export const monthTitle = (month: Date) => monthTitleFormat.format(month);

/** 'Tuesday, November 24, 2026' */
export const fullDate = (day: Date) => fullDateFormat.format(day);

/** A 12-hour time of day in the browser's time zone (or the zone given): '9:00 AM'. */
export function formatTime12(instant: string | Date, timeZone?: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).format(date);
}

/**
 * Whether two IANA zones show the same wall-clock time at an instant (Europe/London and
 * Europe/Dublin do; aliases such as UTC and Etc/UTC do too).
 */
export function sameOffset(a: string, b: string, at: Date): boolean {
  if (a === b) return true;
  try {
    return formatTime12(at, a) === formatTime12(at, b) && dayIn(a, at) === dayIn(b, at);
  } catch {
    return false;
  }
}

const dayIn = (timeZone: string, at: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

/** A campaign as the calendar places it: on the local day of its instant. */
export type CalendarEntry = {
  campaign: CampaignSummary;
  at: Date;
  /** Sent campaigns are shown muted; scheduled ones are what the calendar is for. */
  isSent: boolean;
};

/** The instant a campaign belongs on the calendar: a scheduled one's schedule, a sent one's send. */
function entryInstant(c: CampaignSummary): Date | null {
  const value = c.publish_status === 'sent' ? (c.sent_at ?? c.scheduled_for) : c.scheduled_for;
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The campaigns by local day (YYYY-MM-DD), each day in time order; campaigns without a time are left out. */
export function entriesByDay(campaigns: readonly CampaignSummary[]): Map<string, CalendarEntry[]> {
  const byDay = new Map<string, CalendarEntry[]>();
  const seen = new Set<string>();
  for (const campaign of campaigns) {
    if (seen.has(campaign.id)) continue;
    seen.add(campaign.id);
    const at = entryInstant(campaign);
    if (!at) continue;
    const key = dayKey(at);
    const list = byDay.get(key) ?? [];
    list.push({ campaign, at, isSent: campaign.publish_status === 'sent' });
    byDay.set(key, list);
  }
  for (const list of byDay.values())
    list.sort((a, b) => a.at.getTime() - b.at.getTime() || a.campaign.name.localeCompare(b.campaign.name));
  return byDay;
}

/** The items a day cell lists and how many it folds into '+N more'. */
export function cellItems<T>(entries: readonly T[]): { shown: T[]; more: number } {
  return {
    shown: entries.slice(0, CALENDAR_ITEMS_PER_DAY),
    more: Math.max(0, entries.length - CALENDAR_ITEMS_PER_DAY),
  };
}

/** Days before today are past: no Reschedule there. Today still counts (a later time can be chosen). */
export const isPastDay = (day: Date, now: Date) => startOfDay(day) < startOfDay(now);

/** Whether a campaign on the calendar may be moved: scheduled (not sent) and on today or later. */
export const canReschedule = (entry: CalendarEntry, now: Date) =>
  !entry.isSent && entry.campaign.publish_status === 'scheduled' && !isPastDay(entry.at, now);

/** The screen reader's name of a day cell: 'Tuesday, November 24, 2026, 3 campaigns scheduled'. */
export function dayLabel(day: Date, entries: readonly CalendarEntry[], isToday: boolean): string {
  const scheduled = entries.filter((e) => !e.isSent).length;
  const sent = entries.length - scheduled;
  const parts = [fullDate(day)];
  if (isToday) parts.push('today');
  if (scheduled === 0 && sent === 0) parts.push('no campaigns');
  if (scheduled > 0) parts.push(`${scheduled} ${scheduled === 1 ? 'campaign' : 'campaigns'} scheduled`);
  if (sent > 0) parts.push(`${sent} sent`);
  return parts.join(', ');
}
