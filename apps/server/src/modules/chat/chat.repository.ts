import { asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { conversations, type ConversationRow } from './chat.tables';

export function createChatRepository(db: Database) {
  return {
    async findConversationsForLead(leadId: string): Promise<ConversationRow[]> {
      return db
        .select()
        .from(conversations)
        .where(eq(conversations.leadId, leadId))
        .orderBy(asc(conversations.startedAt));
    },

    async insertConversation(values: typeof conversations.$inferInsert): Promise<ConversationRow> {
      const [row] = await db.insert(conversations).values(values).returning();
      return row!;
    },

    countCompletedQuery() {
      // Matches the partial index conversations_completed_idx (WHERE completed).
      return db
        .select({ n: count() })
        .from(conversations)
        .where(sql`${conversations.completed}`);
    },

    async countCompleted(): Promise<number> {
      const [row] = await this.countCompletedQuery();
      return Number(row?.n ?? 0);
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
