import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { connectionOf, type Database } from '../../db/client';
import { copyInto, copyLine } from '../../db/copy-text';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors';
import { timeOrderedUuid } from '../../db/time-ordered-id';
import { leads, type LeadChildRow } from './leads.tables';

// The bulk insert behind imports (leads-bulk.ts): COPY on PostgreSQL, one statement on PGlite.
// createLeadsRepository includes it.

type DbOrTx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

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

export function createBulkInsert(db: Database) {
  return {
    /**
     * Inserts many leads (their children in their rows). On PostgreSQL, inside a transaction: a
     * COPY FROM STDIN (no SQL to parse per row, no JSON for the database to read), in a
     * savepoint; if an email was taken since validation, that is rolled back and
     * insertManyStatement, which skips taken emails, runs instead. Answers the created ids by email.
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
  };
}
