import type { AnalyticsPeriod } from '@lantern/contracts';
import { sql, type SQL } from 'drizzle-orm';

/** The period of a query, as the contracts' range schemas check it. */
export type AnalyticsRange = { dateFrom?: string; dateTo?: string; period?: AnalyticsPeriod };

const PERIOD_DAYS: Record<Exclude<AnalyticsPeriod, 'all'>, number> = {
  today: 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
};
const isBareDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
const hasOffset = (v: string) => /(?:Z|[+-]\d{2}:?\d{2})$/.test(v);

/** The start of a day (a date expression) in the school's zone, as an instant. */
const startOfDay = (date: SQL, zone: string) => sql`((${date})::timestamp at time zone ${zone}::text)`;

/** A timestamp the caller gave: with an offset as written, without one in the school's zone. */
const instant = (v: string, zone: string) =>
  hasOffset(v) ? sql`(${v}::timestamptz)` : sql`(${v}::timestamp at time zone ${zone}::text)`;

/**
 * The condition that `column` (a timestamptz) falls in the range: a bare date is its whole day in
 * the school's zone (dateTo included), a preset counts whole days up to today in that zone.
 * Undefined for All Time.
 */
export function rangeCondition(column: SQL, range: AnalyticsRange, zone: string, now: Date): SQL | undefined {
  const conditions: SQL[] = [];
  if (range.period && range.period !== 'all') {
    const today = sql`(${now.toISOString()}::timestamptz at time zone ${zone}::text)::date`;
    conditions.push(
      sql`${column} >= ${startOfDay(sql`${today} - ${PERIOD_DAYS[range.period] - 1}::int`, zone)}`,
    );
  }
  if (range.dateFrom) {
    const from = range.dateFrom;
    conditions.push(
      sql`${column} >= ${isBareDate(from) ? startOfDay(sql`${from}::date`, zone) : instant(from, zone)}`,
    );
  }
  if (range.dateTo) {
    const to = range.dateTo;
    conditions.push(
      isBareDate(to)
        ? sql`${column} < ${startOfDay(sql`${to}::date + 1`, zone)}`
        : sql`${column} <= ${instant(to, zone)}`,
    );
  }
  return conditions.length ? sql.join(conditions, sql` and `) : undefined;
}

/** The date (YYYY-MM-DD) and the hour of the day of an instant, in the school's zone. */
export const localDate = (column: SQL, zone: string) =>
  sql<string>`to_char((${column} at time zone ${zone}::text), 'YYYY-MM-DD')`;
export const localHour = (column: SQL, zone: string) =>
  sql<number>`extract(hour from (${column} at time zone ${zone}::text))::int`;

/**
 * The same period as rangeCondition, as its bounds: started at or after `from`, before `to` (at or
 * before when `toInclusive`: a dateTo with a time). Undefined where the period is open.
 */
export function rangeBounds(
  range: AnalyticsRange,
  zone: string,
  now: Date,
): { from?: SQL; to?: SQL; toInclusive: boolean } {
  const lower: SQL[] = [];
  if (range.period && range.period !== 'all') {
    const today = sql`(${now.toISOString()}::timestamptz at time zone ${zone}::text)::date`;
    lower.push(startOfDay(sql`${today} - ${PERIOD_DAYS[range.period] - 1}::int`, zone));
  }
  if (range.dateFrom) {
    const from = range.dateFrom;
    lower.push(isBareDate(from) ? startOfDay(sql`${from}::date`, zone) : instant(from, zone));
  }
  const to = range.dateTo;
  return {
    from: lower.length
      ? lower.length === 1
        ? lower[0]
        : sql`greatest(${sql.join(lower, sql`, `)})`
      : undefined,
    to: to ? (isBareDate(to) ? startOfDay(sql`${to}::date + 1`, zone) : instant(to, zone)) : undefined,
    toInclusive: Boolean(to && !isBareDate(to)),
  };
}
