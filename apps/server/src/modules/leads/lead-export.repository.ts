import { desc, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { to as copyTo } from 'pg-copy-streams';
import { poolOf, type Database } from '../../db/client';
import { leads } from './leads.tables';

// Every lead a page at a time, and the CSV export's rows (paged, or PostgreSQL's own COPY):
// report queries, so SQL. createLeadsRepository includes them.

export type ExportCursor = { ts: string; id: string };
/** An export row: column name to text (null when empty). */
export type ExportRow = Record<string, string | null> & { id: string };
/**
 * The lead's segment names as one text (null when none), as a SQL expression on the lead's id with
 * no parameters (the COPY export cannot take any): the segments module gives it (segmentTagsSql).
 */
export type SegmentTagsSql = (leadId: SQL) => SQL;

/** PostgreSQL's ISO-8601 text of a timestamp, as JavaScript's toISOString writes it. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The export's columns as text, one row per lead of `source`, newest first: children and segment
 * tags aggregated per lead. Shared by the paged export and PostgreSQL's COPY export, so both write
 * the same cells. It takes no parameters (COPY cannot).
 */
const exportSelect = (source: SQL, segmentTags: SegmentTagsSql) => sql`
  select p.id, p.email, p.parent_name, p.phone,
    case when p.phone_consent then 'yes' else 'no' end as phone_consent,
    coalesce(k.children_count, '0') as children_count, k.children_names, k.children_ages, k.children_grades,
    n.special_needs, s.current_support,
    p.timeline, p.timeline_date::text as timeline_date, p.lead_score::text as lead_score,
    p.conversion_status, p.enrollment_date::text as enrollment_date, p.payment_amount::text as payment_amount,
    p.payment_period, p.email_status, ${iso(sql`p.unsubscribed_at`)} as unsubscribed_at, p.unsubscribe_reason,
    p.biggest_concerns, p.source, ${iso(sql`p.created_at`)} as created_at, ${iso(sql`p.updated_at`)} as updated_at,
    coalesce(${segmentTags(sql`p.id`)}, '') as segment_tags,
    p.created_at::text as cursor_ts
  from ${source} p
  -- The children are in the lead's row (an ordered jsonb array).
  left join lateral (
    select count(*)::text as children_count,
      string_agg(c->>'name', '; ' order by o) as children_names,
      string_agg(c->>'age', '; ' order by o) as children_ages,
      string_agg(c->>'grade', '; ' order by o) as children_grades
    from jsonb_array_elements(p.children) with ordinality as k(c, o)
  ) k on true
  left join lateral (
    select string_agg(distinct x, '; ') as special_needs
    from jsonb_array_elements(p.children) c, jsonb_array_elements_text(c->'specialNeeds') x
  ) n on true
  left join lateral (
    select string_agg(distinct x, '; ') as current_support
    from jsonb_array_elements(p.children) c, jsonb_array_elements_text(c->'currentSupport') x
  ) s on true
  order by p.created_at desc, p.id desc`;

/**
 * Leads newest first after a keyset cursor, for streaming exports. The cursor keeps the
 * timestamp as PostgreSQL's text (a JavaScript Date would drop its microseconds), and the
 * comparison against constants lets the newest-first index do the work.
 */
async function findPageAfter(db: Database, cursor: ExportCursor | null, limit: number) {
  const rows = await db
    .select({ lead: leads, cursorTs: sql<string>`${leads.createdAt}::text` })
    .from(leads)
    .where(
      cursor
        ? sql`(${leads.createdAt}, ${leads.id}) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
  const last = rows.at(-1);
  return {
    rows: rows.map(({ lead }) => lead),
    next: last ? { ts: last.cursorTs, id: last.lead.id } : null,
  };
}

/**
 * One page of the CSV export as flat text columns, children and segment tags aggregated in SQL: parsing plain
 * strings is what keeps a 100,000-lead export fast and its memory flat (a report query, so SQL).
 */
async function exportRowsAfter(
  db: Database,
  cursor: ExportCursor | null,
  limit: number,
  segmentTags: SegmentTagsSql,
): Promise<{ rows: ExportRow[]; next: ExportCursor | null }> {
  // JIT compiling costs more than this page query; estimates right after a bulk import can trigger it.
  const result = (await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute(sql`
    with page as (
      select * from ${leads} l
      where ${cursor ? sql`(l.created_at, l.id) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)` : sql`true`}
      order by l.created_at desc, l.id desc
      limit ${limit}
    )
    ${exportSelect(sql`page`, segmentTags)}`);
  })) as unknown as { rows: (ExportRow & { cursor_ts: string })[] };
  const last = result.rows.at(-1);
  return { rows: result.rows, next: last ? { ts: last.cursor_ts, id: last.id } : null };
}

/**
 * PostgreSQL only (null on PGlite): the whole CSV export written by PostgreSQL itself, COPY ... TO
 * STDOUT in CSV format, streamed as it comes (the socket's pace sets the database's). No row
 * becomes a JavaScript object, so the server's memory stays flat however many leads there are.
 * Cells are the page query's, empty ones as NULL, formula-like ones neutralised in SQL exactly
 * as neutraliseCsvCell does. `rows` is counted in the snapshot the COPY reads.
 */
async function copyExportCsv(
  db: Database,
  columns: readonly string[],
  segmentTags: SegmentTagsSql,
): Promise<{ rows: number; data: AsyncGenerator<Buffer> } | null> {
  const pool = poolOf(db);
  if (!pool) return null;
  for (const c of columns) if (!/^[a-z_]+$/.test(c)) throw new Error(`not an export column: ${c}`);
  const cells = columns.map(
    (c) =>
      `case when left(e.${c}::text, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || e.${c}::text ` +
      `else nullif(e.${c}::text, '') end`,
  );
  // COPY takes no parameters: the query is literal (checked column names, no user text).
  const inner = new PgDialect().sqlToQuery(exportSelect(sql`${leads}`, segmentTags));
  if (inner.params.length) throw new Error('the export query must not take parameters');
  const client = await pool.connect();
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query('set local jit = off');
    // A download that stalls (the socket's pace is the COPY's) cannot hold a connection forever.
    await client.query(`set local statement_timeout = '15min'`);
    const counted = await client.query<{ n: number }>('select count(*)::int as n from leads');
    const copy = client.query(
      copyTo(`copy (select ${cells.join(', ')} from (${inner.sql}) e) to stdout with (format csv)`),
    );
    async function* data(): AsyncGenerator<Buffer> {
      try {
        for await (const chunk of copy) yield chunk as Buffer;
        await client.query('commit');
        release();
      } finally {
        // Stopped early (the download was cancelled) or failed: the connection is mid-COPY,
        // so it is closed, not returned to the pool.
        release(new Error('export stopped before its end'));
      }
    }
    return { rows: counted.rows[0]?.n ?? 0, data: data() };
  } catch (error) {
    release(error as Error);
    throw error;
  }
}

export function createLeadExportQueries(db: Database) {
  return {
    findPageAfter: (cursor: ExportCursor | null, limit: number) => findPageAfter(db, cursor, limit),
    exportRowsAfter: (cursor: ExportCursor | null, limit: number, segmentTags: SegmentTagsSql) =>
      exportRowsAfter(db, cursor, limit, segmentTags),
    copyExportCsv: (columns: readonly string[], segmentTags: SegmentTagsSql) =>
      copyExportCsv(db, columns, segmentTags),
  };
}
