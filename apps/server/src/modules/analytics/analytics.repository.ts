import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  conversationColumns as c,
  conversationStatusAt,
  conversationStatusIs,
  conversationsTable,
  visitorColumns as v,
  visitorsTable,
} from '../chat';
import { leadColumns as l, leadConditions, leadsTable } from '../leads';
import type { UnansweredAsking } from './unanswered-questions';
import { rowsOf } from '../../db/rows';

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

const where = (conditions: (SQL | undefined)[]) => {
  const present = conditions.filter((x): x is SQL => Boolean(x));
  return present.length ? sql`where ${sql.join(present, sql` and `)}` : sql``;
};

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likeContains = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export const conversationConditions = {
  status: (now: Date, status: string) => conversationStatusIs(now, status),
  id: (id: string) => sql`${c.id} = ${id}`,
  visitor: (visitorId: string) => sql`${c.visitorId} = ${visitorId}`,
  /**
   * The term in the visitor's id, the email or name given in chat, or the lead's name, email, phone
   * or a child's name (the leads list's search). Each side is found by its trigram index first.
   */
  search: (term: string) => {
    const p = likeContains(term);
    return sql`${c.id} in (select ${c.id} from ${conversationsTable} where ${c.searchText} like ${p}
      union all select ${c.id} from ${conversationsTable} where ${c.leadId} in
        (select ${l.id} from ${leadsTable} where ${leadConditions.search(term)}))`;
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

/**
 * The most the planner may expect a list's count to cost for the total to be counted exactly
 * (about 20,000 rows read). Beyond (a search by what was said that matches a hundred thousand
 * conversations of two million), the total is the planner's estimate, labelled as one, as the
 * leads list does: never less than the conversations known to exist, exact on the last page.
 */
export const EXACT_COUNT_MAX_COST = 20_000;

type PlanNode = { 'Node Type': string; 'Total Cost': number; 'Plan Rows': number; Plans?: PlanNode[] };

/** A row of the statistics by local date, by local hour and overall (the direct and the summary reads). */
export type StatsRow = {
  by: 'date' | 'hour' | 'all';
  date: string | null;
  hour: number | null;
  total: number;
  converted: number;
  abandoned: number;
  in_progress: number;
  ended_minutes: number | string | null;
  ended: number;
  messages: number | string | null;
  safe?: boolean;
};

export function createAnalyticsRepository(db: Database, options: { exactCountMaxCost?: number } = {}) {
  const run = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));
  const exactCountMaxCost = options.exactCountMaxCost ?? EXACT_COUNT_MAX_COST;
  /** The planner's cost of a count, and its estimate of the rows counted. */
  const planOfCount = async (query: SQL) => {
    const [row] = await run<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${query}`);
    const raw = row?.['QUERY PLAN'];
    const root = ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[])[0]!.Plan;
    const counted = root['Node Type'] === 'Aggregate' && root.Plans?.[0] ? root.Plans[0] : root;
    return { cost: root['Total Cost'], matches: Math.round(counted['Plan Rows']) };
  };
  const fromConversations = sql`from ${conversationsTable} left join ${leadsTable} on ${l.id} = ${c.leadId}`;
  const recordColumns = (now: Date) => sql`${c.id} as id, ${conversationStatusAt(now)} as status,
    ${c.visitorId} as visitor_id, ${c.context}->>'email' as visitor_email, ${l.email} as lead_email,
    coalesce(nullif(${c.context}->>'parentName', ''), ${l.parentName}) as parent_name, ${c.leadId} as lead_id,
    ${c.startedAt} as started_at, ${c.lastActivityAt} as last_activity_at,
    ${c.messageCount} as message_count, ${c.userMessageCount} as user_message_count,
    (select count(*) from jsonb_array_elements(${c.messages}) m where m->>'role' = 'assistant')::int as bot_message_count, ${c.hasName} as has_name, ${c.hasEmail} as has_email,
    ${c.hasChildInfo} as has_child_info`;

  return {
    async findConversations(
      now: Date,
      conditions: (SQL | undefined)[],
      page: { limit: number; offset: number },
      /** The total when the caller knows it cheaper (the summaries, for a period alone). */
      count?: () => Promise<number>,
    ) {
      const filter = where(conditions);
      const pageOf = (limit: number) =>
        run<ConversationRecord>(sql`select ${recordColumns(now)} ${fromConversations} ${filter}
          order by ${c.startedAt} desc, ${c.id} desc limit ${limit} offset ${page.offset}`);
      const countQuery = sql`select count(*)::int as n ${fromConversations} ${filter}`;
      const exact = async () => Number((await run<{ n: number }>(countQuery))[0]?.n ?? 0);
      if (count) {
        const [rows, total] = await Promise.all([pageOf(page.limit), count()]);
        return { rows, total, totalIsEstimate: false };
      }
      const plan = await planOfCount(countQuery);
      if (plan.cost <= exactCountMaxCost) {
        const [rows, total] = await Promise.all([pageOf(page.limit), exact()]);
        return { rows, total, totalIsEstimate: false };
      }
      // One row more than the page says whether another page follows: if not, the total is known.
      const found = await pageOf(page.limit + 1);
      const rows = found.slice(0, page.limit);
      if (found.length <= page.limit && (found.length > 0 || page.offset === 0))
        return { rows, total: page.offset + found.length, totalIsEstimate: false };
      if (found.length === 0) return { rows, total: await exact(), totalIsEstimate: false };
      return {
        rows,
        total: Math.max(plan.matches, page.offset + found.length),
        totalIsEstimate: true,
      };
    },

    async findConversationDetail(now: Date, id: string) {
      const [row] = await run<ConversationRecord & { context: unknown; messages: unknown }>(
        sql`select ${recordColumns(now)}, ${c.context} as context, ${c.messages} as messages
          ${fromConversations} where ${c.id} = ${id}`,
      );
      return row;
    },

    /**
     * The statistics' counts in one pass over the period's conversations (the started-at index
     * alone): summed per hour of the school's clock first (cheap to group), then per local date,
     * per local hour and overall by grouping sets over those few thousand hours.
     */
    async statsByDateAndHour(now: Date, range: SQL | undefined, zone: string) {
      const is = (status: string) => conversationStatusIs(now, status);
      const ended = sql`not ${is('in_progress')}`;
      return run<StatsRow>(sql`select case when grouping(d) = 0 then 'date' when grouping(h) = 0 then 'hour' else 'all' end as by,
        d::text as date, h as hour, sum(total)::int as total, sum(converted)::int as converted,
        sum(abandoned)::int as abandoned, sum(in_progress)::int as in_progress,
        extract(epoch from sum(ended_time)) / 60 as ended_minutes, sum(ended)::int as ended,
        sum(messages) as messages
        from (select hours.*, local_hour::date as d, extract(hour from local_hour)::int as h from (
          select date_trunc('hour', ${c.startedAt} at time zone ${zone}::text) as local_hour, count(*) as total,
            count(*) filter (where ${is('converted')}) as converted,
            count(*) filter (where ${is('abandoned')}) as abandoned,
            count(*) filter (where ${is('in_progress')}) as in_progress,
            sum(${c.lastActivityAt} - ${c.startedAt}) filter (where ${ended}) as ended_time,
            count(*) filter (where ${ended}) as ended, sum(${c.messageCount}) as messages
          from ${conversationsTable} ${where([range])} group by 1) hours) by_hour
        group by grouping sets ((d), (h), ())`);
    },

    async countVisitorsOfConversations(range: SQL | undefined) {
      const [row] = await run<{ n: number }>(sql`select count(*)::int as n from
        (select ${c.visitorId} from ${conversationsTable} ${where([range])} group by 1) v`);
      return Number(row?.n ?? 0);
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
        ${where([range, conversationStatusIs(now, 'converted'), sql`${c.leadId} is not null`])})
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
          when ${c.userMessageCount} >= 2 then 'answered_a_question'
          else 'started' end as stage, count(*)::int as n
        from ${conversationsTable} ${where([range, sql`${status} <> 'in_progress'`])} group by 1`);
    },

    /**
     * Every unanswered question of the conversations in range, with when it was asked: the time of
     * the visitor's message it was kept from (kept cut to 500 characters), else the last activity.
     */
    async findUnansweredAskings(range: SQL | undefined) {
      const kept = sql`(case when jsonb_typeof(${c.unanswered}) = 'array' then ${c.unanswered} else '[]'::jsonb end)`;
      // Only the conversations that kept some (what their partial index holds): the same rows.
      const keptSome = sql`jsonb_typeof(${c.unanswered}) = 'array' and ${c.unanswered} <> '[]'::jsonb`;
      const askedAt = sql`(select max((m->>'timestamp')::timestamptz) from jsonb_array_elements(${c.messages}) m
        where m->>'role' = 'user' and left(m->>'content', 500) = q.question)`;
      return run<UnansweredAsking>(sql`select q.question as question, ${c.id} as conversation_id,
        ${c.startedAt} as started_at, coalesce(${askedAt}, ${c.lastActivityAt}) as asked_at
        from ${conversationsTable} cross join lateral jsonb_array_elements_text(${kept}) as q(question)
        ${where([range, keptSome])}`);
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
