import type { Child, ChildInput } from '@lantern/contracts';
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { readCounterFolding } from '../../db/stat-counters';
import { timeOrderedUuid } from '../../db/time-ordered-id';
import { leadConditions } from './lead-columns';
import { createLeadExportQueries } from './lead-export.repository';
import { createBulkInsert } from './leads-bulk.repository';
import { leads, type LeadChildRow, type LeadRow, type NewChild } from './leads.tables';

// The leads module's repository: a lead's row (children included), the list's queries and the
// dashboard's counts here; the bulk insert (leads-bulk.repository.ts) and the export's pages
// (lead-export.repository.ts) in their own files, all behind createLeadsRepository.

export type { BulkLead } from './leads-bulk.repository';
export type { ExportCursor, ExportRow, SegmentTagsSql } from './lead-export.repository';

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

/** Children in the API's words (LeadChild, with an id when stored) as their lead's row keeps them. */
export function childRowsOf(children: ChildInput[]): LeadChildRow[] {
  return storedChildren(
    children.map((c) => ({
      id: c.id,
      name: c.name,
      age: c.age,
      grade: c.grade,
      specialNeeds: c.special_needs,
      currentSupport: c.current_support,
    })),
  );
}

/** A lead row's children in the API's words. */
export function childrenOfRow(children: LeadChildRow[]): Child[] {
  return children.map((c) => ({
    id: c.id,
    name: c.name,
    age: c.age,
    grade: c.grade,
    special_needs: c.specialNeeds,
    current_support: c.currentSupport,
  }));
}

export type DbOrTx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/**
 * `read` is where the list, its counts, the dashboard's figures and the exports read (a replica
 * when DATABASE_READ_URL is set, see db/client.ts); a lead's own row, the duplicate checks and
 * every write use the primary, `db`.
 */
export function createLeadsRepository(
  db: Database,
  read: Database = db,
  options: { exactCountMaxCost?: number } = {},
) {
  return {
    transaction: <T>(work: (tx: DbOrTx) => Promise<T>) => db.transaction((tx) => work(tx)),
    ...rowQueries(db),
    ...createBulkInsert(db),
    ...createLeadExportQueries(read),
    ...listQueries(read, db, options.exactCountMaxCost ?? EXACT_COUNT_MAX_COST),
  };
}

/**
 * A filtered list's total is counted exactly when the planner expects the counting pass to cost
 * at most this (its cost units: about 4,000 rows read through the search index, as a search the
 * index narrows by status or timeline is at a million leads). The page and the count then come
 * from one pass over the matches (see findLeadsPage). Beyond, counting would cost more than the
 * page itself (20,000 families share a common surname at a million leads: ~20,000 rows read), so
 * the total is the planner's estimate of the matches, labelled as one. The unfiltered total is
 * always exact (a counter kept by the database), and so is any total the last page reveals.
 */
export const EXACT_COUNT_MAX_COST = 20_000;

type PlanNode = { 'Total Cost': number; 'Plan Rows': number; 'Subplan Name'?: string; Plans?: PlanNode[] };

/** The planner's view of a query: its total cost, and the rows of the CTE named `m` (the matches). */
async function planOf(db: Database, query: SQL): Promise<{ cost: number; matches: number }> {
  const result = (await db.execute(sql`explain (format json) ${query}`)) as unknown as {
    rows: { 'QUERY PLAN': unknown }[];
  };
  const raw = result.rows[0]?.['QUERY PLAN'];
  const root = ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[])[0]!.Plan;
  const find = (node: PlanNode): PlanNode | undefined =>
    node['Subplan Name'] === 'CTE m' ? node : node.Plans?.map(find).find(Boolean);
  return { cost: root['Total Cost'], matches: Math.round(find(root)?.['Plan Rows'] ?? 0) };
}

/** A lead's row: written, read, found by email, counted on. */
function rowQueries(db: Database) {
  return {
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

    async replaceChildren(q: DbOrTx, leadId: string, children: ChildInput[]): Promise<void> {
      await q
        .update(leads)
        .set({ children: childRowsOf(children) })
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

    async existingIds(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.select({ id: leads.id }).from(leads).where(inArray(leads.id, ids));
      return rows.map((r) => r.id);
    },

    async deleteLead(id: string): Promise<boolean> {
      const rows = await db.delete(leads).where(eq(leads.id, id)).returning({ id: leads.id });
      return rows.length === 1;
    },
  };
}

/** The leads list and the dashboard's counts, with the unexecuted queries the benchmark explains. */
function listQueries(db: Database, primary: Database, exactCountMaxCost: number) {
  const leadsCounter = () => readCounterFolding(db, primary, 'leads');
  const newestFirst = [desc(leads.createdAt), desc(leads.id)];
  const pageQueries = (conditions: SQL[], limit: number, offset: number) => {
    const where = conditions.length ? and(...conditions) : undefined;
    return {
      // One row more than the page: whether another page follows, without counting.
      rows: db
        .select()
        .from(leads)
        .where(where)
        .orderBy(...newestFirst)
        .limit(limit + 1)
        .offset(offset),
      // The page's ids and the exact total in one pass over the matches: their ids and dates first
      // (materialized, so the planner reads them through the indexes that narrow them and does
      // not walk every lead newest first), the page sorted out of them.
      idsWithTotal: sql`
        with m as materialized (
          select ${leads.id} as id, ${leads.createdAt} as created_at from ${leads} where ${where}
        )
        select (select count(*) from m)::int as total,
          coalesce((select json_agg(p.id order by p.created_at desc, p.id desc) from (
            select id, created_at from m order by created_at desc, id desc limit ${limit + 1} offset ${offset}
          ) p), '[]'::json) as ids`,
    };
  };
  const todayQuery = () =>
    db
      .select({ n: count() })
      .from(leads)
      .where(sql`${leads.createdAt} >= date_trunc('day', now())`);
  return {
    /** The queries behind a page (rows; ids with the exact total), unexecuted: the benchmarks explain them. */
    pageQueries,

    /**
     * One page of leads, newest first, with the total matching the same conditions: exact when
     * nothing is filtered (the database's counter), when the planner expects counting to cost at
     * most EXACT_COUNT_MAX_COST (page and count in one pass), or when the page is the last one (its
     * rows say where the list ends); otherwise the planner's estimate, never less than the leads
     * known to exist (so "Next" always leads to a page with leads), and `totalIsEstimate` says so.
     */
    async findLeadsPage(conditions: SQL[], limit: number, offset: number) {
      const queries = pageQueries(conditions, limit, offset);
      if (conditions.length === 0) {
        const found = await queries.rows;
        const rows = found.slice(0, limit);
        if (found.length <= limit && (found.length > 0 || offset === 0))
          return { rows, total: offset + found.length, totalIsEstimate: false };
        return { rows, total: await leadsCounter(), totalIsEstimate: false };
      }
      const plan = await planOf(db, queries.idsWithTotal);
      if (plan.cost <= exactCountMaxCost) {
        const result = (await db.execute(queries.idsWithTotal)) as unknown as {
          rows: { total: number; ids: unknown }[];
        };
        const { total, ids: raw } = result.rows[0]!;
        const ids = (typeof raw === 'string' ? JSON.parse(raw) : raw) as string[];
        if (ids.length > 0 || offset === 0) {
          const pageIds = ids.slice(0, limit);
          const found = pageIds.length ? await db.select().from(leads).where(inArray(leads.id, pageIds)) : [];
          const byId = new Map(found.map((r) => [r.id, r]));
          const rows = pageIds.flatMap((id) => byId.get(id) ?? []);
          return { rows, total: Number(total), totalIsEstimate: false };
        }
      }
      const found = await queries.rows;
      const rows = found.slice(0, limit);
      if (found.length <= limit && (found.length > 0 || offset === 0))
        return { rows, total: offset + found.length, totalIsEstimate: false };
      // Another page follows: the estimate, never less than the leads known to exist.
      return { rows, total: Math.max(plan.matches, offset + found.length), totalIsEstimate: true };
    },

    conditions: {
      ...leadConditions,
      timelineUnknown: () => or(isNull(leads.timeline), eq(leads.timeline, ''))!,
      timelineIs: (value: string) => sql`lower(${leads.timeline}) = ${value.toLowerCase()}`,
      conversionStatus: (value: string) => eq(leads.conversionStatus, value),
      emailStatus: (value: string) => eq(leads.emailStatus, value),
    },

    /** The dashboard's "new today" (an index range scan of leads_created_at_idx), unexecuted. */
    todayQuery,

    /** Leads created since midnight (the database's day). */
    async countNewToday(): Promise<number> {
      const [row] = await todayQuery();
      return Number(row?.n ?? 0);
    },

    /** How many leads there are: the database's counter, exact at every commit. */
    countAll: leadsCounter,

    async recent(limit: number): Promise<LeadRow[]> {
      return db.select().from(leads).orderBy(desc(leads.createdAt), desc(leads.id)).limit(limit);
    },
  };
}

export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
