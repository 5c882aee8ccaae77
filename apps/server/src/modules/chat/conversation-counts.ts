import { and, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  conversationColumns as conversation,
  conversationStatusAt,
  conversationsTable,
} from './conversation-columns';

/**
 * How many conversations of the given leads produced a lead (status 'converted' at `now`), started
 * on or after `since` (null: any time). `leadIdIn` is a subquery of lead ids. The app hands this to
 * segments' analytics, which cannot import chat (chat reaches segments through resources).
 */
export async function countConvertedConversations(
  db: Database,
  query: { leadIdIn: SQL; since: Date | null; now: Date },
): Promise<number> {
  const { leadIdIn, since, now } = query;
  const result = (await db.execute(sql`
    select count(*) as n from ${conversationsTable}
    where ${and(
      sql`${conversation.leadId} in (${leadIdIn})`,
      sql`${conversationStatusAt(now)} = 'converted'`,
      since ? sql`${conversation.startedAt} >= ${since.toISOString()}::timestamptz` : undefined,
    )}`)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}
