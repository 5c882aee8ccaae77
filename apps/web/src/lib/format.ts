/** Dates and counts as every screen shows them, in the browser's locale. */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const day = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const dateFormat = new Intl.DateTimeFormat(undefined, day);
// A calendar date is midnight UTC once parsed: formatted in UTC it stays that day in every time zone.
const calendarDateFormat = new Intl.DateTimeFormat(undefined, { ...day, timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const numberFormat = new Intl.NumberFormat();

function parse(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A short, unambiguous date (22 Nov 2026 or Nov 22, 2026 by locale): a calendar date (YYYY-MM-DD) as
 * that day, a timestamp as its local day. Anything unreadable is shown as it came.
 */
export function formatDate(value: string): string {
  const isCalendarDate = DATE_ONLY.test(value);
  const date = parse(value);
  if (!date) return value;
  return (isCalendarDate ? calendarDateFormat : dateFormat).format(date);
}

/** A timestamp's local date and time (Nov 22, 2026, 3:05 PM); anything unreadable as it came. */
export function formatDateTime(value: string): string {
  const date = parse(value);
  return date ? dateTimeFormat.format(date) : value;
}

/** A timestamp's local time of day (3:05 PM); anything unreadable as it came. */
export function formatTime(value: string): string {
  const date = parse(value);
  return date ? timeFormat.format(date) : value;
}

/** A count with the locale's digit grouping: 12,500. */
export const formatCount = (n: number) => numberFormat.format(n);

/** A count and its noun: '1 file', '12,500 downloads'. */
export const countOf = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
