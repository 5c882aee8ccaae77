import { count } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { conversations, visitors } from './chat.tables';

type Queryable = Pick<Database, 'select' | 'delete'>;

/**
 * Chat's analytics data for the admin's "clear analytics" (Production Data Management): every
 * widget visitor and conversation. The app hands these to the widget module (it cannot import chat:
 * chat reads the widget's settings), which runs them in its one transaction.
 */
export async function countChatAnalyticsData(
  q: Queryable,
): Promise<{ visitors: number; conversations: number }> {
  const [v] = await q.select({ n: count() }).from(visitors);
  const [c] = await q.select({ n: count() }).from(conversations);
  return { visitors: Number(v?.n ?? 0), conversations: Number(c?.n ?? 0) };
}

/** Deletes every conversation and visitor (inside the caller's transaction); answers how many. */
export async function deleteChatAnalyticsData(
  tx: Queryable,
): Promise<{ visitors: number; conversations: number }> {
  const deletedConversations = await tx.delete(conversations).returning({ id: conversations.id });
  const deletedVisitors = await tx.delete(visitors).returning({ id: visitors.id });
  return { visitors: deletedVisitors.length, conversations: deletedConversations.length };
}
