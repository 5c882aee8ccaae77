import { sql, type SQL } from 'drizzle-orm';
import { conversations, visitors } from './chat.tables';
import { IDLE_MS } from './status';

/**
 * Conversations and visitors as other modules may read them in their own SQL (analytics' reports),
 * and no more: read only, written through the chat module. Each column is a SQL fragment naming
 * the column of the unaliased table ("conversations"."started_at"); `conversationsTable` and
 * `visitorsTable` are the tables for FROM and JOIN.
 */
export const conversationsTable: SQL = sql`${conversations}`;
export const visitorsTable: SQL = sql`${visitors}`;

export const conversationColumns = {
  id: sql<string>`${conversations.id}`,
  visitorId: sql<string>`${conversations.visitorId}`,
  leadId: sql<string | null>`${conversations.leadId}`,
  startedAt: sql<Date>`${conversations.startedAt}`,
  lastActivityAt: sql<Date>`${conversations.lastActivityAt}`,
  /** The transcript: a JSON array of { role, content, timestamp }. */
  messages: sql<unknown>`${conversations.messages}`,
  /** How many messages the transcript holds, and how many are the visitor's (stored, indexed). */
  messageCount: sql<number>`${conversations.messageCount}`,
  userMessageCount: sql<number>`${conversations.userMessageCount}`,
  context: sql<unknown>`${conversations.context}`,
  hasName: sql<boolean>`${conversations.hasName}`,
  hasEmail: sql<boolean>`${conversations.hasEmail}`,
  hasChildInfo: sql<boolean>`${conversations.hasChildInfo}`,
  /**
   * The visitor's id and the email and name given in chat, lower case, one per line: what the
   * analytics list searches (a trigram index, conversations_search_trgm_idx, serves it).
   */
  searchText: sql<string>`lower(${conversations.visitorId} || chr(10) || coalesce(${conversations.context}->>'email', '') || chr(10) || coalesce(${conversations.context}->>'parentName', ''))`,
  /** The questions the knowledge base could not answer (a JSON array of strings, or null), oldest first. */
  unanswered: sql<unknown>`(${conversations.dialogue}->'unanswered')`,
};

export const visitorColumns = {
  id: sql<string>`${visitors.id}`,
  totalVisits: sql<number>`${visitors.totalVisits}`,
  firstSeenAt: sql<Date>`${visitors.firstSeenAt}`,
  lastSeenAt: sql<Date>`${visitors.lastSeenAt}`,
  leadId: sql<string | null>`${visitors.leadId}`,
};

/**
 * The status at `now`, as statusAt (status.ts) computes it: the stored one, or 'abandoned' once an
 * in-progress conversation has been idle CONVERSATION_IDLE_MINUTES.
 */
export function conversationStatusAt(now: Date): SQL<string> {
  const idleSince = new Date(now.getTime() - IDLE_MS).toISOString();
  return sql<string>`(case
    when ${conversations.status} in ('converted', 'abandoned') then ${conversations.status}
    when ${conversations.lastActivityAt} <= ${idleSince}::timestamptz then 'abandoned'
    else 'in_progress' end)`;
}

/**
 * The condition that the status at `now` is `status`: the same rule as conversationStatusAt, in
 * the plain comparisons the planner estimates and indexes serve (converted is the stored status).
 */
export function conversationStatusIs(now: Date, status: string): SQL {
  const idleSince = new Date(now.getTime() - IDLE_MS).toISOString();
  const open = sql`${conversations.status} not in ('converted', 'abandoned')`;
  if (status === 'converted' || status === 'abandoned') {
    const idle = sql`(${open} and ${conversations.lastActivityAt} <= ${idleSince}::timestamptz)`;
    return status === 'converted'
      ? sql`${conversations.status} = 'converted'`
      : sql`(${conversations.status} = 'abandoned' or ${idle})`;
  }
  if (status === 'in_progress')
    return sql`(${open} and ${conversations.lastActivityAt} > ${idleSince}::timestamptz)`;
  return sql`false`;
}
