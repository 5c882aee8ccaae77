// The data of a school group running Lantern for years (issue 25): 1,000,000 leads (2 children on
// average, with segment memberships) and 2,000,000 conversations, seeded in minutes by SQL inside
// PostgreSQL, never through the API. A realistic base (seedDemoData: names, children, scores,
// statuses, segments, chats) is written once, then copied in bulk (INSERT ... SELECT, which is
// PostgreSQL's COPY without the client round trip) with fresh ids, emails and dates; the rest of
// the conversations are anonymous chats generated in SQL. The secondary indexes are dropped during
// the copy and built again after (as a restore does), then VACUUM ANALYZE.
// Used by bench/scale.ts; on its own: npx tsx bench/scale-seed.ts --url postgres://... [--leads 1000000]
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { seedDemoData } from '../apps/server/src/seed/demo-data';

type Log = (line: string) => void;

const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The base's size: the whole when small, else a 50th (1,000,000 leads = 50 copies of 20,000). */
export const baseSizeFor = (leads: number) => (leads <= 20_000 ? leads : Math.ceil(leads / 50));

/** A table's writable columns (generated ones left out), in order. */
async function columnsOf(db: Database, table: string): Promise<string[]> {
  const rows = await rowsOf<{ column_name: string }>(
    db,
    sql`select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
          and identity_generation is null
        order by ordinal_position`,
  );
  return rows.map((r) => r.column_name);
}

/**
 * INSERT INTO table SELECT its columns FROM `from`, each column as itself (b.column) unless
 * `overrides` gives its expression: the copy follows whatever columns the table has today.
 */
async function copyRows(
  db: Database,
  table: string,
  from: string,
  overrides: Record<string, string>,
  orderBy?: string,
) {
  const columns = await columnsOf(db, table);
  for (const name of Object.keys(overrides))
    if (!columns.includes(name)) throw new Error(`${table} has no column ${name}`);
  const list = columns.map((c) => `"${c}"`).join(', ');
  const select = columns.map((c) => overrides[c] ?? `b."${c}"`).join(', ');
  await db.execute(
    sql.raw(
      `insert into "${table}" (${list}) select ${select} from ${from}${orderBy ? ` order by ${orderBy}` : ''}`,
    ),
  );
}

/** Drops the tables' secondary indexes (not those behind a constraint) and returns their definitions. */
async function dropSecondaryIndexes(db: Database, tables: string[]): Promise<string[]> {
  const rows = await rowsOf<{ name: string; def: string }>(
    db,
    sql`select i.indexname as name, i.indexdef as def from pg_indexes i
        where i.schemaname = current_schema() and i.tablename in ${sql.raw(`(${tables.map((t) => `'${t}'`).join(', ')})`)}
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const r of rows) await db.execute(sql.raw(`drop index "${r.name}"`));
  return rows.map((r) => r.def);
}

export async function seedScale(
  db: Database,
  options: { leads: number; conversations: number; log?: Log },
): Promise<{ leads: number; conversations: number; seconds: number }> {
  const log = options.log ?? console.log;
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const base = baseSizeFor(options.leads);
  const copies = Math.ceil(options.leads / base) - 1;

  await seedDemoData(db, base, { seed: 7 });
  log(`    base: ${base} leads with their children, segments and chats (${elapsed()})`);
  const tables = ['leads', 'lead_segments', 'conversations', 'visitors'];
  const indexes = copies > 0 || options.conversations > 0 ? await dropSecondaryIndexes(db, tables) : [];
  await db.execute(sql`set maintenance_work_mem = '512MB'`);

  if (copies > 0) {
    // Copy k of a base lead: a new id (derived, so its memberships and chats can follow it), its
    // own address, the same family otherwise, and dates 61 days earlier per copy (years of leads).
    const id = (column: string) => `md5(${column}::text || ':' || k)::uuid`;
    const email = `regexp_replace(b.email, '@', '.' || k || '@')`;
    // Written oldest first, as years of enquiries would be: a name's families lie scattered over
    // the table, not side by side (which would flatter every search).
    await copyRows(
      db,
      'leads',
      `leads b cross join generate_series(1, ${copies}) k`,
      {
        id: id('b.id'),
        email,
        search_text: `replace(b.search_text, b.email, ${email})`,
        visitor_id: 'null',
        created_at: `b.created_at - k * interval '61 days'`,
        updated_at: `b.updated_at - k * interval '61 days'`,
        unsubscribed_at: `b.unsubscribed_at - k * interval '61 days'`,
      },
      `b.created_at - k * interval '61 days'`,
    );
    log(`    leads: ${base * (copies + 1)} (${elapsed()})`);
    await copyRows(db, 'lead_segments', `lead_segments b cross join generate_series(1, ${copies}) k`, {
      lead_id: id('b.lead_id'),
      assigned_at: `b.assigned_at - k * interval '61 days'`,
    });
    log(`    segment memberships copied (${elapsed()})`);
    await copyRows(db, 'visitors', `visitors b cross join generate_series(1, ${copies}) k`, {
      id: `b.id || '.' || k`,
      lead_id: `case when b.lead_id is not null then ${id('b.lead_id')} end`,
      first_seen_at: `b.first_seen_at - k * interval '61 days'`,
      last_seen_at: `b.last_seen_at - k * interval '61 days'`,
    });
    await copyRows(db, 'conversations', `conversations b cross join generate_series(1, ${copies}) k`, {
      id: 'gen_random_uuid()',
      session_id: `b.session_id || '.' || k`,
      visitor_id: `b.visitor_id || '.' || k`,
      lead_id: `case when b.lead_id is not null then ${id('b.lead_id')} end`,
      started_at: `b.started_at - k * interval '61 days'`,
      ended_at: `b.ended_at - k * interval '61 days'`,
      last_activity_at: `b.last_activity_at - k * interval '61 days'`,
    });
  }
  const [{ n: chats } = { n: 0 }] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from conversations`,
  );
  const anonymous = Math.max(0, options.conversations - chats);
  if (anonymous > 0) {
    // The chats that made no lead: one visitor each, 2 to 10 messages (a few ask about speech
    // therapy, for the analytics' message search), spread over ten years, the newest today.
    await db.execute(sql`insert into visitors (id, total_visits, first_seen_at, last_seen_at)
      select 'anon-' || i, 1 + i % 3, now() - interval '3650 days' * (i::float8 / ${anonymous}::int),
        now() - interval '3650 days' * (i::float8 / ${anonymous}::int)
      from generate_series(1, ${anonymous}::int) i`);
    await db.execute(sql`insert into conversations (session_id, visitor_id, started_at, last_activity_at,
        status, completed, messages, context, has_name, has_email, has_child_info)
      select 'anon-' || i, 'anon-' || i, s, s + (n * interval '40 seconds'),
        case when i < 20 then 'in_progress' else 'abandoned' end, i % 9 = 0,
        (select jsonb_agg(jsonb_build_object('role', case when k % 2 = 1 then 'user' else 'assistant' end,
           'content', case when k = 1 and i % 97 = 0 then 'Do you offer speech therapy?'
                           else 'Message ' || k || ' about admissions' end,
           'timestamp', s + k * interval '20 seconds')) from generate_series(1, n) k),
        jsonb_build_object('parentName', 'Visitor ' || i), i % 3 = 0, i % 5 = 0, i % 7 = 0
      from (select i, now() - interval '3650 days' * (i::float8 / ${anonymous}::int) as s, 2 + (i::bigint * 7919) % 9 as n
            from generate_series(1, ${anonymous}::int) i) g`);
  }
  log(`    conversations: ${chats + anonymous} (${elapsed()})`);
  for (const def of indexes) await db.execute(sql.raw(def));
  log(`    ${indexes.length} indexes built again (${elapsed()})`);
  await db.execute(sql`vacuum analyze`);
  const seconds = (performance.now() - started) / 1000;
  log(`    vacuum analyze done: seeded in ${seconds.toFixed(0)} s`);
  return { leads: base * (copies + 1), conversations: chats + anonymous, seconds };
}
