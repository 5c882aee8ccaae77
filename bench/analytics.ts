// The Analytics calls over a year of chat: 100,000 conversations (~1.5M messages), 120,000
// visitors, 50,000 leads, on PostgreSQL. p95 of each call for Last 30 Days and All Time, measured
// over HTTP against the app built in this process (no build needed).
// Target: every call p95 < 300 ms on PostgreSQL (reported per call).
// Usage: npx tsx bench/analytics.ts [--conversations 100000] [--runs 30]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { prepareDatabase } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { loadKeys } from '../apps/server/src/security/keys';
import { reportResult, root, signInWithDevCredentials } from './lib.mjs';
import { startCluster } from '../scripts/postgres-cluster.mjs';

const { values } = parseArgs({
  options: { conversations: { type: 'string', default: '100000' }, runs: { type: 'string', default: '30' } },
});
const CONVERSATIONS = Number(values.conversations);
const LEADS = Math.round(CONVERSATIONS / 2);
const RUNS = Number(values.runs);
const TARGET = '< 300';

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/** A year of data, made in SQL: every other conversation made a lead, the rest were abandoned. */
async function seed(db: Awaited<ReturnType<typeof prepareDatabase>>['database']['db']) {
  const started = performance.now();
  await db.execute(sql`insert into leads (id, email, parent_name, email_status, lead_score, timeline, first_child_name)
    select ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'parent' || i || '@example.com',
      'Parent ' || i, case when i % 20 = 0 then 'unsubscribed' when i % 50 = 1 then 'bounced' else 'subscribed' end,
      i % 100, 'Next semester', 'Child ' || i
    from generate_series(1, ${LEADS}::int) i`);
  await db.execute(sql`insert into visitors (id, total_visits, first_seen_at, last_seen_at)
    select 'visitor-' || i, 1 + i % 3, now() - (i * interval '365 days' / ${CONVERSATIONS * 1.2}::int),
      now() - (i * interval '365 days' / ${CONVERSATIONS * 1.2}::int)
    from generate_series(1, ${Math.round(CONVERSATIONS * 1.2)}::int) i`);
  // Messages: 2 to 28 per conversation (15 on average), alternating visitor and chatbot.
  await db.execute(sql`insert into conversations (session_id, visitor_id, lead_id, started_at, last_activity_at,
      status, completed, messages, context, has_name, has_email, has_child_info)
    select 'session-' || i, 'visitor-' || i,
      case when i % 2 = 0 then ('00000000-0000-4000-8000-' || lpad(to_hex(i / 2), 12, '0'))::uuid end,
      s, s + (n * interval '40 seconds'),
      case when i % 2 = 0 then 'converted' when i < 20 then 'in_progress' else 'abandoned' end, i % 2 = 0,
      (select jsonb_agg(jsonb_build_object('role', case when k % 2 = 1 then 'user' else 'assistant' end,
         'content', case when k = 3 and i % 97 = 0 then 'Do you offer speech therapy?' else 'Message ' || k || ' about admissions' end,
         'timestamp', s)) from generate_series(1, n) k),
      jsonb_build_object('parentName', 'Parent ' || i), i % 3 <> 1, i % 2 = 0 or i % 5 = 0, i % 2 = 0 or i % 7 = 0
    from (select i, now() - (i * interval '365 days' / ${CONVERSATIONS}::int) as s, 2 + (i * 7919) % 27 as n
          from generate_series(1, ${CONVERSATIONS}::int) i) g`);
  await db.execute(sql`vacuum analyze`);
  const [row] = (
    (await db.execute(
      sql`select sum(jsonb_array_length(messages))::int as n from conversations`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  console.log(
    `  seeded ${CONVERSATIONS} conversations (${row?.n} messages), ${LEADS} leads in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function measure(base: string, token: string, url: string) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    if (i >= 5) times.push(performance.now() - started); // the first 5 warm up
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const cluster = await startCluster();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-analytics-'));
try {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: cluster.url,
    LOG_LEVEL: 'silent',
    SCHOOL_TIME_ZONE: 'America/New_York',
  });
  const { database } = await prepareDatabase(config, path.join(root, 'apps/server/drizzle'));
  await seed(database.db);
  const app = await buildApp({ config, database, keys: loadKeys(config), logger: pino({ level: 'silent' }) });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await signInWithDevCredentials(base);
  const list = (await (
    await fetch(`${base}/api/analytics/conversations?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { conversations: { id: string; visitor_uuid: string }[] };
  const one = list.conversations[0]!;
  const calls = (period: string) => [
    ['conversations', `/api/analytics/conversations?period=${period}`],
    [
      'conversations, converted, search',
      `/api/analytics/conversations?period=${period}&status=converted&search=parent%2012`,
    ],
    [
      'search by message',
      `/api/analytics/conversations/search?period=${period}&messageSearch=speech%20therapy`,
    ],
    ['conversation-stats', `/api/analytics/conversation-stats?period=${period}`],
    ['funnel', `/api/analytics/funnel?period=${period}`],
    ['drop-off', `/api/analytics/drop-off?period=${period}`],
  ];
  for (const [label, period] of [
    ['Last 30 Days', '30d'],
    ['All Time', 'all'],
  ] as const) {
    console.log(`\n${label}`);
    for (const [name, url] of calls(period)) {
      const { p50, p95 } = await measure(base, token, url!);
      console.log(`  ${name}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
      reportResult({
        name: `analytics ${name} (${label}) p95`,
        figure: Number(p95.toFixed(1)),
        unit: 'ms',
        target: TARGET,
      });
    }
  }
  console.log('\nOne conversation');
  for (const [name, url] of [
    ['detail', `/api/analytics/conversations/${one.id}/detail`],
    ['summary', `/api/analytics/conversations/${one.id}/summary`],
    ['visitor journey', `/api/analytics/visitor-journey/${one.visitor_uuid}`],
  ]) {
    const { p50, p95 } = await measure(base, token, url!);
    console.log(`  ${name}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
    reportResult({
      name: `analytics ${name} p95`,
      figure: Number(p95.toFixed(1)),
      unit: 'ms',
      target: TARGET,
    });
  }
  await app.close();
  await database.close();
} finally {
  cluster.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
