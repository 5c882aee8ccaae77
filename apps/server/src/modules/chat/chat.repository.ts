import { and, asc, count, desc, eq, getTableColumns, gt, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { conversations, visitors, type ConversationRow, type StoredMessage } from './chat.tables';

export type ConversationUpdate = Partial<Omit<typeof conversations.$inferInsert, 'id' | 'messages'>>;

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

    async countCompletedForLead(leadId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(conversations)
        .where(and(eq(conversations.leadId, leadId), eq(conversations.completed, true)));
      return Number(row?.n ?? 0);
    },

    /**
     * The conversation, only when it belongs to this visitor (anyone else's id is simply not found).
     * Without `messages` the transcript is not read (the offline engine does not need it).
     */
    async findForVisitor(
      id: string,
      visitorId: string,
      options: { messages: boolean } = { messages: true },
    ): Promise<ConversationRow | undefined> {
      const where = and(eq(conversations.id, id), eq(conversations.visitorId, visitorId));
      if (options.messages) {
        const [row] = await db.select().from(conversations).where(where);
        return row;
      }
      const { messages: _skipped, ...columns } = getTableColumns(conversations);
      const [row] = await db.select(columns).from(conversations).where(where);
      return row ? { ...row, messages: [] } : undefined;
    },

    /** The visitor's newest conversation active since `since` and not abandoned (resumable). */
    async findResumable(visitorId: string, since: Date): Promise<ConversationRow | undefined> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(
          and(
            eq(conversations.visitorId, visitorId),
            gt(conversations.lastActivityAt, since),
            ne(conversations.status, 'abandoned'),
          ),
        )
        .orderBy(desc(conversations.lastActivityAt))
        .limit(1);
      return row;
    },

    /** Appends messages in SQL (never a read-modify-write of the list) and sets the other fields. */
    async appendMessages(id: string, messages: StoredMessage[], values: ConversationUpdate): Promise<void> {
      await db
        .update(conversations)
        .set({
          ...values,
          messages: sql`${conversations.messages} || ${JSON.stringify(messages)}::jsonb`,
        })
        .where(eq(conversations.id, id));
    },

    /** Converted conversations quiet since `before` with details not yet written to their lead. */
    async findStaleLeadConversations(before: Date, limit: number): Promise<ConversationRow[]> {
      return db
        .select()
        .from(conversations)
        .where(
          and(
            sql`(${conversations.dialogue}->>'leadStale')::boolean`,
            lt(conversations.lastActivityAt, before),
          ),
        )
        .limit(limit);
    },

    /**
     * After the sweep wrote the lead: the conversation's lead, resources and leadStale cleared,
     * unless the parent spoke meanwhile (then their turn's own write stands).
     */
    async markLeadWritten(
      row: Pick<ConversationRow, 'id' | 'lastActivityAt'>,
      values: { leadId: string; resources: ConversationRow['resources'] },
    ): Promise<void> {
      await db
        .update(conversations)
        .set({
          ...values,
          dialogue: sql`jsonb_set(${conversations.dialogue}, '{leadStale}', 'false'::jsonb)`,
        })
        .where(
          and(
            eq(conversations.id, row.id),
            // Dates come back to JavaScript in milliseconds; the column may hold microseconds.
            sql`date_trunc('milliseconds', ${conversations.lastActivityAt}) = ${row.lastActivityAt.toISOString()}::timestamptz`,
          ),
        );
    },

    /** In-progress conversations silent since `before` become abandoned, ended at their last activity. */
    async markAbandoned(before: Date): Promise<number> {
      const rows = await db
        .update(conversations)
        .set({ status: 'abandoned', endedAt: sql`${conversations.lastActivityAt}` })
        .where(and(eq(conversations.status, 'in_progress'), lt(conversations.lastActivityAt, before)))
        .returning({ id: conversations.id });
      return rows.length;
    },

    /** A visit: a new visitor (id made by the caller) or one more visit of a known one. */
    async recordVisit(
      id: string,
      page: { url: string | null; referrer: string | null },
      now: Date,
    ): Promise<{ totalVisits: number; isNew: boolean }> {
      const [row] = await db
        .insert(visitors)
        .values({
          id,
          totalVisits: 1,
          firstSeenAt: now,
          lastSeenAt: now,
          firstPageUrl: page.url,
          lastPageUrl: page.url,
          referrer: page.referrer,
        })
        .onConflictDoUpdate({
          target: visitors.id,
          set: {
            totalVisits: sql`${visitors.totalVisits} + 1`,
            lastSeenAt: now,
            lastPageUrl: page.url,
          },
        })
        .returning({ totalVisits: visitors.totalVisits });
      const totalVisits = row?.totalVisits ?? 1;
      return { totalVisits, isNew: totalVisits === 1 };
    },

    async visitorExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: visitors.id }).from(visitors).where(eq(visitors.id, id));
      return Boolean(row);
    },

    async linkVisitorToLead(visitorId: string, leadId: string): Promise<void> {
      await db.update(visitors).set({ leadId }).where(eq(visitors.id, visitorId));
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
