import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  conversationColumns as c,
  conversationStatusAt,
  conversationStatusIs,
  conversationsTable,
  visitorColumns as v,
  visitorsTable,
} from '../chat';
import { leadColumns as l, leadsTable } from '../leads';
import { rangeBounds, type AnalyticsRange } from './analytics-range';
import type { StatsRow } from './analytics.repository';
import { analyticsHours, analyticsLeadRepeats, analyticsVisitRepeats } from './analytics.tables';

/**
 * The reports over a period read from the summaries (analytics.tables.ts, kept by the triggers of
 * migration 0022) for the period's whole UTC hours, its "span", and from the conversations (and
 * visitors) themselves for the rest, its "edges": before the span's first hour and from its end.
 * The conversations stored in progress inside the span are read too, for what their status at the
 * time of reading decides (the hours count them only where the status does not matter).
 * Every answer equals the direct aggregation of analytics.repository.ts (analytics-summaries.test.ts).
 */

/** The period resolved to instants (PostgreSQL's text, exact to the microsecond). */
export type Span = {
  /** The period's bounds: started at or after `from`, before `to` (at or before when toInclusive). */
  from: string | null;
  to: string | null;
  toInclusive: boolean;
  /** The whole UTC hours inside the period: [spanFrom, spanTo), when the period holds one. */
  spanFrom: string;
  spanTo: string;
  hasSpan: boolean;
};

const hourOf = (x: SQL) => sql`(date_trunc('hour', (${x}) at time zone 'UTC') at time zone 'UTC')`;
const h = analyticsHours;

export function createSummaryReads(db: Database) {
  const run = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));

  /** The conditions on `column` for the edges of the period (empty: no edge rows). */
  const edges = (s: Span, column: SQL): SQL[] => {
    const lower = s.from ? sql`${column} >= ${s.from}::timestamptz` : undefined;
    const upper = s.to
      ? s.toInclusive
        ? sql`${column} <= ${s.to}::timestamptz`
        : sql`${column} < ${s.to}::timestamptz`
      : undefined;
    const within = (...xs: (SQL | undefined)[]) =>
      sql.join(xs.filter((x): x is SQL => Boolean(x)).concat(sql`true`), sql` and `);
    if (!s.hasSpan) return [within(lower, upper)];
    const out: SQL[] = [];
    if (s.from) out.push(within(lower, sql`${column} < ${s.spanFrom}::timestamptz`));
    if (s.to) out.push(within(sql`${column} >= ${s.spanTo}::timestamptz`, upper));
    return out;
  };
  /** The summary hours of the span (none when the period holds no whole hour). */
  const spanHours = (s: Span) =>
    s.hasSpan
      ? sql`${h.hour} >= ${s.spanFrom}::timestamptz and ${h.hour} < ${s.spanTo}::timestamptz`
      : sql`false`;
  const inSpan = (s: Span, column: SQL) =>
    s.hasSpan
      ? sql`${column} >= ${s.spanFrom}::timestamptz and ${column} < ${s.spanTo}::timestamptz`
      : sql`false`;
  const unclosed = sql`${sql.raw('"conversations"."status"')} not in ('converted', 'abandoned')`;
  /** One select per edge, joined by union all (undefined when the period has no edge). */
  const unionOf = (conditions: SQL[], select: (where: SQL) => SQL) =>
    conditions.length ? sql.join(conditions.map(select), sql` union all `) : undefined;
  /** Rows of `table` whose `column` falls in the period: the span's hours' `hours` column, plus the edges counted. */
  const countInSpan = async (
    s: Span,
    hours: SQL | AnyColumn,
    table: SQL | PgTable,
    column: SQL | AnyColumn,
  ) => {
    const edgeRows = unionOf(
      edges(s, sql`${column}`),
      (w) => sql`select count(*) as n from ${table} where ${w}`,
    );
    const [row] = await run<{ n: number | string }>(sql`select
      (select coalesce(sum(${hours}), 0) from ${h} where ${spanHours(s)})
      + ${edgeRows ? sql`(select coalesce(sum(n), 0) from (${edgeRows}) e)` : sql`0`} as n`);
    return Number(row?.n ?? 0);
  };

  return {
    async resolve(range: AnalyticsRange, zone: string, now: Date): Promise<Span> {
      const b = rangeBounds(range, zone, now);
      const from = b.from ?? sql`null::timestamptz`;
      const to = b.to ?? sql`null::timestamptz`;
      const [row] = await run<{ f: string | null; t: string | null; sf: string; st: string; has: boolean }>(
        sql`select f::text as f, t::text as t, sf::text as sf, st::text as st, sf < st as has from (
          select f, t, coalesce(case when ${hourOf(sql`f`)} < f then ${hourOf(sql`f`)} + interval '1 hour'
              else ${hourOf(sql`f`)} end, '-infinity'::timestamptz) as sf,
            coalesce(${hourOf(sql`t`)}, 'infinity'::timestamptz) as st
          from (select (${from})::timestamptz as f, (${to})::timestamptz as t) bounds) s`,
      );
      return {
        from: row!.f,
        to: row!.t,
        toInclusive: b.toInclusive,
        spanFrom: row!.sf,
        spanTo: row!.st,
        hasSpan: Boolean(row!.has),
      };
    },

    /**
     * conversation-stats' counts per local hour, then per local date, per local hour of the day and
     * overall (as statsByDateAndHour). `safe` is false when some summary hour cannot be placed in
     * the zone's local hours (an offset that is not a multiple of 15 minutes, or that changes inside
     * the hour): the caller then asks the direct query.
     */
    async statsByDateAndHour(now: Date, s: Span, zone: string) {
      const is = (status: string) => conversationStatusIs(now, status);
      const ended = sql`not ${is('in_progress')}`;
      // The zone's offset per UTC day of the span, computed once a day (a few thousand days, not
      // every hour) into arrays read by the day's position: a day with the same offset at its start
      // and at 23:59 keeps it all day; on the days it changes, each hour's own offset. An hour is
      // placed exactly when its offset is a whole number of quarter hours and does not change inside
      // it (else `safe` is false). `split`: the hours whose conversations fall in two local hours
      // (offsets of 30 or 45 minutes, and the days the offset changes), read a second time by
      // their key, or by a scan of the span when most days have them (`mostly_split`).
      const z = sql`${zone}::text`;
      const days = sql`select day::date as day, off, off = off_end as uniform,
          extract(second from off) = 0 and extract(minute from off)::int % 15 = 0 as quarter,
          (extract(minute from off)::int % 60 + 60) % 60 as m
        from (select day, ((day at time zone 'UTC') at time zone ${z}) - day as off,
            (((day + interval '23 hours 59 minutes') at time zone 'UTC') at time zone ${z})
              - (day + interval '23 hours 59 minutes') as off_end
          from generate_series(
            ((select min(${h.hour}) from ${h} where ${spanHours(s)}) at time zone 'UTC')::date::timestamp,
            ((select max(${h.hour}) from ${h} where ${spanHours(s)}) at time zone 'UTC')::date::timestamp,
            interval '1 day') as g(day)) d`;
      const zoneDays = sql`select min(day) as d0, array_agg(off order by day) as offs,
          array_agg(uniform order by day) as uniforms, array_agg(quarter order by day) as quarters,
          array_agg(m order by day) as ms,
          coalesce((select array_agg(hour) from (select day, uniform, m from days) f,
              generate_series((f.day::timestamp at time zone 'UTC'), (f.day::timestamp at time zone 'UTC') + interval '23 hours',
                interval '1 hour') as hour
            where not f.uniform or f.m <> 0 having count(*) * 2 <= (select count(*) * 24 from days)), '{}') as split,
          count(*) filter (where not uniform or m <> 0) * 2 > count(*) as mostly_split
        from days`;
      const i = sql`(${h.day} - zo.d0 + 1)`;
      const ownOff = sql`((${h.hour} at time zone ${z}) - ${h.hourUtc})`;
      const off = sql`(case when zo.uniforms[${i}] then zo.offs[${i}] else ${ownOff} end)`;
      const m = sql`(case when zo.uniforms[${i}] then zo.ms[${i}] else (extract(minute from ${ownOff})::int % 60 + 60) % 60 end)`;
      const safe = sql`(case when zo.uniforms[${i}] then zo.quarters[${i}] else extract(second from ${ownOff}) = 0
          and extract(minute from ${ownOff})::int % 15 = 0
          and ((${h.hour} + interval '59 minutes') at time zone ${z}) - (${h.hourUtc} + interval '59 minutes') = ${ownOff} end)`;
      const splitOf = (col: string) => sql`(case ${m} when 0 then 0
        when 15 then ${sql.identifier(`${col}_45`)} when 30 then ${sql.identifier(`${col}_30`)}
        else ${sql.identifier(`${col}_15`)} end)`;
      // An hour's conversations in the school's local hours: those before the split minute in the
      // local hour the UTC hour starts in, the rest in the next one (the other counts go with the
      // first part, or with the second when the first is empty). Whole-hour offsets: one part.
      const summary = sql`select date_trunc('hour', ${h.hourUtc} + ${off}) as local_hour, ${safe} as safe,
            ${h.conversations} - ${splitOf('conversations')} as total, ${h.converted} - ${splitOf('converted')} as converted,
            ${h.abandoned} as abandoned, 0 as in_progress, ${h.endedTime} as ended_time,
            ${h.converted} + ${h.abandoned} as ended, ${h.messages} as messages, ${h.firstVisits} as first_visits
          from zo cross join ${h} where ${spanHours(s)} and ${h.conversations} > ${splitOf('conversations')}
        union all select date_trunc('hour', ${h.hourUtc} + ${off}) + interval '1 hour', ${safe},
            ${splitOf('conversations')}, ${splitOf('converted')},
            case when ${h.conversations} = ${splitOf('conversations')} then ${h.abandoned} else 0 end, 0,
            case when ${h.conversations} = ${splitOf('conversations')} then ${h.endedTime} else interval '0' end,
            case when ${h.conversations} = ${splitOf('conversations')} then ${h.converted} + ${h.abandoned} else 0 end,
            case when ${h.conversations} = ${splitOf('conversations')} then ${h.messages} else 0 end,
            case when ${h.conversations} = ${splitOf('conversations')} then ${h.firstVisits} else 0 end
          from zo cross join ${h} where not (select mostly_split from zo) and ${h.hour} = any(zo.split)
            and ${spanHours(s)} and ${splitOf('conversations')} > 0
        union all select date_trunc('hour', ${h.hourUtc} + ${off}) + interval '1 hour', ${safe},
            ${splitOf('conversations')}, ${splitOf('converted')},
            case when ${h.conversations} = ${splitOf('conversations')} then ${h.abandoned} else 0 end, 0,
            case when ${h.conversations} = ${splitOf('conversations')} then ${h.endedTime} else interval '0' end,
            case when ${h.conversations} = ${splitOf('conversations')} then ${h.converted} + ${h.abandoned} else 0 end,
            case when ${h.conversations} = ${splitOf('conversations')} then ${h.messages} else 0 end,
            case when ${h.conversations} = ${splitOf('conversations')} then ${h.firstVisits} else 0 end
          from zo cross join ${h} where (select mostly_split from zo) and ${spanHours(s)}
            and ${splitOf('conversations')} > 0`;
      const perRow = (where: SQL, all: boolean) => sql`select
          date_trunc('hour', ${c.startedAt} at time zone ${zone}::text) as local_hour, true as safe,
          ${all ? sql`1` : sql`0`} as total, ${all ? sql`(${is('converted')})::int` : sql`0`} as converted,
          (${is('abandoned')})::int as abandoned, (${is('in_progress')})::int as in_progress,
          case when ${ended} then ${c.lastActivityAt} - ${c.startedAt} else interval '0' end as ended_time,
          (${ended})::int as ended, ${all ? c.messageCount : sql`0`} as messages, 0 as first_visits
        from ${conversationsTable} where ${where}`;
      // The rows stored in progress inside the span add only what their status decides.
      const open = perRow(sql`${unclosed} and ${inSpan(s, c.startedAt)}`, false);
      const edgeRows = unionOf(edges(s, c.startedAt), (w) => perRow(w, true));
      const sources = sql.join([summary, open, ...(edgeRows ? [edgeRows] : [])], sql` union all `);
      return run<
        StatsRow & {
          safe: boolean;
          /** The span's first conversations of visitors (countVisitorsOfConversations adds the rest). */
          first_visits: number;
        }
      >(sql`with days as (${days}), zo as (${zoneDays})
        select case when grouping(d) = 0 then 'date' when grouping(hr) = 0 then 'hour' else 'all' end as by,
        d::text as date, hr as hour, sum(total)::int as total, sum(converted)::int as converted,
        sum(abandoned)::int as abandoned, sum(in_progress)::int as in_progress,
        extract(epoch from sum(ended_time)) / 60 as ended_minutes, sum(ended)::int as ended,
        sum(messages) as messages, bool_and(safe) as safe, sum(first_visits)::int as first_visits
        from (select local_hour::date as d, date_part('hour', local_hour)::int as hr, parts.*
          from (${sources}) parts) grouped
        group by grouping sets ((d), (hr), ())`);
    },

    /**
     * How many visitors had a conversation in the period: each visitor's first conversation in it.
     * In the span: the visitors' first conversations (first_visits), and the later ones whose
     * previous conversation is before the period; in the edges: those with no earlier one in it.
     */
    async countVisitorsOfConversations(s: Span, options: { spanFirsts?: boolean } = {}) {
      const repeats = analyticsVisitRepeats;
      const crossing = s.from
        ? sql`(select count(*) from ${repeats} where ${inSpan(s, sql`${repeats.startedAt}`)}
            and ${repeats.prevStartedAt} < ${s.from}::timestamptz)`
        : sql`0`;
      const firstIn = (w: SQL) => sql`select count(*) as n from ${conversationsTable} where ${w}
        and not exists (select 1 from conversations c2 where c2.visitor_id = ${c.visitorId}
          and (c2.started_at, c2.id) < (${c.startedAt}, ${c.id})
          ${s.from ? sql`and c2.started_at >= ${s.from}::timestamptz` : sql``})`;
      const edgeRows = unionOf(edges(s, c.startedAt), firstIn);
      const [row] = await run<{ n: number | string }>(sql`select
        ${options.spanFirsts === false ? sql`0` : sql`(select coalesce(sum(${h.firstVisits}), 0) from ${h} where ${spanHours(s)})`}
        + ${crossing}
        + ${edgeRows ? sql`(select coalesce(sum(n), 0) from (${edgeRows}) e)` : sql`0`} as n`);
      return Number(row?.n ?? 0);
    },

    countVisitorsFirstSeen: (s: Span) => countInSpan(s, h.visitors, visitorsTable, v.firstSeenAt),

    /**
     * The funnel's conversations and their leads (as funnelConversations). A lead counts once, by
     * its first converted conversation in the period, with its email status now.
     */
    async funnelConversations(now: Date, s: Span) {
      const converted = conversationStatusIs(now, 'converted');
      const edgeTotals = unionOf(
        edges(s, c.startedAt),
        (w) => sql`select count(*) as total, count(*) filter (where ${c.hasName}) as with_name,
          count(*) filter (where ${c.hasEmail}) as with_email from ${conversationsTable} where ${w}`,
      );
      const [row] = await run<{ total: number; with_name: number; with_email: number }>(sql`select
        coalesce(sum(total), 0)::int as total, coalesce(sum(with_name), 0)::int as with_name,
        coalesce(sum(with_email), 0)::int as with_email from (
          select ${h.conversations} as total, ${h.withName} as with_name, ${h.withEmail} as with_email
          from ${h} where ${spanHours(s)}
          ${edgeTotals ? sql`union all ${edgeTotals}` : sql``}) t`);
      const [firsts] = await run<Record<string, number | string>>(sql`select
        coalesce(sum(${h.leads}), 0) as leads, coalesce(sum(${h.leadsSubscribed}), 0) as subscribed,
        coalesce(sum(${h.leadsUnsubscribed}), 0) as unsubscribed, coalesce(sum(${h.leadsComplained}), 0) as complained,
        coalesce(sum(${h.leadsBounced}), 0) as bounced from ${h} where ${spanHours(s)}`);
      const repeats = analyticsLeadRepeats;
      const crossing = s.from
        ? sql`select ${repeats.leadId} as lead_id from ${repeats} where ${inSpan(s, sql`${repeats.startedAt}`)}
            and ${repeats.prevStartedAt} < ${s.from}::timestamptz`
        : undefined;
      const edgeLeads = unionOf(
        edges(s, c.startedAt),
        (w) => sql`select ${c.leadId} as lead_id from ${conversationsTable} where ${w} and ${converted}
          and ${c.leadId} is not null and not exists (select 1 from conversations c2
            where c2.lead_id = ${c.leadId} and c2.status = 'converted'
            and (c2.started_at, c2.id) < (${c.startedAt}, ${c.id})
            ${s.from ? sql`and c2.started_at >= ${s.from}::timestamptz` : sql``})`,
      );
      const direct = [crossing, edgeLeads].filter((x): x is SQL => Boolean(x));
      const rest = direct.length
        ? await run<{ email_status: string; n: number }>(sql`select ${l.emailStatus} as email_status,
            count(*)::int as n from (${sql.join(direct, sql` union all `)}) x
            join ${leadsTable} on ${l.id} = x.lead_id group by 1`)
        : [];
      // By email status: the summaries' four (and the rest under ''), plus the leads read directly.
      const known = ['subscribed', 'unsubscribed', 'complained', 'bounced'];
      const byStatus = new Map<string, number>(known.map((k) => [k, Number(firsts?.[k] ?? 0)]));
      byStatus.set('', Number(firsts?.leads ?? 0) - known.reduce((sum, k) => sum + byStatus.get(k)!, 0));
      for (const r of rest) byStatus.set(r.email_status, (byStatus.get(r.email_status) ?? 0) + Number(r.n));
      const leads = [...byStatus].map(([email_status, n]) => ({ email_status, n }));
      return { ...row!, leads };
    },

    /** How many ended conversations stopped at each furthest drop-off stage (as furthestStages). */
    async furthestStages(now: Date, s: Span) {
      const status = conversationStatusAt(now);
      const stageOf = (where: SQL) => sql`select case
          when ${status} = 'converted' then 'became_lead'
          when ${c.hasChildInfo} then 'gave_child_info'
          when ${c.hasEmail} then 'gave_email'
          when ${c.hasName} then 'gave_name'
          when ${c.userMessageCount} >= 2 then 'answered_a_question'
          else 'started' end as stage, count(*) as n
        from ${conversationsTable} where ${where} and ${status} <> 'in_progress' group by 1`;
      const direct = [
        stageOf(sql`${unclosed} and ${inSpan(s, c.startedAt)}`),
        ...edges(s, c.startedAt).map(stageOf),
      ];
      const sums = sql`select sum(${h.converted}) as became_lead, sum(${h.gaveChildInfo}) as gave_child_info,
          sum(${h.gaveEmail}) as gave_email, sum(${h.gaveName}) as gave_name,
          sum(${h.answeredAQuestion}) as answered_a_question, sum(${h.startedOnly}) as started
        from ${h} where ${spanHours(s)}`;
      return run<{ stage: string; n: number }>(sql`select stage, sum(n)::int as n from (
          select stage, n from (${sums}) t, lateral (values ('became_lead', became_lead),
            ('gave_child_info', gave_child_info), ('gave_email', gave_email), ('gave_name', gave_name),
            ('answered_a_question', answered_a_question), ('started', started)) as st(stage, n)
          union all ${sql.join(direct, sql` union all `)}) stages group by 1 having sum(n) > 0`);
    },

    /** How many conversations started in the period. */
    countConversations: (s: Span) => countInSpan(s, h.conversations, conversationsTable, c.startedAt),
  };
}

export type SummaryReads = ReturnType<typeof createSummaryReads>;
