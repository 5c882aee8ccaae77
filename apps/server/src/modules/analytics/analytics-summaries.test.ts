import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createLead, makeLead } from '../../test/factories';
import {
  bearer,
  DEFAULT_ADMIN,
  freshAddress,
  loginToken,
  createTestApp,
  type TestApp,
} from '../../test/test-app';
import { createChatRepository } from '../chat/chat.repository';
import { widgetClient } from '../chat/chat-test-helpers';
import type { AnalyticsRange } from './analytics-range';
import { createAnalyticsRepository } from './analytics.repository';
import { createAnalyticsService } from './analytics.service';
import { createSummaryReads } from './analytics-summaries';

/**
 * The hourly summaries (migration 0022) against the direct aggregation: random conversations,
 * visitors and leads around the end of daylight saving time, every report compared for many
 * periods and zones (whole-hour, half-hour and 45-minute offsets, a zone whose daylight saving
 * moves by 30 minutes); then after every write path, the summary tables against a recount.
 */
const NOW = new Date('2026-11-02T23:10:00Z');
const ZONES = [
  'UTC',
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
];
const RANGES: AnalyticsRange[] = [
  { period: 'all' },
  {},
  { period: 'today' },
  { period: '7d' },
  { period: '30d' },
  { period: '90d' },
  { dateFrom: '2026-10-31', dateTo: '2026-11-02' },
  { dateFrom: '2026-11-01' },
  { dateTo: '2026-11-01' },
  { dateFrom: '2026-11-01T01:30:00', dateTo: '2026-11-01T09:15:00' },
  { dateFrom: '2026-11-01T05:59:59Z', dateTo: '2026-11-02T06:00:00Z' },
  { dateFrom: '2026-11-01T06:10:00+05:30' },
  { dateTo: '2026-11-01T20:45:00-03:30' },
  { dateFrom: '2026-11-01T06:05:00Z', dateTo: '2026-11-01T06:40:00Z' },
  { period: '7d', dateFrom: '2026-10-29', dateTo: '2026-11-01T12:00:00Z' },
  { dateFrom: '2025-01-01', dateTo: '2025-12-31' },
];

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let t: TestApp;
let token: string;
let zone = 'UTC';
const run = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

/** The same service twice: from the summaries, and from the conversations alone. */
function services() {
  const repo = createAnalyticsRepository(t.database.db);
  return {
    summary: createAnalyticsService(repo, () => zone, createSummaryReads(t.database.db)),
    direct: createAnalyticsService(repo, () => zone),
  };
}

async function answers(service: ReturnType<typeof createAnalyticsService>, range: AnalyticsRange) {
  return {
    stats: await service.conversationStats(range, NOW),
    funnel: await service.funnel(range, NOW),
    dropOff: await service.dropOff(range, NOW),
    unanswered: await service.unansweredQuestions(range, NOW),
    list: (await service.findConversations({ ...range, page: 1, limit: 3 }, NOW)).pagination,
  };
}

async function expectSameAnswers(zones = ZONES, ranges = RANGES) {
  const { summary, direct } = services();
  for (const z of zones) {
    zone = z;
    for (const range of ranges) {
      const label = `${z} ${JSON.stringify(range)}`;
      expect(await answers(summary, range), label).toEqual(await answers(direct, range));
    }
  }
}

/** Every column of analytics_hours recounted from the data (rows where all are zero left out). */
async function expectNoDrift() {
  const columns = `conversations, conversations_15, conversations_30, conversations_45, converted, converted_15,
    converted_30, converted_45, with_name, with_email, messages, abandoned, ended_seconds, gave_child_info, gave_email,
    gave_name, answered_a_question, started_only, first_visits, leads, leads_subscribed, leads_unsubscribed,
    leads_complained, leads_bounced, visitors`;
  const names = columns.split(',').map((c) => c.trim());
  const nonZero = names.map((c) => `${c} <> 0`).join(' or ');
  const stored = await run<Record<string, unknown>>(
    sql.raw(`select hour::text as hour, ${columns} from (select *, extract(epoch from ended_time)::numeric as ended_seconds
      from analytics_hours) h where ${nonZero} order by hour`),
  );
  const hourOf = (col: string) => `date_trunc('hour', ${col} at time zone 'UTC') at time zone 'UTC'`;
  const minute = `extract(minute from started_at at time zone 'UTC')`;
  const abandonedAt = (extra: string) => `count(*) filter (where status = 'abandoned' and ${extra})::int`;
  const expected = await run<Record<string, unknown>>(
    sql.raw(`with per_row as (
      select ${hourOf('started_at')} as hour, count(*)::int as conversations,
        count(*) filter (where ${minute} >= 15)::int as conversations_15,
        count(*) filter (where ${minute} >= 30)::int as conversations_30,
        count(*) filter (where ${minute} >= 45)::int as conversations_45,
        count(*) filter (where status = 'converted')::int as converted,
        count(*) filter (where status = 'converted' and ${minute} >= 15)::int as converted_15,
        count(*) filter (where status = 'converted' and ${minute} >= 30)::int as converted_30,
        count(*) filter (where status = 'converted' and ${minute} >= 45)::int as converted_45,
        count(*) filter (where has_name)::int as with_name, count(*) filter (where has_email)::int as with_email,
        coalesce(sum(message_count), 0)::bigint as messages,
        count(*) filter (where status = 'abandoned')::int as abandoned,
        coalesce(extract(epoch from sum(last_activity_at - started_at) filter (where status in ('converted', 'abandoned'))), 0)::numeric as ended_seconds,
        ${abandonedAt('has_child_info')} as gave_child_info,
        ${abandonedAt('not has_child_info and has_email')} as gave_email,
        ${abandonedAt('not has_child_info and not has_email and has_name')} as gave_name,
        ${abandonedAt('not has_child_info and not has_email and not has_name and user_message_count >= 2')} as answered_a_question,
        ${abandonedAt('not has_child_info and not has_email and not has_name and user_message_count < 2')} as started_only
      from conversations group by 1),
    firsts as (select ${hourOf('started_at')} as hour, count(*)::int as first_visits from (
      select distinct on (visitor_id) started_at from conversations order by visitor_id, started_at, id) f group by 1),
    lead_firsts as (select ${hourOf('started_at')} as hour, count(*)::int as leads,
        count(*) filter (where email_status = 'subscribed')::int as leads_subscribed,
        count(*) filter (where email_status = 'unsubscribed')::int as leads_unsubscribed,
        count(*) filter (where email_status = 'complained')::int as leads_complained,
        count(*) filter (where email_status = 'bounced')::int as leads_bounced
      from (select distinct on (c.lead_id) c.started_at, l.email_status from conversations c join leads l on l.id = c.lead_id
        where c.status = 'converted' order by c.lead_id, c.started_at, c.id) f group by 1),
    seen as (select ${hourOf('first_seen_at')} as hour, count(*)::int as visitors from visitors group by 1),
    hours as (select hour from per_row union select hour from firsts union select hour from lead_firsts union select hour from seen)
    select hours.hour::text as hour, ${names
      .map((c) =>
        ['first_visits'].includes(c)
          ? `coalesce(firsts.${c}, 0) as ${c}`
          : c.startsWith('leads')
            ? `coalesce(lead_firsts.${c}, 0) as ${c}`
            : c === 'visitors'
              ? `coalesce(seen.visitors, 0) as visitors`
              : `coalesce(per_row.${c}, 0) as ${c}`,
      )
      .join(', ')}
    from hours left join per_row using (hour) left join firsts using (hour) left join lead_firsts using (hour)
      left join seen using (hour) order by hours.hour`),
  );
  const norm = (rows: Record<string, unknown>[]) =>
    rows
      .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'hour' ? v : Number(v)])))
      .filter((r) => names.some((c) => r[c] !== 0));
  expect(norm(stored)).toEqual(norm(expected));
  // The later conversations of visitors and leads, each with the start of the one before.
  expect(
    await run(
      sql`select conversation_id, prev_started_at::text as prev from analytics_visit_repeats order by 1`,
    ),
  ).toEqual(
    await run(sql`select id as conversation_id, prev::text as prev from (select id,
      lag(started_at) over (partition by visitor_id order by started_at, id) as prev from conversations) w
      where prev is not null order by 1`),
  );
  expect(
    await run(
      sql`select conversation_id, prev_started_at::text as prev from analytics_lead_repeats order by 1`,
    ),
  ).toEqual(
    await run(sql`select id as conversation_id, prev::text as prev from (select id,
      lag(started_at) over (partition by lead_id order by started_at, id) as prev from conversations
      where status = 'converted' and lead_id is not null) w where prev is not null order by 1`),
  );
}

const STATUSES = ['subscribed', 'subscribed', 'subscribed', 'unsubscribed', 'complained', 'bounced'];

/** Random leads, visitors and conversations (many in a few days around 2026-11-01, some earlier). */
async function insertRandom(seed: number, n: number) {
  const next = random(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
  const leadIds: string[] = [];
  for (let i = 0; i < 12; i++) {
    const [row] = await run<{ id: string }>(sql`insert into leads (email, parent_name, email_status)
      values (${`random-${seed}-${i}@example.com`}, ${`Random Parent ${i}`}, ${pick(STATUSES)}) returning id`);
    leadIds.push(row!.id);
  }
  const base = Date.parse('2026-10-29T00:00:00Z');
  const instant = () => {
    const r = next();
    if (r < 0.1) return new Date(Date.parse('2025-03-01T00:00:00Z') + next() * 300 * 86_400_000);
    // Some on the hour and at a quarter past, half past and a quarter to exactly.
    if (r < 0.25)
      return new Date(base + Math.floor(next() * 120) * 3_600_000 + pick([0, 15, 30, 45]) * 60_000);
    return new Date(base + next() * 5 * 86_400_000);
  };
  const visitorIds = Array.from({ length: 25 }, (_, i) => `random-${seed}-visitor-${i}`);
  for (const id of visitorIds)
    await run(sql`insert into visitors (id, first_seen_at, last_seen_at)
      values (${id}, ${instant().toISOString()}::timestamptz, now())`);
  const question = () =>
    pick(['What are the fees?', 'Fees??', 'Do you have a bus?', 'Is there aftercare', '']);
  for (let i = 0; i < n; i++) {
    const start = instant();
    const kind = next();
    const status =
      kind < 0.3 ? 'converted' : kind < 0.75 ? 'abandoned' : kind < 0.97 ? 'in_progress' : 'waiting';
    const minutes = Math.floor(next() * 90);
    // Some of those stored in progress were active in the last half hour before NOW.
    const last =
      status !== 'converted' && status !== 'abandoned' && next() < 0.5
        ? new Date(NOW.getTime() - next() * 40 * 60_000)
        : new Date(start.getTime() + minutes * 60_000);
    const turns = 1 + Math.floor(next() * 4);
    const messages = Array.from({ length: turns }, (_, k) => [
      { role: 'user', content: `Question ${k}`, timestamp: start.toISOString() },
      ...(next() < 0.8
        ? [{ role: 'assistant', content: `Answer ${k}`, timestamp: start.toISOString() }]
        : []),
    ]).flat();
    const unanswered = next() < 0.3 ? [question(), question()] : [];
    await run(sql`insert into conversations (session_id, visitor_id, lead_id, started_at, last_activity_at, status,
        messages, dialogue, has_name, has_email, has_child_info)
      values (${`random-${seed}-${i}`}, ${pick(visitorIds)}, ${status === 'converted' || next() < 0.1 ? pick(leadIds) : null},
        ${start.toISOString()}::timestamptz, ${last.toISOString()}::timestamptz, ${status},
        ${JSON.stringify(messages)}::jsonb, ${JSON.stringify({ unanswered })}::jsonb,
        ${next() < 0.5}, ${next() < 0.4}, ${next() < 0.3})`);
  }
  return { leadIds, visitorIds };
}

beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
});
afterAll(() => t.close());

describe('analytics from the hourly summaries', () => {
  it('answers every report as the direct aggregation, for every period and zone', async () => {
    await insertRandom(1, 160);
    await expectNoDrift();
    await expectSameAnswers();
  });

  it('stays exact through the chat, the sweep, conversions, email status changes and deletions', async () => {
    const { leadIds } = await insertRandom(2, 60);
    await expectNoDrift();

    // The widget: a visit, a conversation, messages (each an update of the conversation).
    const widget = widgetClient(t, freshAddress());
    const { visitor_id } = await widget.visit();
    const conversation = await widget.start(visitor_id);
    await widget.say(conversation.id, visitor_id, 'Hello, do you have a speech therapist?');
    await widget.say(conversation.id, visitor_id, 'My name is Dana Lee, dana@example.com');
    await expectNoDrift();

    // The sweep stores 'abandoned' for the idle ones (chat.repository.ts markAbandoned).
    await createChatRepository(t.database.db).markAbandoned(new Date(Date.now() - 30 * 60_000));
    await expectNoDrift();

    // A conversion: the conversation gets its lead and the status converted (also moving a start
    // and a visitor, which reorders the visitor's and the lead's conversations).
    await run(sql`update conversations set status = 'converted', lead_id = ${leadIds[0]!}
      where id in (select id from conversations where status = 'abandoned' order by started_at limit 3)`);
    await run(sql`update conversations set started_at = started_at - interval '3 days', visitor_id = 'random-2-visitor-1'
      where id in (select id from conversations where lead_id = ${leadIds[0]!} order by started_at desc limit 1)`);
    await expectNoDrift();

    // Email status changes: through the API and in bulk.
    const lead = await createLead(t.app, token, makeLead());
    await run(sql`update conversations set status = 'converted', lead_id = ${lead.id}
      where id in (select id from conversations where lead_id is null order by started_at limit 2)`);
    await run(sql`update leads set email_status = 'unsubscribed' where id = ${lead.id}`);
    await run(sql`update leads set email_status = case email_status when 'bounced' then 'subscribed' else 'bounced' end
      where id = any(${`{${leadIds.slice(0, 6).join(',')}}`}::uuid[])`);
    await expectNoDrift();

    // Deleting a lead deletes its conversations (the foreign key's cascade).
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/leads/${lead.id}`,
      headers: bearer(token),
    });
    expect(del.statusCode, del.body).toBeLessThan(300);
    await run(
      sql`delete from conversations where id in (select id from conversations order by started_at limit 5)`,
    );
    await run(sql`delete from visitors where id = 'random-2-visitor-3'`);
    await expectNoDrift();
    await expectSameAnswers(['America/New_York', 'Asia/Kathmandu'], RANGES.slice(0, 12));
  });

  it('stays exact when the admin clears analytics, with and without the leads', async () => {
    await insertRandom(3, 40);
    const clear = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/admin/clear-analytics',
        headers: bearer(token),
        payload,
        remoteAddress: freshAddress(),
      });
    const first = await clear({ password: DEFAULT_ADMIN.password });
    expect(first.statusCode, first.body).toBe(200);
    await expectNoDrift();
    const [hours] = await run<{ n: number }>(
      sql`select count(*)::int as n from analytics_hours where conversations <> 0 or visitors <> 0`,
    );
    expect(hours!.n).toBe(0);

    await insertRandom(4, 40);
    await expectNoDrift();
    const second = await clear({ password: DEFAULT_ADMIN.password, include_leads: true });
    expect(second.statusCode, second.body).toBe(200);
    await expectNoDrift();
    await expectSameAnswers(['UTC'], RANGES.slice(0, 3));
  });
});

describe('the conversation list total', () => {
  it('is exact while counting is cheap, else the labelled estimate (exact on the last page)', async () => {
    zone = 'UTC';
    const exactCount = createAnalyticsService(createAnalyticsRepository(t.database.db), () => zone);
    const estimating = createAnalyticsService(
      createAnalyticsRepository(t.database.db, { exactCountMaxCost: 0 }),
      () => zone,
    );
    await insertRandom(5, 30);
    const query = { period: 'all' as const, page: 1, limit: 4, messageSearch: 'question' };
    const exact = await exactCount.findConversations(query, NOW);
    expect(exact.pagination.totalIsEstimate).toBeUndefined();
    expect(exact.pagination.total).toBeGreaterThan(8);

    const first = await estimating.findConversations(query, NOW);
    expect(first.conversations).toEqual(exact.conversations);
    expect(first.pagination.totalIsEstimate).toBe(true);
    // Never fewer pages than are known to exist.
    expect(first.pagination.totalPages).toBeGreaterThanOrEqual(2);

    const lastPage = Math.ceil(exact.pagination.total / 4);
    const last = await estimating.findConversations({ ...query, page: lastPage }, NOW);
    expect(last.pagination).toEqual({
      page: lastPage,
      limit: 4,
      total: exact.pagination.total,
      totalPages: lastPage,
    });
  });
});
