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
 * The children's `field` values in order, joined by '; ' (children without one skipped; empty
 * when none has one), as string_agg over the children would write them. Up to three children (the
 * usual families) are read straight from the array, with no set-returning function: a row per child
 * and an aggregate per lead cost more than the rest of the export row.
 */
const childrenField = (field: 'name' | 'age' | 'grade') => {
  const at = (i: number) => sql.raw(`p.children #>> '{${i},${field}}'`);
  return sql`case j.n when 0 then null when 1 then ${at(0)}
    when 2 then concat_ws('; ', ${at(0)}, ${at(1)})
    when 3 then concat_ws('; ', ${at(0)}, ${at(1)}, ${at(2)})
    else (select string_agg(c->>${sql.raw(`'${field}'`)}, '; ' order by o)
      from jsonb_array_elements(p.children) with ordinality as k(c, o)) end`;
};

/**
 * The distinct values of a flat jsonb array of strings, sorted, joined by '; ' (as
 * string_agg(distinct ...) writes them): one or two values are compared directly, more are sorted.
 */
const distinctSorted = (list: SQL) => {
  const [a, b] = [sql`${list} ->> 0`, sql`${list} ->> 1`];
  return sql`case jsonb_array_length(${list}) when 0 then null when 1 then ${a}
    when 2 then case when ${a} = ${b} then ${a}
      when ${a} < ${b} then concat_ws('; ', ${a}, ${b}) else concat_ws('; ', ${b}, ${a}) end
    else (select string_agg(distinct x, '; ') from jsonb_array_elements_text(${list}) x) end`;
};

/**
 * The export's columns as text, one row per lead of `source`, newest first: children and segment
 * tags aggregated per lead. Shared by the paged export and PostgreSQL's COPY export, so both write
 * the same cells. It takes no parameters (COPY cannot).
 *
 * The children are read from the lead's jsonb array once per row (the lateral `j`: their number
 * and every child's special needs and current support as flat arrays; it names p.id so that no
 * Memoize keyed on the whole array is put in front of it). Three lateral passes over the children
 * with a per-lead sort each made this the export's largest cost (bench/scale.ts: 38 s at 1,000,000
 * leads before).
 */
const exportSelect = (source: SQL, segmentTags: SegmentTagsSql) => sql`
  select p.id, p.email, p.parent_name, p.phone,
    case when p.phone_consent then 'yes' else 'no' end as phone_consent,
    j.n::text as children_count,
    ${childrenField('name')} as children_names,
    ${childrenField('age')} as children_ages,
    ${childrenField('grade')} as children_grades,
    ${distinctSorted(sql`j.needs`)} as special_needs,
    ${distinctSorted(sql`j.support`)} as current_support,
    p.timeline, p.timeline_date::text as timeline_date, p.lead_score::text as lead_score,
    p.conversion_status, p.enrollment_date::text as enrollment_date, p.payment_amount::text as payment_amount,
    p.payment_period, p.email_status, ${iso(sql`p.unsubscribed_at`)} as unsubscribed_at, p.unsubscribe_reason,
    p.biggest_concerns, p.source, ${iso(sql`p.created_at`)} as created_at, ${iso(sql`p.updated_at`)} as updated_at,
    coalesce(${segmentTags(sql`p.id`)}, '') as segment_tags,
    p.created_at::text as cursor_ts
  from ${source} p
  -- offset 0 keeps the lateral a node of its own, so each array is computed once per row.
  cross join lateral (
    select p.id as lead_id, jsonb_array_length(p.children) as n,
      jsonb_path_query_array(p.children, '$[*].specialNeeds[*]') as needs,
      jsonb_path_query_array(p.children, '$[*].currentSupport[*]') as support
    offset 0
  ) j
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

/** Export columns whose cells are never empty nor start like a formula (a uuid, yes/no, a count). */
const ALWAYS_PLAIN = new Set(['id', 'phone_consent', 'children_count']);

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
  // The first character's code (ascii) against the six of neutraliseCsvCell (= + - @ tab CR): one
  // call per cell. An empty text is NULL (an empty CSV field, not ""). The id, the yes/no and the
  // children's number are never empty nor formula-like.
  const cells = columns.map((c) =>
    ALWAYS_PLAIN.has(c)
      ? `e.${c}::text`
      : `case when ascii(e.${c}) in (61, 43, 45, 64, 9, 13) then '''' || e.${c} ` +
        `when e.${c} = '' then null else e.${c} end`,
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
