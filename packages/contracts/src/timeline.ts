/**
 * How soon a family wants a place, as one of five urgency bands, used for the timeline badge
 * colour and for the lead score.
 *
 * With a timeline_date: days from today, under 30 immediate (red), under 90 orange, under 180
 * yellow, under 365 blue, otherwise indigo (a date in the past counts as immediate).
 * Without a date, keywords in the timeline text decide (case-insensitive, first match wins):
 *   immediate: "immediately", "asap", "now", "urgent"
 *   orange:    "semester", "few months", "next month", "this term"
 *   yellow:    "six months", "6 months"
 *   blue:      "next year", "school year", "next fall", "next autumn"
 *   indigo:    "exploring", "not sure", "later"
 * Anything else (or no timeline) is unknown (grey).
 */
export type TimelineUrgency = 'immediate' | 'orange' | 'yellow' | 'blue' | 'indigo' | 'unknown';

// Compiled once: scoring runs this for every imported row.
const KEYWORDS: [TimelineUrgency, RegExp][] = (
  [
    ['immediate', ['immediately', 'asap', 'now', 'urgent']],
    ['yellow', ['six months', '6 months']],
    ['orange', ['semester', 'few months', 'next month', 'this term']],
    ['blue', ['next year', 'school year', 'next fall', 'next autumn']],
    ['indigo', ['exploring', 'not sure', 'later']],
  ] as [TimelineUrgency, string[]][]
).map(([urgency, words]) => [urgency, new RegExp(`\\b(?:${words.join('|')})\\b`)]);

const DAY_MS = 86_400_000;

/** Days from `today` to an ISO date (YYYY-MM-DD), counted in whole calendar days. */
export function daysUntil(isoDate: string, today: Date): number {
  const target = Date.UTC(
    Number(isoDate.slice(0, 4)),
    Number(isoDate.slice(5, 7)) - 1,
    Number(isoDate.slice(8, 10)),
  );
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((target - start) / DAY_MS);
}

export function timelineUrgency(
  timeline: string | null | undefined,
  timelineDate: string | null | undefined,
  today: Date = new Date(),
): TimelineUrgency {
  if (timelineDate && /^\d{4}-\d{2}-\d{2}/.test(timelineDate)) {
    const days = daysUntil(timelineDate, today);
    if (days < 30) return 'immediate';
    if (days < 90) return 'orange';
    if (days < 180) return 'yellow';
    if (days < 365) return 'blue';
    return 'indigo';
  }
  const text = (timeline ?? '').toLowerCase();
  if (!text.trim()) return 'unknown';
  for (const [urgency, pattern] of KEYWORDS) {
    if (pattern.test(text)) return urgency;
  }
  return 'unknown';
}
