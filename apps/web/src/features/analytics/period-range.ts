import { ANALYTICS_PERIODS, type AnalyticsPeriod, type AnalyticsRangeQuery } from '@lantern/contracts';

/** How many days each period covers, today included (All Time has no start). */
const PERIOD_DAYS: Record<AnalyticsPeriod, number | null> = {
  today: 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
  all: null,
};

export const isAnalyticsPeriod = (value: string | null): value is AnalyticsPeriod =>
  (ANALYTICS_PERIODS as readonly string[]).includes(value ?? '');

/** A day of the browser's calendar as the API takes it: 2026-11-24. */
export function calendarDate(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * The period's first day as dateFrom (which zone a date is in is the server's business); nothing for
 * All Time. The period runs to now, so no dateTo.
 */
export function periodRange(period: AnalyticsPeriod, today: Date = new Date()): AnalyticsRangeQuery {
  const days = PERIOD_DAYS[period];
  if (days === null) return {};
  const first = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { dateFrom: calendarDate(first) };
}

/**
 * The conversation list's dates: the narrower of the period and the staff's own range. A range
 * picked outside the period is kept inside it.
 */
export function listRange(
  period: AnalyticsRangeQuery,
  picked: { from: string; to: string },
): AnalyticsRangeQuery {
  const dateFrom = [period.dateFrom, picked.from].filter(Boolean).sort().at(-1);
  const dateTo = picked.to && (!dateFrom || picked.to >= dateFrom) ? picked.to : undefined;
  return { ...(dateFrom && { dateFrom }), ...(dateTo && { dateTo }) };
}
