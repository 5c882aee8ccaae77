import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  conversationColumns as c,
  conversationStatusAt,
  conversationsTable,
  visitorColumns as v,
  visitorsTable,
} from '../chat';
import { leadColumns as l, leadsTable } from '../leads';
import { localDate, localHour } from './analytics-range';
import type { UnansweredAsking } from './unanswered-questions';

/**
 * Analytics owns no tables: its reports read chat's conversations and visitors and the leads
 * through their read interfaces (chat/conversation-columns.ts, leads/lead-columns.ts), in raw SQL
 * because they are reports. Every query takes `now`, so the computed status is that of one instant.
 */
export type ConversationRecord = {
  id: string;
  status: string;
  visitor_id: string;
  visitor_email: string | null;
  lead_email: string | null;
  parent_name: string | null;
  lead_id: string | null;
  started_at: Date | string;
  last_activity_at: Date | string;
  message_count: number;
  user_message_count: number;
  bot_message_count: number;
  has_name: boolean;
  has_email: boolean;
  has_child_info: boolean;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const where = (conditions: (SQL | undefined)[]) => {
  const present = conditions.filter((x): x is SQL => Boolean(x));
  return present.length ? sql`where ${sql.join(present, sql` and `)}` : sql``;
};
const countRole = (role: string) =>
  sql`(select count(*) from jsonb_array_elements(${c.messages}) m where m->>'role' = ${role})::int`;

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likeContains = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export const conversationConditions = {
  status: (now: Date, status: string) => sql`${conversationStatusAt(now)} = ${status}`,
  id: (id: string) => sql`${c.id} = ${id}`,
  visitor: (visitorId: string) => sql`${c.visitorId} = ${visitorId}`,
  /** The term in the visitor's id, the email or name given in chat, or the lead's email or name. */
  search: (term: string) => {
    const p = likeContains(term);
    return sql`(lower(${c.visitorId}) like ${p} or lower(${c.context}->>'email') like ${p}
      or lower(${c.context}->>'parentName') like ${p} or lower(${l.email}) like ${p} or lower(${l.parentName}) like ${p})`;
  },
  /**
   * The term in what either side said. The transcript's text (its trigram index) narrows the rows
   * first, except for a term with characters JSON escapes (quotes, backslashes, control characters).
   */
  messageSearch: (term: string) => {
    const pattern = likeContains(term);
    const said = sql`exists (select 1 from jsonb_array_elements(${c.messages}) m where lower(m->>'content') like ${pattern})`;
    // eslint-disable-next-line no-control-regex
    if (/["\\\u0000-\u001f]/.test(term)) return said;
    return sql`(lower(${c.messages}::text) like ${pattern} and ${said})`;
  },
};

export function createAnalyticsRepository(db: Database, zone: string) {
  const run = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));
  const fromConversations = sql`from ${conversationsTable} left join ${leadsTable} on ${l.id} = ${c.leadId}`;
  const recordColumns = (now: Date) => sql`${c.id} as id, ${conversationStatusAt(now)} as status,
    ${c.visitorId} as visitor_id, ${c.context}->>'email' as visitor_email, ${l.email} as lead_email,
    coalesce(nullif(${c.context}->>'parentName', ''), ${l.parentName}) as parent_name, ${c.leadId} as lead_id,
    ${c.startedAt} as started_at, ${c.lastActivityAt} as last_activity_at,
    jsonb_array_length(${c.messages}) as message_count, ${countRole('user')} as user_message_count,
    ${countRole('assistant')} as bot_message_count, ${c.hasName} as has_name, ${c.hasEmail} as has_email,
    ${c.hasChildInfo} as has_child_info`;

  return {
    async findConversations(
      now: Date,
      conditions: (SQL | undefined)[],
      page: { limit: number; offset: number },
    ) {
      const filter = where(conditions);
      const [rows, [total]] = await Promise.all([
        run<ConversationRecord>(sql`select ${recordColumns(now)} ${fromConversations} ${filter}
          order by ${c.startedAt} desc, ${c.id} desc limit ${page.limit} offset ${page.offset}`),
        run<{ n: number }>(sql`select count(*)::int as n ${fromConversations} ${filter}`),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async findConversationDetail(now: Date, id: string) {
      const [row] = await run<ConversationRecord & { context: unknown; messages: unknown }>(
        sql`select ${recordColumns(now)}, ${c.context} as context, ${c.messages} as messages
          ${fromConversations} where ${c.id} = ${id}`,
      );
      return row;
    },

    async overview(now: Date, range: SQL | undefined) {
      const status = conversationStatusAt(now);
      const [row] = await run<Record<string, number | string | null>>(sql`select count(*)::int as total,
        count(distinct ${c.visitorId})::int as visitors,
        count(*) filter (where ${status} = 'converted')::int as converted,
        count(*) filter (where ${status} = 'abandoned')::int as abandoned,
        count(*) filter (where ${status} = 'in_progress')::int as in_progress,
        avg(extract(epoch from (${c.lastActivityAt} - ${c.startedAt})) / 60) filter (where ${status} <> 'in_progress') as avg_duration,
        avg(jsonb_array_length(${c.messages})) as avg_messages
        from ${conversationsTable} ${where([range])}`);
      return row!;
    },

    async trends(now: Date, range: SQL | undefined) {
      const date = localDate(c.startedAt, zone);
      return run<{ date: string; conversations: number; conversions: number }>(sql`select ${date} as date,
        count(*)::int as conversations, count(*) filter (where ${conversationStatusAt(now)} = 'converted')::int as conversions
        from ${conversationsTable} ${where([range])} group by 1 order by 1`);
    },

    async peakHours(range: SQL | undefined) {
      return run<{ hour: number; conversations: number }>(sql`select ${localHour(c.startedAt, zone)} as hour,
        count(*)::int as conversations from ${conversationsTable} ${where([range])} group by 1 order by 1`);
    },

    async countVisitorsFirstSeen(range: SQL | undefined) {
      const [row] = await run<{ n: number }>(
        sql`select count(*)::int as n from ${visitorsTable} ${where([range])}`,
      );
      return Number(row?.n ?? 0);
    },

    async funnelConversations(now: Date, range: SQL | undefined) {
      const [row] = await run<{ total: number; with_name: number; with_email: number }>(sql`select
        count(*)::int as total, count(*) filter (where ${c.hasName})::int as with_name,
        count(*) filter (where ${c.hasEmail})::int as with_email
        from ${conversationsTable} ${where([range])}`);
      const leads = await run<{
        email_status: string;
        n: number;
      }>(sql`select ${l.emailStatus} as email_status,
        count(*)::int as n from ${leadsTable} where ${l.id} in (select ${c.leadId} from ${conversationsTable}
        ${where([range, sql`${conversationStatusAt(now)} = 'converted'`, sql`${c.leadId} is not null`])})
        group by 1`);
      return { ...row!, leads };
    },

    /** How many ended conversations stopped at each furthest drop-off stage. */
    async furthestStages(now: Date, range: SQL | undefined) {
      const status = conversationStatusAt(now);
      return run<{ stage: string; n: number }>(sql`select case
          when ${status} = 'converted' then 'became_lead'
          when ${c.hasChildInfo} then 'gave_child_info'
          when ${c.hasEmail} then 'gave_email'
          when ${c.hasName} then 'gave_name'
          when ${countRole('user')} >= 2 then 'answered_a_question'
          else 'started' end as stage, count(*)::int as n
        from ${conversationsTable} ${where([range, sql`${status} <> 'in_progress'`])} group by 1`);
    },

    /**
     * Every unanswered question of the conversations in range, with when it was asked: the time of
     * the visitor's message it was kept from (kept cut to 500 characters), else the last activity.
     */
    async findUnansweredAskings(range: SQL | undefined) {
      const kept = sql`(case when jsonb_typeof(${c.unanswered}) = 'array' then ${c.unanswered} else '[]'::jsonb end)`;
      const askedAt = sql`(select max((m->>'timestamp')::timestamptz) from jsonb_array_elements(${c.messages}) m
        where m->>'role' = 'user' and left(m->>'content', 500) = q.question)`;
      return run<UnansweredAsking>(sql`select q.question as question, ${c.id} as conversation_id,
        ${c.startedAt} as started_at, coalesce(${askedAt}, ${c.lastActivityAt}) as asked_at
        from ${conversationsTable} cross join lateral jsonb_array_elements_text(${kept}) as q(question)
        ${where([range])}`);
    },

    async countConversations(range: SQL | undefined) {
      const [row] = await run<{ n: number }>(
        sql`select count(*)::int as n from ${conversationsTable} ${where([range])}`,
      );
      return Number(row?.n ?? 0);
    },

    async findVisitor(id: string) {
      const [row] = await run<{
        id: string;
        total_visits: number;
        first_seen_at: Date | string;
        last_seen_at: Date | string;
        lead_id: string | null;
      }>(
        sql`select ${v.id} as id, ${v.totalVisits} as total_visits, ${v.firstSeenAt} as first_seen_at,
          ${v.lastSeenAt} as last_seen_at, ${v.leadId} as lead_id from ${visitorsTable} where ${v.id} = ${id}`,
      );
      return row;
    },

    async findLead(id: string) {
      const [row] = await run<{
        id: string;
        parent_name: string;
        child_name: string | null;
        timeline: string | null;
        lead_score: number;
      }>(
        sql`select ${l.id} as id, ${l.parentName} as parent_name, ${l.firstChildName} as child_name,
          ${l.timeline} as timeline, ${l.leadScore} as lead_score from ${leadsTable} where ${l.id} = ${id}`,
      );
      return row;
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
