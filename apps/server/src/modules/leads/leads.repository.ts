import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { leadChildren, leads, type LeadChildRow, type LeadRow } from './leads.tables';

export type NewChild = Omit<typeof leadChildren.$inferInsert, 'leadId' | 'position'>;
export type LeadWithChildren = LeadRow & { children: LeadChildRow[] };
export type DbOrTx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likeContains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createLeadsRepository(db: Database) {
  async function childrenOf(leadIds: string[], q: DbOrTx = db): Promise<Map<string, LeadChildRow[]>> {
    const byLead = new Map<string, LeadChildRow[]>(leadIds.map((id) => [id, []]));
    if (leadIds.length === 0) return byLead;
    const rows = await q
      .select()
      .from(leadChildren)
      .where(inArray(leadChildren.leadId, leadIds))
      .orderBy(asc(leadChildren.leadId), asc(leadChildren.position));
    for (const row of rows) byLead.get(row.leadId)?.push(row);
    return byLead;
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
      await q.delete(leadChildren).where(eq(leadChildren.leadId, leadId));
      if (children.length === 0) return;
      await q.insert(leadChildren).values(children.map((c, position) => ({ ...c, leadId, position })));
    },

    async findLeadById(id: string, q: DbOrTx = db): Promise<LeadWithChildren | undefined> {
      const [row] = await q.select().from(leads).where(eq(leads.id, id));
      if (!row) return undefined;
      return { ...row, children: (await childrenOf([id], q)).get(id) ?? [] };
    },

    async findLeadIdByEmail(email: string, q: DbOrTx = db): Promise<string | undefined> {
      const [row] = await q.select({ id: leads.id }).from(leads).where(eq(leads.email, email));
      return row?.id;
    },

    /** Which of these emails already belong to a lead (one query, for imports). */
    async existingEmails(emails: string[]): Promise<Set<string>> {
      if (emails.length === 0) return new Set();
      const rows = await db.select({ email: leads.email }).from(leads).where(inArray(leads.email, emails));
      return new Set(rows.map((r) => r.email));
    },

    /**
     * Inserts many leads and their children in one transaction; a lead whose email was taken
     * meanwhile is left out (ON CONFLICT DO NOTHING). Answers the created ids by email.
     */
    async insertMany(
      rows: { lead: typeof leads.$inferInsert; children: NewChild[] }[],
    ): Promise<Map<string, string>> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(leads)
          .values(rows.map((r) => r.lead))
          .onConflictDoNothing({ target: leads.email })
          .returning({ id: leads.id, email: leads.email });
        const idByEmail = new Map(inserted.map((r) => [r.email, r.id]));
        const children = rows.flatMap((r) => {
          const leadId = idByEmail.get(r.lead.email);
          return leadId ? r.children.map((c, position) => ({ ...c, leadId, position })) : [];
        });
        if (children.length) await tx.insert(leadChildren).values(children);
        return idByEmail;
      });
    },

    /**
     * Leads newest first after the lead `afterId` (keyset), for streaming exports. The cursor is
     * read from the stored row: a JavaScript Date would drop the timestamp's microseconds.
     */
    async findPageAfter(afterId: string | null, limit: number): Promise<LeadWithChildren[]> {
      const cursor = sql`(select c.created_at, c.id from ${leads} c where c.id = ${afterId})`;
      const rows = await db
        .select()
        .from(leads)
        .where(afterId ? sql`(${leads.createdAt}, ${leads.id}) < ${cursor}` : undefined)
        .orderBy(desc(leads.createdAt), desc(leads.id))
        .limit(limit);
      const children = await childrenOf(rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, children: children.get(r.id) ?? [] }));
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
      const children = await childrenOf(rows.map((r) => r.id));
      return {
        rows: rows.map((r) => ({ ...r, children: children.get(r.id) ?? [] })),
        total: Number(total?.n ?? 0),
      };
    },

    conditions: {
      search: (term: string) => sql`${leads.searchText} like ${likeContains(term.toLowerCase())}`,
      scoreBetween: (min: number, max: number) => sql`${leads.leadScore} between ${min} and ${max}`,
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

    async recent(limit: number): Promise<LeadWithChildren[]> {
      const rows = await db.select().from(leads).orderBy(desc(leads.createdAt), desc(leads.id)).limit(limit);
      const children = await childrenOf(rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, children: children.get(r.id) ?? [] }));
    },
  };
}

export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
