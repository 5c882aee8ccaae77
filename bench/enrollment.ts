// The public side under load, on PostgreSQL: POST /widget/submit-lead (target: 200 submissions/s
// sustained, no lead lost or doubled, counted in the database after the run) and GET /widget/config
// (target: 5,000 req/s).
// Each simulated parent comes from its own address (X-Forwarded-For behind TRUST_PROXY), as real
// parents do; one in six enrols a second time with the same email and another child.
// Usage: npm run build && npx tsx bench/enrollment.ts [--submissions 3000] [--concurrency 32]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { prepareDatabase } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { seedDemoData } from '../apps/server/src/seed/demo-data';
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
  options: {
    submissions: { type: 'string', default: '3000' },
    concurrency: { type: 'string', default: '32' },
  },
});
const SUBMISSIONS = Number(values.submissions);
const CONCURRENCY = Number(values.concurrency);
const port = 3341;
const base = `http://127.0.0.1:${port}`;
const NEEDS = ['Autism / ASD', 'ADHD / ADD', 'Dyslexia', 'Speech/Language', 'Sensory Processing'];
const TIMELINES = ['Immediately', 'In a Few Months', 'In Six Months', 'Next Year', 'Just Exploring'];

const cluster = await startCluster();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-enroll-'));
const env = { DATA_DIR: dataDir, DATABASE_URL: cluster.url, TRUST_PROXY: 'true' };
try {
  const { database } = await prepareDatabase(
    loadConfig({ ...process.env, ...env, LOG_LEVEL: 'silent' }),
    path.join(root, 'apps/server/drizzle'),
  );
  await seedDemoData(database.db, 10_000, { seed: 9 });
  await database.close();

  const server = startServer({ port, dataDir, env });
  await waitForHealth(port, 60_000, server);
  const token = await signInWithDevCredentials(base);
  // A resource for the autism segment, so submissions also build recommendations and links.
  const segments = (
    await (await fetch(`${base}/api/segments`, { headers: { authorization: `Bearer ${token}` } })).json()
  ).segments as { id: string; name: string }[];
  const form = new FormData();
  form.append('title', 'Autism starter guide');
  form.append('description', 'The first weeks at school');
  form.append('segment_ids', segments.find((s) => s.name === 'autism-support')!.id);
  form.append(
    'files',
    new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }),
    'guide.pdf',
  );
  const created = await fetch(`${base}/api/resources`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (created.status !== 201) throw new Error(`resource: ${created.status} ${await created.text()}`);

  // Submissions: parent i enrols once; every sixth parent enrols again with a second child.
  const jobs = Array.from({ length: SUBMISSIONS }, (_, i) => {
    const again = i % 6 === 5;
    const parent = again ? i - 5 : i;
    return { parent, address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, again };
  });
  const parents = new Set(jobs.map((j) => j.parent));
  let next = 0;
  let failures = 0;
  let withResources = 0;
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const t0 = performance.now();
        const res = await fetch(`${base}/widget/submit-lead`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': job.address },
          body: JSON.stringify({
            visitorId: `bench-visitor-${job.parent}`,
            leadData: {
              parentName: `Bench Parent ${job.parent}`,
              email: `bench.parent.${job.parent}@enrol.example.org`,
              phone: `(555) 01${String(job.parent % 100).padStart(2, '0')}-${String(job.parent % 10_000).padStart(4, '0')}`,
              phoneConsent: job.parent % 2 ? 'yes' : 'no',
              timeline: TIMELINES[job.parent % TIMELINES.length],
              biggestConcerns: job.parent % 3 ? null : 'Transitions and lunch time',
            },
            children: [
              {
                name: `Kid ${job.parent}`,
                age: 4 + (job.parent % 12),
                special_needs: [NEEDS[job.parent % NEEDS.length]],
                current_support: '',
              },
              ...(job.again
                ? [
                    {
                      name: `Sibling ${job.parent}`,
                      age: 9,
                      special_needs: ['ADHD / ADD'],
                      current_support: '',
                    },
                  ]
                : []),
            ],
            website: '',
          }),
        });
        const body = await res.json();
        times.push(performance.now() - t0);
        if (res.status !== 200) failures++;
        else if (body.recommendedResources.length) withResources++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);

  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  const { rows } = await db.query(
    `select count(*)::int as leads, count(distinct email)::int as emails,
       count(*) filter (where child_count = 2)::int as with_two
     from leads where email like 'bench.parent.%@enrol.example.org'`,
  );
  await db.end();
  console.log(
    `submit-lead: ${SUBMISSIONS} submissions in ${seconds.toFixed(2)} s = ${Math.round(SUBMISSIONS / seconds)}/s ` +
      `(concurrency ${CONCURRENCY}; p50 ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, ` +
      `p95 ${times[Math.floor(times.length * 0.95)]!.toFixed(0)} ms; ${failures} failed; ${withResources} with a recommended resource)`,
  );
  console.log(
    `leads after the run: ${rows[0].leads} for ${parents.size} parents (${rows[0].emails} distinct emails; ` +
      `${rows[0].with_two} re-enrolled with a second child): ${rows[0].leads === parents.size ? 'none lost, none doubled' : 'MISMATCH'}`,
  );

  const config = await autocannon({ url: `${base}/widget/config`, connections: 32, duration: 10 });
  console.log(
    `GET /widget/config: ${Math.round(config.requests.average)} req/s average, p99 ${config.latency.p99} ms, ` +
      `${config.non2xx + config.errors} failed`,
  );
  await stopServer(server);
  reportResult({
    name: 'submit-lead',
    figure: Math.round(SUBMISSIONS / seconds),
    unit: 'submissions/s',
    target: '>= 200',
  });
  reportResult({
    name: 'leads lost or doubled',
    figure: Math.abs(rows[0].leads - parents.size),
    unit: 'leads',
    target: '= 0',
  });
  reportResult({
    name: 'GET /widget/config',
    figure: Math.round(config.requests.average),
    unit: 'req/s',
    target: '>= 5000',
  });
} finally {
  cluster.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
