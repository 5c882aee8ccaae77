// GET /api/leads (a search term and two filters) and GET /admin/dashboard latency over
// 100,000 generated leads, on PGlite and on PostgreSQL, with the query plans they rely on.
// Targets: list p95 < 50 ms on PostgreSQL and < 150 ms on PGlite; dashboard p95 < 50 ms on PostgreSQL.
// Usage: npm run build && npx tsx bench/leads-list.ts [--leads 100000] [--db both|pglite|postgres]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { prepareDatabase } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { createLeadsRepository } from '../apps/server/src/modules/leads/leads.repository';
import { leadsListConditions } from '../apps/server/src/modules/leads/leads.service';
import { createSegmentsRepository } from '../apps/server/src/modules/segments/segments.repository';
import { createSegmentsService } from '../apps/server/src/modules/segments/segments.service';
import { seedDemoData } from '../apps/server/src/seed/demo-data';
import { createJobQueue } from '../apps/server/src/modules/jobs/job-queue';
import pino from 'pino';
import { leadsQuerySchema } from '../packages/contracts/src';
import { reportResult, root, startServer, stopServer, waitForHealth } from './lib.mjs';
import { startCluster } from '../scripts/postgres-cluster.mjs';

const { values } = parseArgs({
  options: { leads: { type: 'string', default: '100000' }, db: { type: 'string', default: 'both' } },
});
const LEADS = Number(values.leads);
const TERMS = [
  'smith',
  'olivia',
  'garcia',
  'patel',
  'nguyen',
  'chen',
  'liam',
  'okafor',
  'taylor',
  'sofia',
  'walker',
  'haddad',
];
const FILTERS = 'score=medium&timeline=Next%20semester';
const PLAN_QUERY = { search: 'garcia', score: 'medium', timeline: 'Next semester' } as const;
const migrations = path.join(root, 'apps/server/drizzle');
const dialect = new PgDialect();
const silentLog = pino({ level: 'silent' });

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function seedAndExplain(env: Record<string, string>) {
  const config = loadConfig({ ...process.env, ...env, LOG_LEVEL: 'silent' });
  const { database } = await prepareDatabase(config, migrations);
  const started = performance.now();
  await seedDemoData(database.db, LEADS, { seed: 7 });
  // What autovacuum does after a bulk load: statistics and the visibility map for index-only scans.
  await database.db.execute(sql`vacuum analyze`);
  console.log(`  seeded ${LEADS} leads in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const repo = createLeadsRepository(database.db);
  const segments = createSegmentsService({
    repo: createSegmentsRepository(database.db),
    jobs: createJobQueue(database.db, silentLog),
    mailerlite: null,
    log: silentLog,
  });
  const query = leadsQuerySchema.parse(PLAN_QUERY);
  const conditions = leadsListConditions(query, repo, segments);
  const { rows } = repo.pageQueries(conditions, 10, 0);
  const where = sql.join(conditions, sql` and `);
  const plans = [
    [
      'list: page ids and exact total in one pass (used when its cost <= EXACT_COUNT_MAX_COST)',
      sql`with m as materialized (select id, created_at from leads where ${where})
        select (select count(*) from m)::int as total,
          (select json_agg(p.id) from (select id from m order by created_at desc, id desc limit 11) p)`,
    ],
    ['list: page rows newest first (when counting costs more; the total is then the estimate)', rows],
    ['dashboard: new today', repo.todayQuery()],
    [
      'dashboard: the counters (total leads, downloads, completed conversations, segment sizes)',
      sql`select name, sum(delta) from stat_counters group by name`,
    ],
  ] as const;
  for (const [name, q] of plans) {
    const { sql: text, params } = 'toSQL' in q ? q.toSQL() : dialect.sqlToQuery(q);
    const plan = (await database.db.execute(sql.raw(explainable(text, params)))) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    console.log(`  plan (${name}):`);
    for (const line of plan.rows) console.log(`    ${line['QUERY PLAN']}`);
  }
  await database.close();
}

/** EXPLAIN ANALYZE of a parameterised query, its parameters inlined as literals (bench data only). */
function explainable(text: string, params: unknown[]) {
  const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
  return `explain (analyze, costs off, timing off) ${text.replace(/\$(\d+)/g, (_, i) => literal(params[Number(i) - 1]))}`;
}

async function measure(port: number, token: string, url: (i: number) => string, n: number) {
  const times: number[] = [];
  for (let i = 0; i < n + 10; i++) {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}${url(i)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`${url(i)} answered ${res.status}`);
    await res.arrayBuffer();
    if (i >= 10) times.push(performance.now() - started); // the first 10 warm up
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function run(kind: 'pglite' | 'postgres') {
  console.log(`\n${kind}: ${LEADS} leads`);
  const cluster = kind === 'postgres' ? await startCluster() : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-leads-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(cluster ? { DATABASE_URL: cluster.url } : {}),
  };
  try {
    await seedAndExplain(env);
    const port = kind === 'postgres' ? 3312 : 3311;
    const server = startServer({ port, dataDir, env });
    await waitForHealth(port, 60_000, server);
    const hint = await (await fetch(`http://127.0.0.1:${port}/admin/login-hint`)).json();
    const login = await fetch(`http://127.0.0.1:${port}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(hint.devCredentials),
    });
    const { token } = await login.json();
    const list = await measure(
      port,
      token,
      (i) => `/api/leads?search=${TERMS[i % TERMS.length]}&${FILTERS}`,
      200,
    );
    const dashboard = await measure(port, token, () => '/admin/dashboard', 100);
    await stopServer(server);
    console.log(
      `  GET /api/leads?search=<term>&${FILTERS}: p50 ${list.p50.toFixed(1)} ms, p95 ${list.p95.toFixed(1)} ms`,
    );
    console.log(
      `  GET /admin/dashboard: p50 ${dashboard.p50.toFixed(1)} ms, p95 ${dashboard.p95.toFixed(1)} ms`,
    );
    reportResult({
      name: `${kind}: leads list p95`,
      figure: Number(list.p95.toFixed(1)),
      unit: 'ms',
      target: kind === 'postgres' ? '< 50' : '< 150',
    });
    reportResult({
      name: `${kind}: dashboard p95`,
      figure: Number(dashboard.p95.toFixed(1)),
      unit: 'ms',
      target: kind === 'postgres' ? '< 50' : null, // no target on PGlite
    });
  } finally {
    cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (values.db !== 'postgres') await run('pglite');
if (values.db !== 'pglite') await run('postgres');
