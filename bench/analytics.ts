// The Analytics calls over a year of chat: 100,000 conversations (~1.5M messages), 120,000
// visitors, 50,000 leads. p95 of each call for Last 30 Days and All Time, measured over HTTP
// against the app built in this process (no build needed), on PostgreSQL and on PGlite.
// Targets (issue 19): every call p95 < 100 ms on PostgreSQL and < 400 ms on PGlite; the list with
// a message search < 200 ms on PostgreSQL; the conversation page's detail < 50 ms.
// Usage: npx tsx bench/analytics.ts [--conversations 100000] [--runs 30] [--db both|postgres|pglite]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { prepareDatabase } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { loadKeys } from '../apps/server/src/security/keys';
import { seedAnalyticsYear } from './analytics-seed';
import { reportResult, root, signInWithDevCredentials } from './lib.mjs';
import { startCluster } from '../scripts/postgres-cluster.mjs';

const { values } = parseArgs({
  options: {
    conversations: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '30' },
    db: { type: 'string', default: 'both' },
  },
});
const CONVERSATIONS = Number(values.conversations);
const RUNS = Number(values.runs);
type Kind = 'postgres' | 'pglite';
const target = (kind: Kind, call: string) => {
  if (call === 'detail') return '< 50';
  if (kind === 'pglite') return '< 400';
  return call === 'search by message' ? '< 200' : '< 100';
};

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

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

async function run(kind: Kind) {
  console.log(`\n${kind}`);
  const cluster = kind === 'postgres' ? await startCluster() : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-analytics-'));
  try {
    const config = loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      ...(cluster ? { DATABASE_URL: cluster.url } : {}),
      LOG_LEVEL: 'silent',
      SCHOOL_TIME_ZONE: 'America/New_York',
    });
    const { database } = await prepareDatabase(config, path.join(root, 'apps/server/drizzle'));
    await seedAnalyticsYear(database.db, CONVERSATIONS);
    const app = await buildApp({
      config,
      database,
      keys: loadKeys(config),
      logger: pino({ level: 'silent' }),
    });
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
          name: `${kind}: analytics ${name} (${label}) p95`,
          figure: Number(p95.toFixed(1)),
          unit: 'ms',
          target: target(kind, name!),
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
        name: `${kind}: analytics ${name} p95`,
        figure: Number(p95.toFixed(1)),
        unit: 'ms',
        target: target(kind, name!),
      });
    }
    await app.close();
    await database.close();
  } finally {
    cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (values.db !== 'pglite') await run('postgres');
if (values.db !== 'postgres') await run('pglite');
