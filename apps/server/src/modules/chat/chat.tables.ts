import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { leads } from '../leads/leads.tables';

export type StoredMessage = { role: string; content: string; timestamp: string | null };
/** A resource the chat offered, with its signed link (valid for the download-link days). */
export type OfferedResource = { id: string; title: string; description: string; download_url: string };
/** Where the offline intake dialogue is: what it asked last, so a bare answer ('Sam', '7') is read. */
export type DialogueState = {
  asked?: string | null;
  childIndex?: number | null;
  /** Questions answered or skipped ('name', 'needs:0', 'moreChildren'...): not asked again. */
  done?: string[];
  /** The parent said they have another child: ask for the name next. */
  expectChild?: boolean;
  /** Details learnt since the lead was last written (see leadSync in conversation.service.ts). */
  leadStale?: boolean;
  /** Questions the knowledge base could not answer, for the admissions staff. */
  unanswered?: string[];
};

/**
 * A widget visitor (one per browser: the id lives in the widget's localStorage). Read by the
 * analytics issue (unique visitors, funnel, visitor journey).
 */
export const visitors = pgTable(
  'visitors',
  {
    id: text('id').primaryKey(),
    totalVisits: integer('total_visits').notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    firstPageUrl: text('first_page_url'),
    lastPageUrl: text('last_page_url'),
    referrer: text('referrer'),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
  },
  (t) => [index('visitors_first_seen_idx').on(t.firstSeenAt), index('visitors_lead_idx').on(t.leadId)],
);

/**
 * A visitor's chat session; linked to a lead once the conversation produced one.
 * status: in_progress, converted (a lead exists) or abandoned (30 minutes silent, see status.ts).
 */
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
    /** How many messages, and how many of them the visitor's: kept by PostgreSQL from `messages`. */
    messageCount: integer('message_count')
      .notNull()
      .generatedAlwaysAs(sql`jsonb_array_length(messages)`),
    userMessageCount: integer('user_message_count')
      .notNull()
      .generatedAlwaysAs(
        sql`jsonb_array_length(jsonb_path_query_array(messages, '$[*] ? (@.role == "user")'))`,
      ),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('in_progress'),
    hasName: boolean('has_name').notNull().default(false),
    hasEmail: boolean('has_email').notNull().default(false),
    hasChildInfo: boolean('has_child_info').notNull().default(false),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    resources: jsonb('resources').$type<OfferedResource[]>().notNull().default([]),
    dialogue: jsonb('dialogue').$type<DialogueState>().notNull().default({}),
  },
  (t) => [
    index('conversations_lead_idx').on(t.leadId, t.startedAt),
    index('conversations_visitor_idx').on(t.visitorId, t.lastActivityAt),
    index('conversations_completed_idx')
      .on(t.startedAt)
      .where(sql`${t.completed}`),
    index('conversations_open_idx')
      .on(t.lastActivityAt)
      .where(sql`${t.status} = 'in_progress'`),
    // Analytics' summaries (analytics/analytics.tables.ts) leave out the conversations whose status
    // the time of reading decides: the reports read these directly.
    index('conversations_unclosed_started_idx')
      .on(t.startedAt)
      .where(sql`${t.status} not in ('converted', 'abandoned')`),
    // Analytics' unanswered questions: the few conversations that kept some.
    index('conversations_unanswered_started_idx')
      .on(t.startedAt)
      .where(
        sql`jsonb_typeof(${t.dialogue}->'unanswered') = 'array' and ${t.dialogue}->'unanswered' <> '[]'::jsonb`,
      ),
    // Analytics' reports by start date (analytics.repository.ts): every column they count by, so
    // they read the index alone; it also orders the conversation list.
    index('conversations_started_idx').on(
      t.startedAt,
      t.status,
      t.lastActivityAt,
      t.leadId,
      t.visitorId,
      t.hasName,
      t.hasEmail,
      t.hasChildInfo,
      t.messageCount,
      t.userMessageCount,
    ),
    // Analytics' search by what was said: trigrams of the transcript narrow it before the exact test.
    index('conversations_messages_trgm_idx').using('gin', sql`lower(${t.messages}::text) gin_trgm_ops`),
    // Analytics' search by visitor, email or name given in chat (conversationColumns.searchText).
    index('conversations_search_trgm_idx').using(
      'gin',
      sql`lower(${t.visitorId} || chr(10) || coalesce(${t.context}->>'email', '') || chr(10) || coalesce(${t.context}->>'parentName', '')) gin_trgm_ops`,
    ),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type VisitorRow = typeof visitors.$inferSelect;
