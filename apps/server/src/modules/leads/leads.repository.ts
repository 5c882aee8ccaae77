import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { connectionOf, poolOf, type Database } from '../../db/client';
import { copyInto, copyLine } from '../../db/copy-text';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors';
import { timeOrderedUuid } from '../../db/time-ordered-id';
import { leadConditions } from './lead-columns';
import { leads, type LeadChildRow, type LeadRow, type NewChild } from './leads.tables';

/** The children as their lead's row keeps them: in order, each with an id unique within the lead. */
export function storedChildren(children: NewChild[]): LeadChildRow[] {
  const seen = new Set<string>();
  return children.map((c) => {
    const id = c.id && !seen.has(c.id) ? c.id : timeOrderedUuid();
    seen.add(id);
    return {
      id,
      name: c.name,
      age: c.age,
      grade: c.grade,
      specialNeeds: c.specialNeeds,
      currentSupport: c.currentSupport,
    };
  });
}

/** A lead for insertMany, in the columns' wire names. */
export type BulkLead = {
  created_at: string;
  email: string;
  parent_name: string;
  phone: string | null;
  timeline: string | null;
  timeline_date: string | null;
  biggest_concerns: string | null;
  lead_score: number;
  score_breakdown: unknown;
  search_text: string;
  source: string;
  child_count: number;
  first_child_name: string | null;
  first_child_age: number | null;
  first_child_special_needs: string[];
  first_child_current_support: string[];
  all_special_needs: string[];
  all_ages: number[];
  /** As the lead's row keeps them (see storedChildren). */
  children: LeadChildRow[];
};
export type ExportCursor = { ts: string; id: string };
/** An export row: column name to text (null when empty). */
export type ExportRow = Record<string, string | null> & { id: string };
export type DbOrTx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
/**
 * The lead's segment names as one text (null when none), as a SQL expression on the lead's id with
 * no parameters (the COPY export cannot take any): the segments module gives it (segmentTagsSql).
 */
export type SegmentTagsSql = (leadId: SQL) => SQL;

const LEAD_COPY_COLUMNS = [
  'id',
  'created_at',
  'updated_at',
  'email',
  'parent_name',
  'phone',
  'timeline',
  'timeline_date',
  'biggest_concerns',
  'lead_score',
  'score_breakdown',
  'search_text',
  'source',
  'children',
  'child_count',
  'first_child_name',
  'first_child_age',
  'first_child_special_needs',
  'first_child_current_support',
  'all_special_needs',
  'all_ages',
];

/**
 * The leads (their children in their rows) as one COPY FROM STDIN on a transaction's connection.
 * The lead ids are made here, so nothing is read back; they are UUIDv7 (time-ordered), so new keys
 * land at the right-hand end of the primary key (and of the segment memberships' lead index)
 * instead of on random pages. Throws on a taken email (the whole COPY stops).
 */
async function copyMany(connection: pg.ClientBase, rows: BulkLead[]): Promise<Map<string, string>> {
  const created = new Map<string, string>();
  const leadLines: string[] = [];
  for (const r of rows) {
    const id = timeOrderedUuid();
    created.set(r.email, id);
    leadLines.push(
      copyLine([
        id,
        r.created_at,
        r.created_at,
        r.email,
        r.parent_name,
        r.phone,
        r.timeline,
        r.timeline_date,
        r.biggest_concerns,
        r.lead_score,
        JSON.stringify(r.score_breakdown),
        r.search_text,
        r.source,
        JSON.stringify(r.children),
        r.child_count,
        r.first_child_name,
        r.first_child_age,
        r.first_child_special_needs,
        r.first_child_current_support,
        r.all_special_needs,
        r.all_ages,
      ]),
    );
  }
  await copyInto(connection, 'leads', LEAD_COPY_COLUMNS, leadLines);
  return created;
}

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

export function createLeadsRepository(db: Database) {
  /**
   * Inserts many leads (their children in their rows) in one statement: the rows travel as one JSON
   * parameter, expanded by jsonb_to_recordset. Raw SQL on purpose: building a 500-row insert
   * with the query builder cost more than running it. A lead whose email was taken meanwhile
   * is left out (ON CONFLICT DO NOTHING). Answers the created ids by email.
   */
  async function insertManyStatement(rows: BulkLead[], q: DbOrTx): Promise<Map<string, string>> {
    const result = (await q.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
          created_at timestamptz, email text, parent_name text, phone text, timeline text, timeline_date date,
          biggest_concerns text, lead_score int, score_breakdown jsonb, search_text text,
          source text, children jsonb, child_count int, first_child_name text, first_child_age int,
          first_child_special_needs text[], first_child_current_support text[],
          all_special_needs text[], all_ages int[])
      ),
      inserted as (
        insert into ${leads} (created_at, updated_at, email, parent_name, phone, timeline, timeline_date, biggest_concerns,
          lead_score, score_breakdown, search_text, source, children, child_count, first_child_name,
          first_child_age, first_child_special_needs, first_child_current_support, all_special_needs,
          all_ages)
        select created_at, created_at, email, parent_name, phone, timeline, timeline_date, biggest_concerns,
          lead_score, score_breakdown, search_text, source, children, child_count, first_child_name,
          first_child_age, first_child_special_needs, first_child_current_support, all_special_needs,
          all_ages
        from input
        on conflict (email) do nothing
        returning id, email
      )
      select id, email from inserted`)) as unknown as { rows: { id: string; email: string }[] };
    return new Map(result.rows.map((r) => [r.email, r.id]));
  }

  return {
    transaction: <T>(work: (tx: DbOrTx) => Promise<T>) => db.transaction((tx) => work(tx)),

    async insertLead(q: DbOrTx, values: typeof leads.$inferInsert): Promise<LeadRow> {
      const [row] = await q.insert(leads).values(values).returning();
      return row!;
    },

    async updateLead(q: DbOrTx, id: string, values: Partial<typeof leads.$inferInsert>): Promise<void> {
      await q
        .update(leads)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(leads.id, id));
    },

    async replaceChildren(q: DbOrTx, leadId: string, children: NewChild[]): Promise<void> {
      await q
        .update(leads)
        .set({ children: storedChildren(children) })
        .where(eq(leads.id, leadId));
    },

    async findLeadById(id: string, q: DbOrTx = db): Promise<LeadRow | undefined> {
      const [row] = await q.select().from(leads).where(eq(leads.id, id));
      return row;
    },

    /** Inserts the lead unless its email is taken (then undefined: another request got there first). */
    async insertLeadIfNew(q: DbOrTx, values: typeof leads.$inferInsert): Promise<string | undefined> {
      const [row] = await q.insert(leads).values(values).onConflictDoNothing().returning({ id: leads.id });
      return row?.id;
    },

    /** The lead with this email, locked for the rest of the transaction. */
    async lockLeadByEmail(q: DbOrTx, email: string): Promise<LeadRow | undefined> {
      const [row] = await q.select().from(leads).where(eq(leads.email, email)).for('update');
      return row;
    },

    async incrementDownloads(email: string): Promise<string | undefined> {
      const [row] = await db
        .update(leads)
        .set({ resourceDownloads: sql`${leads.resourceDownloads} + 1`, updatedAt: new Date() })
        .where(eq(leads.email, email))
        .returning({ id: leads.id });
      return row?.id;
    },

    async findLeadIdByEmail(email: string, q: DbOrTx = db): Promise<string | undefined> {
      const [row] = await q.select({ id: leads.id }).from(leads).where(eq(leads.email, email));
      return row?.id;
    },

    /** Which of these emails already belong to a lead (one query, the list as one JSON parameter). */
    async existingEmails(emails: string[]): Promise<Set<string>> {
      if (emails.length === 0) return new Set();
      const result = (await db.execute(
        sql`select email from ${leads} where email in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`,
      )) as unknown as { rows: { email: string }[] };
      return new Set(result.rows.map((r) => r.email));
    },

    /**
     * Inserts many leads (their children in their rows). On PostgreSQL, inside a transaction: a
     * COPY FROM STDIN (no SQL to parse per row, no JSON for the database to read), in a savepoint; if an email was taken since validation, that is rolled back and the
     * statement below, which skips taken emails, runs instead. Answers the created ids by email.
     */
    async insertMany(rows: BulkLead[], q: DbOrTx = db): Promise<Map<string, string>> {
      const connection = connectionOf(q);
      if (connection && rows.length > 0) {
        await connection.query('savepoint bulk_copy');
        try {
          const created = await copyMany(connection, rows);
          await connection.query('release savepoint bulk_copy');
          return created;
        } catch (error) {
          if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
          await connection.query('rollback to savepoint bulk_copy');
        }
      }
      return insertManyStatement(rows, q);
    },

    /**
     * Leads newest first after a keyset cursor, for streaming exports. The cursor keeps the
     * timestamp as PostgreSQL's text (a JavaScript Date would drop its microseconds), and the
     * comparison against constants lets the newest-first index do the work.
     */
    async findPageAfter(cursor: ExportCursor | null, limit: number) {
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
    },

    /**
     * One page of the CSV export as flat text columns, children and segment tags aggregated in SQL: parsing plain
     * strings is what keeps a 100,000-lead export fast and its memory flat (a report query, so SQL).
     */
    async exportRowsAfter(
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
    },

    /**
     * PostgreSQL only (null on PGlite): the whole CSV export written by PostgreSQL itself, COPY ... TO
     * STDOUT in CSV format, streamed as it comes (the socket's pace sets the database's). No row
     * becomes a JavaScript object, so the server's memory stays flat however many leads there are.
     * Cells are the page query's, empty ones as NULL, formula-like ones neutralised in SQL exactly
     * as neutraliseCsvCell does. `rows` is counted in the snapshot the COPY reads.
     */
    async copyExportCsv(
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
    },

    async existingIds(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.select({ id: leads.id }).from(leads).where(inArray(leads.id, ids));
      return rows.map((r) => r.id);
    },

    async deleteLead(id: string): Promise<boolean> {
      const rows = await db.delete(leads).where(eq(leads.id, id)).returning({ id: leads.id });
      return rows.length === 1;
    },

    /** One page of leads, newest first, with the total matching the same conditions. */
    /** The two queries behind a page (rows and total), unexecuted: the benchmark explains them. */
    pageQueries(conditions: SQL[], limit: number, offset: number) {
      const where = conditions.length ? and(...conditions) : undefined;
      return {
        rows: db
          .select()
          .from(leads)
          .where(where)
          .orderBy(desc(leads.createdAt), desc(leads.id))
          .limit(limit)
          .offset(offset),
        total: db.select({ n: count() }).from(leads).where(where),
      };
    },

    /** One page of leads, newest first, with the total matching the same conditions. */
    async findLeadsPage(conditions: SQL[], limit: number, offset: number) {
      const queries = this.pageQueries(conditions, limit, offset);
      const [rows, [total]] = await Promise.all([queries.rows, queries.total]);
      return {
        rows,
        total: Number(total?.n ?? 0),
      };
    },

    conditions: {
      ...leadConditions,
      timelineUnknown: () => or(isNull(leads.timeline), eq(leads.timeline, ''))!,
      timelineIs: (value: string) => sql`lower(${leads.timeline}) = ${value.toLowerCase()}`,
      conversionStatus: (value: string) => eq(leads.conversionStatus, value),
      emailStatus: (value: string) => eq(leads.emailStatus, value),
    },

    /** Dashboard counts as separate queries, so each can use its own index (see the leads bench). */
    statsQueries() {
      return {
        total: db.select({ n: count() }).from(leads),
        today: db
          .select({ n: count() })
          .from(leads)
          .where(sql`${leads.createdAt} >= date_trunc('day', now())`),
        downloads: db
          .select({ n: sql<number>`coalesce(sum(${leads.resourceDownloads}), 0)`.mapWith(Number) })
          .from(leads)
          .where(sql`${leads.resourceDownloads} > 0`),
      };
    },

    async stats() {
      const q = this.statsQueries();
      const [[total], [today], [downloads]] = await Promise.all([q.total, q.today, q.downloads]);
      return { total: Number(total?.n ?? 0), today: Number(today?.n ?? 0), downloads: downloads?.n ?? 0 };
    },

    async recent(limit: number): Promise<LeadRow[]> {
      return db.select().from(leads).orderBy(desc(leads.createdAt), desc(leads.id)).limit(limit);
    },
  };
}

export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
