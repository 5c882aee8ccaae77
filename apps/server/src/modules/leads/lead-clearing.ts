import { sql } from 'drizzle-orm';
import type { DbOrTx } from './leads.repository';
import { leads } from './leads.tables';

/**
 * For the admin's "clear analytics" with "Also delete leads" ticked: how many leads there are, and
 * deleting all of them in the caller's transaction (their children, segment memberships, email
 * events and conversations go with them by their foreign keys). The app hands these to the widget
 * module, which audits the clearing as a whole.
 */
export async function countAllLeads(q: DbOrTx): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(leads);
  return Number(row?.n ?? 0);
}

export async function deleteAllLeads(tx: DbOrTx): Promise<number> {
  const deleted = await tx.delete(leads).returning({ id: leads.id });
  return deleted.length;
}
