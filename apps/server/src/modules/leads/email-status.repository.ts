import { and, count, desc, eq, gt, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { leadEmailEvents, type LeadEmailEventRow } from './email-status.tables';
import type { DbOrTx } from './leads.repository';
import { leads } from './leads.tables';

/** The lead email history's queries and the email health counts (see email-status.ts). */
export function createEmailStatusRepository(db: Database) {
  return {
    /** The lead with this email, locked for the rest of the transaction. */
    async lockLeadByEmail(q: DbOrTx, email: string) {
      const [row] = await q
        .select({ id: leads.id, emailStatus: leads.emailStatus })
        .from(leads)
        .where(eq(leads.email, email))
        .for('update');
      return row;
    },

    async lockLeadById(q: DbOrTx, id: string) {
      const [row] = await q
        .select({ id: leads.id, emailStatus: leads.emailStatus })
        .from(leads)
        .where(eq(leads.id, id))
        .for('update');
      return row;
    },

    async addEvent(q: DbOrTx, values: typeof leadEmailEvents.$inferInsert): Promise<void> {
      await q.insert(leadEmailEvents).values(values);
    },

    async setStatus(
      q: DbOrTx,
      leadId: string,
      values: { emailStatus: string; unsubscribedAt?: Date | null; unsubscribeReason?: string | null },
    ): Promise<void> {
      await q
        .update(leads)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(leads.id, leadId));
    },

    /** The newest event that changed the lead's status (a soft bounce below the limit did not). */
    async lastChange(leadId: string, q: DbOrTx = db): Promise<LeadEmailEventRow | undefined> {
      const [row] = await q
        .select()
        .from(leadEmailEvents)
        .where(
          and(
            eq(leadEmailEvents.leadId, leadId),
            or(ne(leadEmailEvents.kind, 'soft_bounce'), ne(leadEmailEvents.status, 'subscribed')),
          ),
        )
        .orderBy(desc(leadEmailEvents.id))
        .limit(1);
      return row;
    },

    /** Soft bounces since the lead was last resubscribed (or ever). */
    async softBouncesSinceSubscribed(leadId: string, q: DbOrTx = db): Promise<number> {
      const [last] = await q
        .select({ id: leadEmailEvents.id })
        .from(leadEmailEvents)
        .where(and(eq(leadEmailEvents.leadId, leadId), eq(leadEmailEvents.kind, 'resubscribe')))
        .orderBy(desc(leadEmailEvents.id))
        .limit(1);
      const [row] = await q
        .select({ n: count() })
        .from(leadEmailEvents)
        .where(
          and(
            eq(leadEmailEvents.leadId, leadId),
            eq(leadEmailEvents.kind, 'soft_bounce'),
            last ? gt(leadEmailEvents.id, last.id) : undefined,
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** Leads by email status. */
    async countsByStatus(): Promise<Map<string, number>> {
      const rows = await db
        .select({ status: leads.emailStatus, n: count() })
        .from(leads)
        .groupBy(leads.emailStatus);
      return new Map(rows.map((r) => [r.status, Number(r.n)]));
    },
  };
}

export type EmailStatusRepository = ReturnType<typeof createEmailStatusRepository>;
