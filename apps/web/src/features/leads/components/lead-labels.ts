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
