import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { leads } from '../leads/leads.tables';

export type StoredMessage = { role: string; content: string; timestamp: string | null };

/** A visitor's chat session; linked to a lead once the conversation produced one. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id').notNull().unique(),
    visitorId: text('visitor_id').notNull(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    completed: boolean('completed').notNull().default(false),
    messages: jsonb('messages').$type<StoredMessage[]>().notNull().default([]),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('conversations_lead_idx').on(t.leadId, t.startedAt),
    index('conversations_visitor_idx').on(t.visitorId),
    index('conversations_completed_idx')
      .on(t.startedAt)
      .where(sql`${t.completed}`),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
