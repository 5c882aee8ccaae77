import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@lantern/contracts';

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
 * The period's first day on the browser's calendar, only to bound the list's date pickers (the
 * figures are asked for by `period`: the server counts days in the school's time zone). Nothing
 * for All Time.
 */
export function periodFirstDay(period: AnalyticsPeriod, today: Date = new Date()): string | undefined {
  const days = PERIOD_DAYS[period];
  if (days === null) return undefined;
  return calendarDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1)));
}
