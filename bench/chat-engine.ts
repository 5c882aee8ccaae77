// The chat widget's conversation engine under load, on PostgreSQL, offline mode: 50 parents chat at
// once (visit, start, then a whole intake with questions answered from the Brightwater handbook),
// each reply timed from request to answer. Target: p95 under 150 ms with 50 concurrent
// conversations. Every conversation must end as a converted lead.
// Parents take a moment between messages (--think-ms, default 1000, varied 0.5x to 1.5x: still far
// quicker than anyone types); --think-ms 0 is the stress case, every parent sending again the
// instant the answer arrives (50 requests always in flight).
// Usage: npx tsx bench/chat-engine.ts [--conversations 100] [--concurrency 50] [--think-ms 1000] [--from-source]
//   --from-source runs apps/server/src/server.ts through tsx instead of the build in apps/server/dist.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { prepareDatabase } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { seedDemoData } from '../apps/server/src/seed/demo-data';
import { startCluster } from '../scripts/postgres-cluster.mjs';
import {
  reportResult,
  root,
  startServer,
  stopServer,
  waitForHealth,
  signInWithDevCredentials,
} from './lib.mjs';

const { values } = parseArgs({
  options: {
    conversations: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '50' },
    'think-ms': { type: 'string', default: '1000' },
    'from-source': { type: 'boolean', default: false },
    /** A folder for the server's V8 CPU profile (open it in Chrome DevTools). */
    'cpu-prof': { type: 'string' },
  },
});
const CONVERSATIONS = Number(values.conversations);
const CONCURRENCY = Number(values.concurrency);
const THINK_MS = Number(values['think-ms']);
const think = () => new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random())));
const port = 3347;
const base = `http://127.0.0.1:${port}`;

/** One parent's side of the conversation (questions, answers, a bad email, bare answers). */
const script = (i: number) => [
  'Do you offer speech therapy?',
  `My name is Parent Number${i}`,
  `parent${i}@example`,
  `parent.${i}@chat.example.org`,
  `Two kids: Ava ${3 + (i % 10)} and Leo ${5 + (i % 9)}`,
  'Ava has a speech delay',
  'What are the class sizes?',
  'Leo has ADHD',
  'no',
  `(555) 01${String(i % 100).padStart(2, '0')}-${String(i % 10_000).padStart(4, '0')}`,
  'yes you can text me',
  'next school year',
  'Transitions between classes worry me most',
];

const cluster = await startCluster();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-chat-'));
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: cluster.url,
  TRUST_PROXY: 'true',
  CHAT_ENGINE: 'offline',
  CHAT_MESSAGES_PER_MINUTE: '100000',
  CHAT_REQUESTS_PER_MINUTE_PER_ADDRESS: '1000000',
};
let server: ReturnType<typeof startServer> | undefined;
try {
  const { database } = await prepareDatabase(
    loadConfig({ ...process.env, ...env, LOG_LEVEL: 'silent' }),
    path.join(root, 'apps/server/drizzle'),
  );
  await seedDemoData(database.db, 2_000, { seed: 11 });
  await database.close();

  const command = [
    ...(values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : []),
    ...(values['from-source']
      ? ['--import', 'tsx', 'apps/server/src/server.ts']
      : ['apps/server/dist/server.js']),
  ];
  server = startServer({ port, dataDir, env, command });
  await waitForHealth(port, 90_000, server);
  const token = await signInWithDevCredentials(base);
  const auth = { authorization: `Bearer ${token}` };
  const form = new FormData();
  const handbook = fs.readFileSync(path.join(root, 'bench/knowledge-eval/handbook.md'));
  form.append('document', new Blob([handbook], { type: 'text/markdown' }), 'brightwater-handbook.md');
  const uploaded = await fetch(`${base}/api/knowledge/upload`, { method: 'POST', headers: auth, body: form });
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  for (let waited = 0; ; waited += 200) {
    const stats = await (await fetch(`${base}/api/knowledge/stats`, { headers: auth })).json();
    if (stats.totalChunks > 0) {
      console.log(`knowledge base: ${stats.totalChunks} chunks of the Brightwater handbook`);
      break;
    }
    if (waited > 60_000) throw new Error('the handbook was not chunked within a minute');
    await new Promise((r) => setTimeout(r, 200));
  }

  const post = async (url: string, body: unknown, address: string) => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  const times: number[] = [];
  let converted = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < CONVERSATIONS) {
        const i = next++;
        const address = `10.9.${(i >> 8) & 255}.${i & 255}`;
        const { visitor_id } = await post('/widget/visits', { page_url: 'https://school.example/' }, address);
        const { conversation } = await post('/widget/conversations', { visitor_id }, address);
        let status = 'in_progress';
        for (const content of script(i)) {
          if (THINK_MS > 0) await think();
          const t0 = performance.now();
          const answer = await post(
            `/widget/conversations/${conversation.id}/messages`,
            { visitor_id, content },
            address,
          );
          times.push(performance.now() - t0);
          status = answer.status;
        }
        if (status === 'converted') converted++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(1);

  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  const { rows } = await db.query(
    `select count(*)::int as leads, count(*) filter (where child_count = 2)::int as with_two
     from leads where email like 'parent.%@chat.example.org'`,
  );
  await db.end();
  const p95 = Number(pct(0.95));
  console.log(
    `chat replies (offline engine, PostgreSQL): ${times.length} replies in ${seconds.toFixed(1)} s ` +
      `over ${CONVERSATIONS} conversations, ${CONCURRENCY} at once, ${THINK_MS} ms between messages: ` +
      `p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, p99 ${pct(0.99)} ms, max ${times.at(-1)!.toFixed(1)} ms ` +
      `(target p95 < 150 ms: ${p95 < 150 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `conversations converted: ${converted}/${CONVERSATIONS}; leads made: ${rows[0].leads} ` +
      `(${rows[0].with_two} with both children)`,
  );
  reportResult({ name: 'chat reply p95', figure: p95, unit: 'ms', target: '< 150' });
  reportResult({
    name: 'conversations converted',
    figure: converted,
    unit: 'conversations',
    target: `= ${CONVERSATIONS}`,
  });
} finally {
  if (server) await stopServer(server);
  cluster.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
