import { ADMIN_TIMELINES, PUBLIC_TIMELINES } from '@lantern/contracts';

/** A status value as people read it: not_interested -> Not interested. */
export function statusLabel(value: string): string {
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Timelines offered by the filter: the admin forms' list, then those only the public form uses
 * (leads carry both; the server matches case-insensitively, so 'Just Exploring' is 'Just exploring').
 */
export const TIMELINE_FILTER_OPTIONS: string[] = [...ADMIN_TIMELINES, ...PUBLIC_TIMELINES].filter(
  (timeline, index, all) =>
    all.findIndex((other) => other.toLowerCase() === timeline.toLowerCase()) === index,
);

/** Created dates as a short, unambiguous date (e.g. 22 Nov 2026 or Nov 22, 2026 by locale). */
const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** A calendar date (YYYY-MM-DD) in the same format, read as a local day so no time zone shifts it. */
export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return dateFormat.format(new Date(year, month - 1, day));
}
