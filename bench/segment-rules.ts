// POST /api/segments/evaluate-rules over 100,000 generated leads on PostgreSQL (or PGlite), for
// realistic rule sets, with the query plan; and how long the background re-evaluation of one
// segment over every lead takes.
// Target: evaluate-rules p95 < 300 ms on PostgreSQL.
// Usage: npm run build && npx tsx bench/segment-rules.ts [--leads 100000] [--db postgres|pglite]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { prepareDatabase } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { leads } from '../apps/server/src/modules/leads/leads.tables';
import { segmentRulesSql } from '../apps/server/src/modules/segments/rules-sql';
import { seedDemoData } from '../apps/server/src/seed/demo-data';
import { checkRuleGroup, type CheckedGroup, type RuleGroup } from '../packages/contracts/src';
import {
  reportResult,
  root,
  startServer,
  stopServer,
  waitForHealth,
  signInWithDevCredentials,
} from './lib.mjs';
import { startCluster } from '../scripts/postgres-cluster.mjs';

const { values } = parseArgs({
  options: { leads: { type: 'string', default: '100000' }, db: { type: 'string', default: 'postgres' } },
});
const LEADS = Number(values.leads);
const RUNS = 40;

const RULE_SETS: Record<string, { inclusion_rules: RuleGroup; exclusion_rules?: RuleGroup }> = {
  'Autism - Immediate (spec journey)': {
    inclusion_rules: {
      operator: 'AND',
      conditions: [
        { field: 'special_needs', operator: 'contains', value: 'Autism/ASD' },
        { field: 'timeline', operator: 'equals', value: 'Immediately' },
      ],
    },
    exclusion_rules: {
      operator: 'OR',
      conditions: [{ field: 'lead_score', operator: 'less_than', value: 20 }],
    },
  },
  'any child with dyslexia, aged 6-10, 30+ days old': {
    inclusion_rules: {
      operator: 'AND',
      conditions: [
        { field: 'all_special_needs', operator: 'contains', value: 'Dyslexia' },
        { field: 'child_age', operator: 'greater_than_or_equal', value: 6 },
        { field: 'child_age', operator: 'less_than_or_equal', value: 10 },
        { field: 'created_at', operator: 'days_since', value: 30 },
      ],
    },
  },
  'regex on email OR concerns text, excluding no phone': {
    inclusion_rules: {
      operator: 'OR',
      conditions: [
        { field: 'email', operator: 'matches_regex', value: '^(olivia|liam)\\.' },
        { field: 'biggest_concerns', operator: 'contains', value: 'transition' },
      ],
    },
    exclusion_rules: { operator: 'OR', conditions: [{ field: 'phone', operator: 'is_empty' }] },
  },
  'three or more children, or an age of 4 among them': {
    inclusion_rules: {
      operator: 'OR',
      conditions: [
        { field: 'child_count', operator: 'greater_than_or_equal', value: 3 },
        { field: 'all_ages', operator: 'contains', value: 4 },
      ],
    },
  },
};

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

const checked = (g: RuleGroup | undefined, kind: 'inclusion' | 'exclusion'): CheckedGroup => {
  const r = checkRuleGroup(g, kind);
  if ('problem' in r) throw new Error(r.problem);
  return r.group;
};

const cluster = values.db === 'postgres' ? await startCluster() : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-rules-'));
const env: Record<string, string> = { DATA_DIR: dataDir, ...(cluster ? { DATABASE_URL: cluster.url } : {}) };
const port = 3331;
const base = `http://127.0.0.1:${port}`;
try {
  const { database } = await prepareDatabase(
    loadConfig({ ...process.env, ...env, LOG_LEVEL: 'silent' }),
    path.join(root, 'apps/server/drizzle'),
  );
  await seedDemoData(database.db, LEADS, { seed: 5 });
  await database.db.execute(sql`vacuum analyze`);
  console.log(`${values.db}: ${LEADS} leads seeded`);
  const first = Object.values(RULE_SETS)[0]!;
  const where = segmentRulesSql(
    checked(first.inclusion_rules, 'inclusion'),
    checked(first.exclusion_rules, 'exclusion'),
    new Date(),
  );
  const { sql: text, params } = new PgDialect().sqlToQuery(sql`select count(*) from ${leads} where ${where}`);
  const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
  const plan = (await database.db.execute(
    sql.raw(
      `explain (analyze, costs off) ${text.replace(/\$(\d+)/g, (_, i) => literal(params[Number(i) - 1]))}`,
    ),
  )) as unknown as { rows: { 'QUERY PLAN': string }[] };
  console.log('plan (the matching count of the first rule set):');
  for (const line of plan.rows) console.log(`  ${line['QUERY PLAN']}`);
  await database.close();

  const server = startServer({ port, dataDir, env });
  await waitForHealth(port, 60_000, server);
  const token = await signInWithDevCredentials(base);
  const post = (url: string, body: unknown) =>
    fetch(base + url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const all: number[] = [];
  for (const [name, rules] of Object.entries(RULE_SETS)) {
    const times: number[] = [];
    let result: { matching_count: number; excluded_count: number } | undefined;
    for (let i = 0; i < RUNS + 5; i++) {
      const started = performance.now();
      const res = await post('/api/segments/evaluate-rules', rules);
      if (!res.ok) throw new Error(`evaluate-rules answered ${res.status}: ${await res.text()}`);
      result = await res.json();
      if (i >= 5) times.push(performance.now() - started);
    }
    all.push(...times);
    console.log(
      `evaluate-rules "${name}": ${result!.matching_count} matching, ${result!.excluded_count} excluded; ` +
        `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
    );
  }
  console.log(`evaluate-rules, all rule sets: p95 ${percentile(all, 95).toFixed(1)} ms (target < 300 ms)`);
  reportResult({
    name: `${values.db}: evaluate-rules p95, all rule sets`,
    figure: Number(percentile(all, 95).toFixed(1)),
    unit: 'ms',
    target: values.db === 'postgres' ? '< 300' : null, // the target is PostgreSQL's
  });

  // The background job: a new segment tagged over every lead.
  const started = performance.now();
  const created = await (
    await post('/api/segments', { name: 'Bench segment', ...Object.values(RULE_SETS)[1] })
  ).json();
  for (;;) {
    const list = await (
      await fetch(`${base}/api/segments`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const s = list.segments.find((x: { id: string }) => x.id === created.segment.id);
    if (s.last_evaluated) {
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `re-evaluation job (all auto-tag segments over ${LEADS} leads) done in ${seconds.toFixed(2)} s; the new segment holds ${s.active_leads} leads`,
      );
      reportResult({
        name: `${values.db}: re-evaluation job`,
        figure: Number(seconds.toFixed(2)),
        unit: 's',
      });
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await stopServer(server);
} finally {
  cluster?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
