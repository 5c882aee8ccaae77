import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { rows, type Queryable } from './rows';

// The counters PostgreSQL keeps for figures a scan cannot give fast at a million leads (the
// dashboard's, the leads list's unfiltered total): the table, reading them, and folding their
// delta rows into one per name so a read stays a scan of a few rows. Shared infrastructure, like
// the connection: the triggers that keep them are in migration 0017_scale and watch several
// modules' tables (leads, conversations, lead_segments), which is why no module owns them.

/**
 * The dashboard's counters (migration 0017_scale): signed deltas appended by statement-level
 * triggers on leads, conversations and lead_segments in the transactions that change them, so a
 * figure is the sum of its name's rows and is exact at every commit. Names: 'leads',
 * 'lead_downloads' (the sum of leads' resource_downloads), 'completed_conversations', and
 * 'segment:<segment id>' (its members). The triggers live only in the SQL migration.
 */
export const statCounters = pgTable(
  'stat_counters',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
  },
  (t) => [index('stat_counters_name_idx').on(t.name, t.delta)],
);

/** Fold once a read has summed more rows than this. */
export const COMPACT_AFTER_ROWS = 500;

export type Counters = {
  leads: number;
  leadDownloads: number;
  completedConversations: number;
  /** Members per segment id (absent: none). */
  segmentMembers: Map<string, number>;
};

/** Every counter, and how many rows were summed for them. */
export async function readCounters(db: Queryable): Promise<Counters & { rows: number }> {
  const sums = await rows<{ name: string; n: string | number; rows: string | number }>(
    db,
    sql`select name, sum(delta) as n, count(*) as rows from ${statCounters} group by name`,
  );
  const counters: Counters & { rows: number } = {
    leads: 0,
    leadDownloads: 0,
    completedConversations: 0,
    segmentMembers: new Map(),
    rows: 0,
  };
  for (const r of sums) {
    const n = Number(r.n);
    counters.rows += Number(r.rows);
    if (r.name === 'leads') counters.leads = n;
    else if (r.name === 'lead_downloads') counters.leadDownloads = n;
    else if (r.name === 'completed_conversations') counters.completedConversations = n;
    else if (r.name.startsWith('segment:') && n !== 0) counters.segmentMembers.set(r.name.slice(8), n);
  }
  return counters;
}

/**
 * Folds every name's delta rows into one (names summing to zero disappear), in one statement: rows
 * appended meanwhile by other transactions are not in its snapshot and stay; two folds at once
 * each fold only the rows they deleted. Runs on the primary.
 */
export async function compactCounters(db: Queryable): Promise<void> {
  await db.execute(sql`
    with folded as (delete from ${statCounters} returning name, delta)
    insert into ${statCounters} (name, delta)
    select name, sum(delta) from folded group by name having sum(delta) <> 0`);
}

/** The exact figures by scanning the data, to check the counters against (tests, drift checks). */
export async function countersByScan(db: Queryable): Promise<Counters> {
  const [totals] = await rows<{ leads: string; downloads: string; completed: string }>(
    db,
    sql`select
      (select count(*) from leads) as leads,
      (select coalesce(sum(resource_downloads), 0) from leads) as downloads,
      (select count(*) from conversations where completed) as completed`,
  );
  const members = await rows<{ segment_id: string; n: string }>(
    db,
    sql`select segment_id, count(*) as n from lead_segments group by segment_id`,
  );
  return {
    leads: Number(totals!.leads),
    leadDownloads: Number(totals!.downloads),
    completedConversations: Number(totals!.completed),
    segmentMembers: new Map(members.map((m) => [m.segment_id, Number(m.n)])),
  };
}

/** One counter's value (0 when it has no rows). */
export async function readCounter(db: Queryable, name: string): Promise<number> {
  return (await readCounterRows(db, name)).value;
}

async function readCounterRows(db: Queryable, name: string) {
  const [row] = await rows<{ n: string | number | null; rows: string | number }>(
    db,
    sql`select sum(delta) as n, count(*) as rows from ${statCounters} where name = ${name}`,
  );
  return { value: Number(row?.n ?? 0), rows: Number(row?.rows ?? 0) };
}

let folding: Promise<void> | null = null;

/**
 * Folds the counters on the primary, in the background, unless a fold is already running in this
 * process; a failure is only reported (the figures stay exact unfolded, only slower to sum).
 */
export function foldCountersSoon(primary: Queryable, onError: (error: unknown) => void = () => {}) {
  folding ??= compactCounters(primary)
    .catch(onError)
    .finally(() => (folding = null));
  return folding;
}

/**
 * One counter read where reads go (`read`, a replica with DATABASE_READ_URL), folded on the
 * primary when its rows have piled up (every write statement adds one): whichever screen reads a
 * counter keeps them short, not only the dashboard.
 */
export async function readCounterFolding(read: Queryable, primary: Queryable, name: string): Promise<number> {
  const { value, rows } = await readCounterRows(read, name);
  if (rows > COMPACT_AFTER_ROWS) void foldCountersSoon(primary);
  return value;
}
