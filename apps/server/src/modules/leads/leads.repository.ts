import type { Child, ChildInput } from '@lantern/contracts';
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
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

export function createLeadsRepository(db: Database) {
  return {
    transaction: <T>(work: (tx: DbOrTx) => Promise<T>) => db.transaction((tx) => work(tx)),
    ...rowQueries(db),
    ...createBulkInsert(db),
    ...createLeadExportQueries(db),
    ...listQueries(db),
  };
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
function listQueries(db: Database) {
  const pageQueries = (conditions: SQL[], limit: number, offset: number) => {
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
  };
  const statsQueries = () => ({
    total: db.select({ n: count() }).from(leads),
    today: db
      .select({ n: count() })
      .from(leads)
      .where(sql`${leads.createdAt} >= date_trunc('day', now())`),
    downloads: db
      .select({ n: sql<number>`coalesce(sum(${leads.resourceDownloads}), 0)`.mapWith(Number) })
      .from(leads)
      .where(sql`${leads.resourceDownloads} > 0`),
  });
  return {
    /** The two queries behind a page (rows and total), unexecuted: the benchmark explains them. */
    pageQueries,

    /** One page of leads, newest first, with the total matching the same conditions. */
    async findLeadsPage(conditions: SQL[], limit: number, offset: number) {
      const queries = pageQueries(conditions, limit, offset);
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
    statsQueries,

    async stats() {
      const q = statsQueries();
      const [[total], [today], [downloads]] = await Promise.all([q.total, q.today, q.downloads]);
      return { total: Number(total?.n ?? 0), today: Number(today?.n ?? 0), downloads: downloads?.n ?? 0 };
    },

    async recent(limit: number): Promise<LeadRow[]> {
      return db.select().from(leads).orderBy(desc(leads.createdAt), desc(leads.id)).limit(limit);
    },
  };
}

export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
