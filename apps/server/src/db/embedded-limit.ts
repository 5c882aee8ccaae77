import type { DatabaseHandle } from './client';
import { readCounter } from './stat-counters';

/**
 * The embedded database's honest limit (issue 25, README "Scale"): up to this many leads (two
 * conversations each) PGlite meets every speed set at 100,000 leads. Measured with bench/scale.ts
 * --db pglite: the leads list and dashboard still meet theirs at 500,000 leads, but Analytics'
 * All Time statistics take 811 ms at 250,000 leads (500,000 conversations; target 400 ms on
 * PGlite). Beyond, a school should set DATABASE_URL.
 */
export const EMBEDDED_LEAD_LIMIT = 100_000;

/**
 * The warning the server writes once when it starts on PGlite holding more leads than
 * EMBEDDED_LEAD_LIMIT; null on PostgreSQL or below the limit. Reads the leads counter (no scan).
 */
export async function embeddedLimitWarning(database: DatabaseHandle): Promise<string | null> {
  if (database.kind !== 'pglite') return null;
  const leads = await readCounter(database.db, 'leads');
  if (leads <= EMBEDDED_LEAD_LIMIT) return null;
  const n = (x: number) => x.toLocaleString('en-US');
  return (
    `The embedded database holds ${n(leads)} leads, more than the ${n(EMBEDDED_LEAD_LIMIT)} it keeps fast: ` +
    'lists, reports and imports will slow down. Set DATABASE_URL to a PostgreSQL server ' +
    '(README: "Scale").'
  );
}
