import { readCounter } from '../../db/stat-counters';
import type { DbOrTx } from './leads.repository';
import { leads } from './leads.tables';

/**
 * For the admin's "clear analytics" with "Also delete leads" ticked: how many leads there are, and
 * deleting all of them in the caller's transaction (their children, segment memberships, email
 * events and conversations go with them by their foreign keys). The app hands these to the widget
 * module, which audits the clearing as a whole.
 */
export async function countAllLeads(q: DbOrTx): Promise<number> {
  // The database's counter (migration 0017_scale): exact, and no scan of a million rows.
  return readCounter(q, 'leads');
}

export async function deleteAllLeads(tx: DbOrTx): Promise<number> {
  const deleted = await tx.delete(leads).returning({ id: leads.id });
  return deleted.length;
}
