// Issue 23's send figures ("Speed and faults"): the built server (apps/server/dist/server.js, built
// first when older than its sources) over HTTP, on a throwaway PostgreSQL cluster, sending through
// SMTP to a local sink (apps/server/src/test/smtp-sink.ts: smtp-server in this process, headers
// only, every Message-ID counted). Families are seeded by SQL; the campaign goes the admin's way:
// create on the segment, approve, publish, send, then GET .../delivery until completed.
// - speed: 10,000 recipients, the rate limit lifted (EMAIL_SEND_RATE=0): send to completed < 20 s
//   (>= 500 msg/s), the time to fix the recipients, and where the time goes (CPU of the server,
//   of this process, i.e. the sink, and of PostgreSQL over the send);
// - memory: 100,000 recipients: the server's RSS growth (VmRSS every 200 ms, peak minus the
//   baseline after a warm-up send) < 100 MB;
// - kill: SIGKILL the server when half is sent, start it again on the same database: every
//   recipient's message arrives, none is missing; duplicates (the same Message-ID twice: only the
//   messages in flight at the kill may be) are counted and reported;
// - two: two server instances on one database, Send Now on one: no Message-ID twice, none missing;
// - unsub: EMAIL_SEND_RATE=200 and 2,000 recipients: 50 families not yet sent (the end of the
//   order) unsubscribe with the one-click POST during the send; none of them gets a message after
//   its unsubscribe answered.
// Usage: npx tsx bench/campaign-send.ts [--recipients 10000] [--memory 100000] [--only speed,memory,kill,two,unsub,fix] [--fix-recipients 1000000]
//        [--unsub-recipients 2000] [--unsub-rate 200] [--concurrency N (EMAIL_SEND_CONCURRENCY; the server's
//        default otherwise)] [--port 3480 (and 3481 for the second instance)] [--pg-port 0 (a free one)]
//        [--fsync on|off (PostgreSQL's; on by default, as in production)] [--timeout-min 20] [--no-build]
//        [--profile (the speed run's server under node --cpu-prof, summarised by package and function)]
//        [--node-args="--max-old-space-size=128" (Node.js options for every server instance)]
import { spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createUnsubscribeLinks } from '../apps/server/src/modules/campaigns/unsubscribe/unsubscribe-links';
import { loadKeys } from '../apps/server/src/security/keys';
import { startSmtpSink, type SmtpSink } from '../apps/server/src/test/smtp-sink';
import {
  createDatabase,
  cpuSeconds,
  cpuWaitSeconds,
  familyEmail,
  postgresCpuSeconds,
  rssMb,
  seedFamilies,
  startCluster,
  type Cluster,
} from './campaign-send-seed';
import { reportResult, root, signInWithDevCredentials, startServer, waitForHealth } from './lib.mjs';

const PARTS = ['speed', 'memory', 'kill', 'two', 'unsub', 'fix'] as const;
/** Run unless --only says otherwise; 'fix' (1,000,000 families, minutes of seeding) only when asked. */
const DEFAULT_PARTS: readonly Part[] = ['speed', 'memory', 'kill', 'two', 'unsub'];
type Part = (typeof PARTS)[number];

const { values } = parseArgs({
  options: {
    recipients: { type: 'string', default: '10000' },
    memory: { type: 'string', default: '100000' },
    'unsub-recipients': { type: 'string', default: '2000' },
    'unsub-rate': { type: 'string', default: '200' },
    'fix-recipients': { type: 'string', default: '1000000' },
    only: { type: 'string' },
    port: { type: 'string', default: '3480' },
    'pg-port': { type: 'string', default: '0' },
    fsync: { type: 'string', default: 'on' },
    'no-build': { type: 'boolean', default: false },
    'timeout-min': { type: 'string', default: '20' },
    concurrency: { type: 'string' },
    profile: { type: 'boolean', default: false },
    'node-args': { type: 'string' },
  },
});
const RECIPIENTS = Number(values.recipients);
const MEMORY_RECIPIENTS = Number(values.memory);
const UNSUB_RECIPIENTS = Number(values['unsub-recipients']);
const UNSUB_RATE = Number(values['unsub-rate']);
const UNSUBSCRIBERS = 50;
const PORT = Number(values.port);
const TIMEOUT_MS = Number(values['timeout-min']) * 60_000;
const parts = new Set((values.only?.split(',') ?? DEFAULT_PARTS) as Part[]);
for (const part of parts)
  if (!PARTS.includes(part)) throw new Error(`--only takes ${PARTS.join(', ')}; not "${part}"`);

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number) => n.toLocaleString('en-US');
const round = (n: number, digits = 1) => Number(n.toFixed(digits));

// ---- the build ------------------------------------------------------------------------------

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(p)
    .reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
}

const serverJs = path.join(root, 'apps/server/dist/server.js');
if (!values['no-build']) {
  const sources = Math.max(
    newestMtime(path.join(root, 'apps/server/src')),
    newestMtime(path.join(root, 'packages/contracts/src')),
  );
  if (!fs.existsSync(serverJs) || fs.statSync(serverJs).mtimeMs < sources) {
    console.log('The server build is older than its sources: npm run build -w @lantern/server');
    const build = spawnSync('npm', ['run', 'build', '-w', '@lantern/server'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error(`the server build failed (exit ${build.status})`);
  }
}

// ---- processes, cleaned up whatever happens ---------------------------------------------------

const children = new Set<ChildProcess>();
const folders: string[] = [];
console.log(
  `campaign send benchmark: ${[...parts].join(', ')} on ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}); ` +
    `load ${load()}; PostgreSQL fsync ${values.fsync}`,
);
const cluster: Cluster = await startCluster({
  port: Number(values['pg-port']),
  fsync: values.fsync !== 'off',
});
function cleanUp() {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children.clear();
  cluster.stop();
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}
process.on('exit', cleanUp);
process.on('uncaughtException', (error) => {
  console.error(error);
  cleanUp();
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    cleanUp();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });

type Instance = { child: ChildProcess; pid: number; port: number; base: string };

/** The built server on `port` with the run's settings; answers once it is healthy. */
async function launch(port: number, env: Record<string, string>, nodeArgs: string[] = []): Promise<Instance> {
  const extra = values['node-args']?.split(/\s+/).filter(Boolean) ?? [];
  const command = [...extra, ...nodeArgs, 'apps/server/dist/server.js'];
  const child = startServer({ port, dataDir: env.DATA_DIR!, env, command });
  children.add(child);
  child.once('exit', () => children.delete(child));
  // lib.mjs's JSDoc-less default (null) is all TypeScript infers of that parameter.
  await waitForHealth(port, 60_000, child as never);
  return { child, pid: child.pid!, port, base: `http://127.0.0.1:${port}` };
}

async function kill(instance: Instance, signal: NodeJS.Signals) {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = new Promise((r) => instance.child.once('exit', r));
  instance.child.kill(signal);
  await exited;
}

// ---- the admin's API --------------------------------------------------------------------------

type Delivery = {
  status: 'preparing' | 'sending' | 'paused' | 'completed';
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  pending: number;
  paused_reason: string | null;
  started_at: string | null;
  finished_at: string | null;
  provider: string;
};

class Api {
  constructor(
    public base: string,
    private token: string,
  ) {}

  static async signIn(base: string) {
    return new Api(base, await signInWithDevCredentials(base));
  }

  async call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(this.base + url, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  async segment(name: string) {
    const { segment } = await this.call<{ segment: { id: string } }>('POST', '/api/segments', {
      name,
      description: `${name} (send benchmark)`,
      auto_tag: false,
      // Matches nobody: the members are seeded by SQL.
      inclusion_rules: {
        operator: 'AND',
        conditions: [{ field: 'email', operator: 'equals', value: 'nobody@example.invalid' }],
      },
    });
    return segment.id;
  }

  /** A campaign on the segment, approved by the admin and published: ready to send. */
  async publishedCampaign(name: string, subject: string, segmentId: string) {
    const { campaign } = await this.call<{ campaign: { id: string } }>('POST', '/api/campaigns', {
      name,
      subject,
      content_html: CONTENT_HTML,
      segment_id: segmentId,
    });
    await this.call('POST', `/api/campaigns/${campaign.id}/approve`, {});
    await this.call('POST', `/api/campaigns/${campaign.id}/publish`, {});
    return campaign.id;
  }

  send(id: string) {
    return this.call<{ message: string }>('POST', `/api/campaigns/${id}/send`, {});
  }

  pause(id: string) {
    return this.call<{ message: string }>('POST', `/api/campaigns/${id}/pause`, {});
  }

  async delivery(id: string) {
    return (await this.call<{ delivery: Delivery | null }>('GET', `/api/campaigns/${id}/delivery`)).delivery;
  }
}

/**
 * A campaign as the templates make them: a style sheet (inlined by juice when the send prepares
 * the content), the family's and the child's names, a few paragraphs and a button; about 3 KB.
 */
const CONTENT_HTML = `<!doctype html><html><head><style>
  body { font-family: Georgia, serif; color: #1f2933; background: #f7f5f0; }
  .wrap { max-width: 600px; margin: 0 auto; background: #ffffff; padding: 24px; }
  h1 { font-size: 24px; color: #234e52; margin: 0 0 12px; }
  p { font-size: 16px; line-height: 1.5; margin: 0 0 12px; }
  .button { display: inline-block; background: #2c7a7b; color: #ffffff; padding: 12px 20px; border-radius: 6px; text-decoration: none; }
  .footer { font-size: 12px; color: #52606d; border-top: 1px solid #e4e7eb; padding-top: 12px; }
</style></head><body><div class="wrap">
<h1>Spring open day</h1>
<p>Dear {{parent_name}},</p>
<p>We would love to welcome {{child_name}} and your family to our spring open day on Saturday, March 14,
from 10am to 1pm. You will meet our learning support team, see the sensory room and the small
classrooms where every child learns at their own pace, and talk with parents whose children joined us last year.</p>
<p>Our occupational therapist and our speech and language therapist will be there all morning to answer
your questions about support plans, transitions and the first weeks at school.</p>
<p>Tours leave every half hour from the main entrance; there is parking behind the gym and a quiet room
for children who need a break.</p>
<p><a class="button" href="https://school.example.org/open-day">Reserve a tour</a></p>
<p>Warm regards,<br>The admissions team</p>
<p class="footer">You receive this because you asked us about admissions.</p>
</div></body></html>`;

// ---- one run: a database, its families, a sink, its server(s) ------------------------------

type RunSetup = {
  name: string;
  families: number;
  warmUp?: number;
  env?: Record<string, string>;
  nodeArgs?: string[];
};

/** The env of a server instance on the run's database; its own data folder. */
function serverEnv(run: { url: string; sink: SmtpSink; secret: string }, extra: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-send-'));
  folders.push(dataDir);
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: run.url,
    SECRET_KEY: run.secret,
    EMAIL_PROVIDER: 'smtp',
    SMTP_URL: run.sink.url,
    EMAIL_SEND_RATE: '0',
    // One public address for every instance, as behind a load balancer (Message-IDs use its host).
    PUBLIC_URL: `http://localhost:${PORT}`,
    AI_BASE_URL: '',
    AI_API_KEY: '',
    MAILERLITE_API_KEY: '',
    ...(values.concurrency ? { EMAIL_SEND_CONCURRENCY: values.concurrency } : {}),
    ...extra,
  };
}

/**
 * A fresh database in the cluster, migrated by a first server instance (returned, signed in),
 * then `families` families seeded by SQL into one segment (the first `warmUp` also in a second).
 */
async function prepareRun(setup: RunSetup) {
  const dbName = `send_${setup.name}_${Date.now()}`;
  const url = await createDatabase(cluster, dbName);
  const sink = await startSmtpSink({ headersOnly: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  const domain = `${setup.name}.bench.example.org`;
  const run = { url, sink, secret, domain };
  const env = serverEnv(run, setup.env ?? {});
  const server = await launch(PORT, env, setup.nodeArgs);
  const api = await Api.signIn(server.base);
  const segmentId = await api.segment(`All families (${setup.name})`);
  const warmUpSegmentId = setup.warmUp ? await api.segment(`Warm-up (${setup.name})`) : undefined;
  const seeding = performance.now();
  await seedFamilies(url, {
    count: setup.families,
    domain,
    segmentId,
    warmUpSegmentId,
    warmUp: setup.warmUp,
  });
  console.log(
    `  seeded ${fmt(setup.families)} families by SQL in ${((performance.now() - seeding) / 1000).toFixed(1)} s (load ${load()})`,
  );
  return { ...run, env, server, api, segmentId, warmUpSegmentId };
}

/** Polls the delivery every `everyMs` until completed; the moments it left preparing and completed. */
async function waitForCompleted(
  api: () => Api,
  id: string,
  options: {
    everyMs?: number;
    onPoll?: (d: Delivery | null) => void | Promise<void>;
    /** Added to the progress line printed every 15 s. */
    about?: () => string;
  } = {},
) {
  const started = performance.now();
  let preparedAt: number | null = null;
  let last: Delivery | null = null;
  let lastProgress = started;
  let lastLine = started;
  for (;;) {
    let delivery: Delivery | null = null;
    try {
      delivery = await api().delivery(id);
    } catch (error) {
      // A server being killed or started again answers nothing for a moment.
      if (!(error instanceof TypeError)) throw error;
    }
    const now = performance.now();
    if (delivery) {
      if (preparedAt === null && delivery.status !== 'preparing') preparedAt = now;
      if (!last || delivery.sent !== last.sent || delivery.status !== last.status) lastProgress = now;
      last = delivery;
      await options.onPoll?.(delivery);
      if (delivery.status === 'completed')
        return { delivery, preparedAt: preparedAt ?? now, completedAt: now };
      if (delivery.status === 'paused')
        throw new Error(`the send paused itself: ${delivery.paused_reason ?? '(no reason)'}`);
    }
    if (now - lastLine > 15_000) {
      lastLine = now;
      console.log(
        `    ${((now - started) / 1000).toFixed(0)} s: ${last ? `${last.status}, sent ${fmt(last.sent)} of ${fmt(last.total)}` : 'no answer'}${options.about?.() ?? ''} (load ${load()})`,
      );
    }
    if (now - lastProgress > TIMEOUT_MS)
      throw new Error(`no progress in ${TIMEOUT_MS / 60_000} min: ${JSON.stringify(last)}`);
    await sleep(options.everyMs ?? 100);
  }
}

/** What the sink received for one subject: deliveries, distinct Message-IDs, doubles, who is missing. */
function tally(sink: SmtpSink, subject: string, expected: Set<string>) {
  const messages = sink.messages.filter((m) => m.subject === subject);
  const counts = new Map<string, number>();
  const addresses = new Set<string>();
  const idsByAddress = new Map<string, Set<string>>();
  let withoutUnsubscribe = 0;
  let withoutOneClick = 0;
  for (const m of messages) {
    // A long Message-ID is folded onto a second header line: the sink unfolds it with a space.
    const messageId = m.messageId.trim();
    counts.set(messageId, (counts.get(messageId) ?? 0) + 1);
    for (const to of m.to) {
      const address = to.toLowerCase();
      addresses.add(address);
      const ids = idsByAddress.get(address) ?? new Set<string>();
      ids.add(messageId);
      idsByAddress.set(address, ids);
    }
    if (!m.listUnsubscribe || !/<https?:\/\/[^>]+\/u\/[^>]+>/.test(m.listUnsubscribe)) withoutUnsubscribe++;
    if (m.listUnsubscribePost !== 'List-Unsubscribe=One-Click') withoutOneClick++;
  }
  const missing = [...expected].filter((a) => !addresses.has(a));
  const unexpected = [...addresses].filter((a) => !expected.has(a));
  const twice = [...counts.values()].filter((n) => n > 1).length;
  // The same family under two Message-IDs would be a second message the sink cannot tell apart.
  const familiesWithTwoIds = [...idsByAddress.values()].filter((ids) => ids.size > 1).length;
  return {
    deliveries: messages.length,
    distinct: counts.size,
    twice,
    extraDeliveries: messages.length - counts.size,
    missing,
    unexpected,
    familiesWithTwoIds,
    withoutUnsubscribe,
    withoutOneClick,
    sampleId: messages[0]?.messageId.trim() ?? '',
  };
}

const expectedAddresses = (count: number, domain: string, skip = new Set<number>()) => {
  const set = new Set<string>();
  for (let n = 1; n <= count; n++) if (!skip.has(n)) set.add(familyEmail(n, domain));
  return set;
};

/** CPU seconds of the server(s), this process (the sink, the polling) and PostgreSQL. */
function cpuNow(pids: number[]) {
  const self = process.cpuUsage();
  return {
    servers: pids.map((pid) => cpuSeconds(pid)),
    serversWaiting: pids.map((pid) => cpuWaitSeconds(pid)),
    bench: (self.user + self.system) / 1e6,
    benchWaiting: cpuWaitSeconds(process.pid),
    postgres: postgresCpuSeconds(cluster.postmasterPid()),
    pressure: cpuPressure(),
  };
}

/** /proc/pressure/cpu "some" total: microseconds in which some runnable task waited for a CPU. */
function cpuPressure(): number {
  try {
    const text = fs.readFileSync('/proc/pressure/cpu', 'utf8');
    return Number(/^some .*total=(\d+)/m.exec(text)?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}

function printCpu(
  before: ReturnType<typeof cpuNow>,
  after: ReturnType<typeof cpuNow>,
  wall: number,
  messages: number,
) {
  const servers = after.servers.map((s, i) => s - before.servers[i]!);
  const serversWaiting = after.serversWaiting.map((s, i) => s - before.serversWaiting[i]!);
  const bench = after.bench - before.bench;
  const postgres = after.postgres - before.postgres;
  const total = servers.reduce((a, b) => a + b, 0) + bench + postgres;
  const share = (s: number) =>
    `${s.toFixed(1)} s CPU (${((100 * s) / wall).toFixed(0)}% of a core, ${((1e6 * s) / messages).toFixed(0)} µs/message)`;
  const waiting = (s: number) => `; its threads waited ${s.toFixed(1)} s for a CPU (runnable)`;
  console.log(`  where the time goes over the ${wall.toFixed(1)} s (${os.cpus().length} CPUs):`);
  servers.forEach((s, i) =>
    console.log(
      `    server${servers.length > 1 ? ` ${i + 1}` : ''}: ${share(s)}${waiting(serversWaiting[i]!)}`,
    ),
  );
  console.log(
    `    this process (the SMTP sink, the polling): ${share(bench)}${waiting(after.benchWaiting - before.benchWaiting)}`,
  );
  console.log(`    PostgreSQL (every backend and its background workers): ${share(postgres)}`);
  const pressure = (after.pressure - before.pressure) / 1e6 / wall;
  console.log(
    `    together ${total.toFixed(1)} s CPU = ${(total / wall).toFixed(2)} of the ${os.cpus().length} cores busy on average; ` +
      `the machine: some task waiting for a CPU ${Number.isFinite(pressure) ? `${(100 * pressure).toFixed(0)}%` : '(unknown)'} of the time ` +
      `(/proc/pressure/cpu), load ${load()}`,
  );
  return { servers, serversWaiting, bench, postgres };
}

// ---- the runs -----------------------------------------------------------------------------

async function speed() {
  console.log(`\nspeed: ${fmt(RECIPIENTS)} recipients, EMAIL_SEND_RATE=0 (load ${load()})`);
  const profileDir = values.profile
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-send-prof-'))
    : null;
  if (profileDir) folders.push(profileDir);
  const run = await prepareRun({
    name: 'speed',
    families: RECIPIENTS,
    nodeArgs: profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
  });
  try {
    const subject = 'Spring open day (speed)';
    const id = await run.api.publishedCampaign('Send bench: speed', subject, run.segmentId);
    const before = cpuNow([run.server.pid]);
    const started = performance.now();
    await run.api.send(id);
    const { delivery, preparedAt, completedAt } = await waitForCompleted(() => run.api, id);
    const seconds = (completedAt - started) / 1000;
    const after = cpuNow([run.server.pid]);
    const t = tally(run.sink, subject, expectedAddresses(RECIPIENTS, run.domain));
    console.log(
      `  send to completed: ${seconds.toFixed(2)} s for ${fmt(delivery.total)} recipients ` +
        `(${fmt(delivery.sent)} sent, ${delivery.failed} failed, ${delivery.skipped} skipped): ${Math.round(delivery.sent / seconds)} msg/s; ` +
        `recipients fixed in ${((preparedAt - started) / 1000).toFixed(2)} s (load ${load()})`,
    );
    console.log(
      `  at the sink: ${fmt(t.deliveries)} deliveries, ${fmt(t.distinct)} distinct Message-IDs (e.g. ${t.sampleId}), ` +
        `${t.missing.length} families missing, ${t.twice} Message-IDs twice; ${t.withoutUnsubscribe} without a List-Unsubscribe URL, ` +
        `${t.withoutOneClick} without List-Unsubscribe-Post: List-Unsubscribe=One-Click`,
    );
    const cpu = printCpu(before, after, seconds, delivery.sent);
    reportResult({
      name: `send ${fmt(RECIPIENTS)} recipients, send to completed`,
      figure: round(seconds, 2),
      unit: 's',
      target: '< 20',
    });
    reportResult({
      name: `send ${fmt(RECIPIENTS)} recipients, rate`,
      figure: Math.round(delivery.sent / seconds),
      unit: 'msg/s',
      target: '>= 500',
    });
    reportResult({
      name: `send ${fmt(RECIPIENTS)} recipients, recipients fixed`,
      figure: round((preparedAt - started) / 1000, 2),
      unit: 's',
    });
    reportResult({
      name: `send ${fmt(RECIPIENTS)} recipients, server CPU per message`,
      figure: Math.round((1e6 * cpu.servers[0]!) / delivery.sent),
      unit: 'µs',
    });
    reportResult({
      name: `send ${fmt(RECIPIENTS)} recipients, families missing or sent twice`,
      figure: t.missing.length + t.familiesWithTwoIds + t.twice,
      unit: '',
      target: '= 0',
    });
    reportResult({
      name: `send ${fmt(RECIPIENTS)} recipients, messages without one-click List-Unsubscribe`,
      figure: Math.max(t.withoutUnsubscribe, t.withoutOneClick),
      unit: '',
      target: '= 0',
    });
  } finally {
    await endRun(run);
  }
  if (profileDir) summarizeProfile(profileDir);
}

/**
 * The server's CPU profile (--profile: node --cpu-prof, written when it exits, its start
 * included) by where the time went: an npm package, a Node.js module, the server's own functions,
 * the garbage collector.
 */
function summarizeProfile(dir: string) {
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) {
    console.log('  (no CPU profile was written)');
    return;
  }
  type Node = { id: number; callFrame: { functionName: string; url: string }; hitCount?: number };
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
    nodes: Node[];
    startTime: number;
    endTime: number;
    samples: number[];
  };
  const perSample = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
  const where = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url } = node.callFrame;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    const key = pkg
      ? `npm ${pkg}`
      : url.startsWith('node:')
        ? `Node.js ${url.slice(5)}`
        : url.includes('/dist/server.js')
          ? `server: ${functionName || '(anonymous)'}`
          : functionName || '(anonymous)';
    where.set(key, (where.get(key) ?? 0) + (node.hitCount ?? 0) * perSample);
  }
  const busy = [...where].filter(([k]) => k !== '(idle)').reduce((a, [, ms]) => a + ms, 0);
  console.log(`  the server's CPU profile (self time, start included; ${(busy / 1000).toFixed(1)} s busy):`);
  for (const [key, ms] of [...where]
    .filter(([k]) => k !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, 18))
    console.log(`    ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${(ms / 1000).toFixed(2)} s  ${key}`);
}

async function memory() {
  const warmUp = Math.min(1000, MEMORY_RECIPIENTS);
  console.log(
    `\nmemory: ${fmt(MEMORY_RECIPIENTS)} recipients after a warm-up send to ${fmt(warmUp)} (load ${load()})`,
  );
  const run = await prepareRun({ name: 'memory', families: MEMORY_RECIPIENTS, warmUp });
  try {
    const warmUpId = await run.api.publishedCampaign('Send bench: warm-up', 'Warm-up', run.warmUpSegmentId!);
    await run.api.send(warmUpId);
    await waitForCompleted(() => run.api, warmUpId, { everyMs: 200 });
    const subject = 'Spring open day (memory)';
    const id = await run.api.publishedCampaign('Send bench: memory', subject, run.segmentId);
    await sleep(2000);
    const baselineSamples: number[] = [];
    for (let i = 0; i < 10; i++) {
      baselineSamples.push(rssMb(run.server.pid));
      await sleep(100);
    }
    const baseline = [...baselineSamples].sort((a, b) => a - b)[5]!;
    let peak = baseline;
    const sampler = setInterval(() => {
      const rss = rssMb(run.server.pid);
      if (Number.isFinite(rss)) peak = Math.max(peak, rss);
    }, 200);
    const started = performance.now();
    try {
      await run.api.send(id);
      const { delivery, preparedAt, completedAt } = await waitForCompleted(() => run.api, id, {
        everyMs: 200,
        about: () => `; server RSS ${rssMb(run.server.pid).toFixed(0)} MB, peak ${peak.toFixed(0)} MB`,
      });
      const seconds = (completedAt - started) / 1000;
      const end = rssMb(run.server.pid);
      const t = tally(run.sink, subject, expectedAddresses(MEMORY_RECIPIENTS, run.domain));
      console.log(
        `  ${fmt(delivery.sent)} of ${fmt(delivery.total)} sent in ${seconds.toFixed(1)} s (${Math.round(delivery.sent / seconds)} msg/s; ` +
          `recipients fixed in ${((preparedAt - started) / 1000).toFixed(2)} s); server RSS: baseline ${baseline.toFixed(0)} MB, ` +
          `peak ${peak.toFixed(0)} MB, at the end ${end.toFixed(0)} MB (load ${load()})`,
      );
      console.log(
        `  at the sink: ${fmt(t.distinct)} distinct Message-IDs, ${t.missing.length} missing, ${t.twice} twice`,
      );
      reportResult({
        name: `send ${fmt(MEMORY_RECIPIENTS)} recipients, server memory growth`,
        figure: round(peak - baseline),
        unit: 'MB',
        target: '< 100',
      });
      reportResult({
        name: `send ${fmt(MEMORY_RECIPIENTS)} recipients, rate`,
        figure: Math.round(delivery.sent / seconds),
        unit: 'msg/s',
      });
      reportResult({
        name: `send ${fmt(MEMORY_RECIPIENTS)} recipients, families missing or sent twice`,
        figure: t.missing.length + t.familiesWithTwoIds + t.twice,
        unit: '',
        target: '= 0',
      });
    } finally {
      clearInterval(sampler);
    }
  } finally {
    await endRun(run);
  }
}

async function killHalfway() {
  console.log(
    `\nkill: SIGKILL at half of ${fmt(RECIPIENTS)} recipients, then started again (load ${load()})`,
  );
  const run = await prepareRun({ name: 'kill', families: RECIPIENTS });
  try {
    const subject = 'Spring open day (kill)';
    const id = await run.api.publishedCampaign('Send bench: kill', subject, run.segmentId);
    let server = run.server;
    let api = run.api;
    const db = new pg.Client({ connectionString: run.url });
    await db.connect();
    const atSink = () => run.sink.messages.filter((m) => m.subject === subject).length;
    const started = performance.now();
    await run.api.send(id);
    let killed: { atSink: number; recorded: number; at: number } | null = null;
    let restartedAt = 0;
    let outcome: Awaited<ReturnType<typeof waitForCompleted>>;
    try {
      outcome = await waitForCompleted(() => api, id, {
        everyMs: 50,
        onPoll: async (d) => {
          if (killed || !d || d.sent < d.total / 2) return;
          // At a moment unrelated to the polls and the engine's batches: mid-message, most likely.
          await sleep(Math.random() * 100);
          server.child.kill('SIGKILL');
          await new Promise((r) => server.child.once('exit', r));
          const at = performance.now();
          await sleep(500); // the sink (in this process) reads what the kernel still holds for it
          // Dead, its sockets closed: what reached the sink from it is final. Sent and recorded
          // are the recipients marked sent; the difference was in flight (sent, not yet recorded).
          const { rows } = await db.query<{ n: number }>(
            `select count(*)::int as n from campaign_recipients where campaign_id = $1::uuid and status = 'sent'`,
            [id],
          );
          killed = { atSink: atSink(), recorded: rows[0]!.n, at };
          console.log(
            `  SIGKILL when the delivery said ${fmt(d.sent)} of ${fmt(d.total)} sent; after it: ${fmt(killed.atSink)} at the sink, ` +
              `${fmt(killed.recorded)} recorded as sent (${fmt(killed.atSink - killed.recorded)} in flight)`,
          );
          server = await launch(PORT, run.env);
          run.server = server;
          api = await Api.signIn(server.base);
          restartedAt = performance.now();
          console.log(`  started again in ${((restartedAt - at) / 1000).toFixed(1)} s`);
        },
      });
    } finally {
      await db.end();
    }
    const { delivery, completedAt } = outcome;
    if (!killed) throw new Error('the send completed before half could be seen: use more recipients');
    const k = killed as { atSink: number; recorded: number; at: number };
    const inFlight = Math.max(0, k.atSink - k.recorded);
    const t = tally(run.sink, subject, expectedAddresses(RECIPIENTS, run.domain));
    console.log(
      `  completed ${((completedAt - restartedAt) / 1000).toFixed(1)} s after the restart ` +
        `(${((completedAt - started) / 1000).toFixed(1)} s in all; a dead instance's leases lapse first): ` +
        `delivery ${fmt(delivery.sent)} sent, ${delivery.failed} failed, ${delivery.skipped} skipped`,
    );
    console.log(
      `  at the sink: ${fmt(t.deliveries)} deliveries, ${fmt(t.distinct)} distinct Message-IDs, ${t.missing.length} families missing, ` +
        `${t.twice} Message-IDs seen twice (${t.extraDeliveries} extra deliveries; ${inFlight} were in flight at the kill), ` +
        `${t.familiesWithTwoIds} families with two different Message-IDs (load ${load()})`,
    );
    reportResult({
      name: 'kill halfway: families missing',
      figure: t.missing.length,
      unit: '',
      target: '= 0',
    });
    reportResult({
      name: 'kill halfway: Message-IDs seen twice (in flight at the kill, sent again)',
      figure: t.twice,
      unit: '',
    });
    reportResult({
      name: 'kill halfway: messages sent twice beyond those in flight at the kill',
      figure: Math.max(0, t.extraDeliveries - inFlight) + t.familiesWithTwoIds,
      unit: '',
      target: '= 0',
    });
  } finally {
    await endRun(run);
  }
}

async function twoInstances() {
  console.log(`\ntwo: two server instances on one database, ${fmt(RECIPIENTS)} recipients (load ${load()})`);
  const run = await prepareRun({ name: 'two', families: RECIPIENTS });
  const second = await launch(PORT + 1, serverEnv(run, {}));
  try {
    const subject = 'Spring open day (two)';
    const id = await run.api.publishedCampaign('Send bench: two instances', subject, run.segmentId);
    // At rest first, to tell an instance that sends from one that only polls.
    const rest = cpuNow([run.server.pid, second.pid]);
    await sleep(2000);
    const before = cpuNow([run.server.pid, second.pid]);
    const restPerSecond = before.servers.map((s, i) => (s - rest.servers[i]!) / 2);
    // Who holds leases while it sends: each instance claims under its own lease_owner.
    const db = new pg.Client({ connectionString: run.url });
    await db.connect();
    const owners = new Map<string, number>();
    const started = performance.now();
    await run.api.send(id);
    const secondApi = await Api.signIn(second.base);
    let outcome: Awaited<ReturnType<typeof waitForCompleted>>;
    try {
      outcome = await waitForCompleted(() => secondApi, id, {
        onPoll: async () => {
          const { rows } = await db.query<{ owner: string; n: number }>(
            `select lease_owner as owner, count(*)::int as n from campaign_recipients
             where campaign_id = $1::uuid and lease_owner is not null group by lease_owner`,
            [id],
          );
          for (const r of rows) owners.set(r.owner, (owners.get(r.owner) ?? 0) + r.n);
        },
      });
    } finally {
      await db.end();
    }
    const { delivery, completedAt } = outcome;
    const seconds = (completedAt - started) / 1000;
    const cpu = printCpu(before, cpuNow([run.server.pid, second.pid]), seconds, delivery.sent);
    const t = tally(run.sink, subject, expectedAddresses(RECIPIENTS, run.domain));
    console.log(
      `  ${fmt(delivery.sent)} of ${fmt(delivery.total)} sent in ${seconds.toFixed(1)} s; at the sink: ${fmt(t.deliveries)} deliveries, ` +
        `${fmt(t.distinct)} distinct Message-IDs, ${t.missing.length} missing, ${t.twice} twice, ` +
        `${t.familiesWithTwoIds} families with two Message-IDs (load ${load()})`,
    );
    const [a, b] = cpu.servers as [number, number];
    console.log(
      `  both sent? ${owners.size} lease owner(s) seen holding recipients (${[...owners.values()].map(fmt).join(' and ')} ` +
        `leases seen at the polls); CPU over the send: the instance asked ${a.toFixed(1)} s, the other ${b.toFixed(1)} s ` +
        `(at rest they used ${restPerSecond.map((r) => (r * seconds).toFixed(1)).join(' s and ')} s in as long)`,
    );
    reportResult({
      name: 'two instances: instances seen sending',
      figure: owners.size,
      unit: '',
      target: '= 2',
    });
    reportResult({
      name: 'two instances: families missing',
      figure: t.missing.length,
      unit: '',
      target: '= 0',
    });
    reportResult({
      name: 'two instances: messages sent twice',
      figure: t.twice + t.familiesWithTwoIds,
      unit: '',
      target: '= 0',
    });
    reportResult({ name: 'two instances: rate', figure: Math.round(delivery.sent / seconds), unit: 'msg/s' });
  } finally {
    await kill(second, 'SIGTERM');
    await endRun(run);
  }
}

async function unsubscribeDuringSend() {
  console.log(
    `\nunsub: ${UNSUBSCRIBERS} one-click unsubscribes during a send to ${fmt(UNSUB_RECIPIENTS)} at ${UNSUB_RATE} msg/s (load ${load()})`,
  );
  const run = await prepareRun({
    name: 'unsub',
    families: UNSUB_RECIPIENTS,
    env: { EMAIL_SEND_RATE: String(UNSUB_RATE) },
  });
  const db = new pg.Client({ connectionString: run.url });
  await db.connect();
  try {
    const subject = 'Spring open day (unsub)';
    const id = await run.api.publishedCampaign('Send bench: unsubscribe', subject, run.segmentId);
    const unsubscribed = new Map<string, { answeredAt: number; status: number }>();
    let chosen = false;
    await run.api.send(id);
    const { delivery } = await waitForCompleted(() => run.api, id, {
      onPoll: async (d) => {
        if (chosen || !d || d.status !== 'sending' || d.sent < Math.min(200, d.total / 10)) return;
        chosen = true;
        const targets = await notYetSent(db, run, id, UNSUBSCRIBERS);
        await Promise.all(
          targets.map(async ({ email, url }) => {
            const res = await fetch(url, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: 'List-Unsubscribe=One-Click',
            });
            await res.arrayBuffer();
            unsubscribed.set(email, { answeredAt: Date.now(), status: res.status });
          }),
        );
        console.log(
          `  ${unsubscribed.size} unsubscribed (answers ${[...new Set([...unsubscribed.values()].map((u) => u.status))].join(', ')}) ` +
            `when ${fmt(d.sent)} of ${fmt(d.total)} were sent`,
        );
      },
    });
    if (!chosen)
      throw new Error('the send completed before the unsubscribes: use more recipients or a lower rate');
    let after = 0;
    let any = 0;
    for (const m of run.sink.messages.filter((x) => x.subject === subject))
      for (const to of m.to) {
        const u = unsubscribed.get(to.toLowerCase());
        if (!u) continue;
        any++;
        if (m.receivedAt > u.answeredAt) after++;
      }
    const refused = [...unsubscribed.values()].filter((u) => u.status !== 200).length;
    const stillSubscribed = Number(
      (
        await db.query<{ n: number }>(
          `select count(*)::int as n from leads where email = any($1::text[]) and email_status <> 'unsubscribed'`,
          [[...unsubscribed.keys()]],
        )
      ).rows[0]!.n,
    );
    console.log(
      `  completed: ${fmt(delivery.sent)} sent, ${delivery.skipped} skipped, ${delivery.failed} failed; of the ${unsubscribed.size}: ` +
        `${any} got the message (${after} after their unsubscribe answered), ${refused} unsubscribes not answered 200, ` +
        `${stillSubscribed} not marked unsubscribed (load ${load()})`,
    );
    reportResult({
      name: 'unsubscribe during a send: messages after the unsubscribe answered',
      figure: after,
      unit: '',
      target: '= 0',
    });
    reportResult({
      name: 'unsubscribe during a send: unsubscribes refused or not recorded',
      figure: refused + stillSubscribed,
      unit: '',
      target: '= 0',
    });
  } finally {
    await db.end();
    await endRun(run);
  }
}

/**
 * `count` recipients of the campaign not sent yet and not claimed by a sender (the end of the
 * sending order: claims go by next_attempt_at, then id), each with the unsubscribe URL of their
 * message. The tokens are minted with the server's own code (unsubscribe-links.ts) and the key it
 * derives from the SECRET_KEY this run gave it (security/keys.ts): the URL the message would carry.
 */
async function notYetSent(
  db: pg.Client,
  run: { secret: string; server: Instance },
  campaignId: string,
  count: number,
): Promise<{ email: string; url: string }[]> {
  const { rows } = await db.query<{ lead_id: string; email: string }>(
    `select lead_id, email from campaign_recipients
     where campaign_id = $1::uuid and status = 'pending' and lease_owner is null
     order by next_attempt_at desc, id desc limit $2::int`,
    [campaignId, count],
  );
  const keys = loadKeys({ secretKey: run.secret, isProduction: false, dataDir: os.tmpdir() });
  const links = createUnsubscribeLinks({ key: keys.unsubscribeHmac, publicUrl: run.server.base });
  return rows.map((r) => ({ email: r.email, url: links.urlFor(campaignId, r.lead_id) }));
}

async function endRun(run: { server: Instance; sink: SmtpSink }) {
  await kill(run.server, 'SIGTERM');
  await run.sink.close();
}

/**
 * Issue 25: fixing the recipients of a 1,000,000-family audience (one INSERT ... SELECT in the
 * sender loop, after Send Now has answered): the time from Send Now until the delivery leaves
 * 'preparing', how long Send Now itself took, and the server's memory meanwhile. Sending is held
 * to one message a second, then paused: the part is about fixing, not sending.
 */
async function fixRecipients() {
  const families = Number(values['fix-recipients']);
  console.log(`\nfix: ${fmt(families)} recipients fixed at Send Now (load ${load()})`);
  const run = await prepareRun({ name: 'fix', families, env: { EMAIL_SEND_RATE: '1' } });
  try {
    const id = await run.api.publishedCampaign('Send bench: fix', 'Spring open day (fix)', run.segmentId);
    const baseline = rssMb(run.server.pid);
    let peak = baseline;
    const started = performance.now();
    await run.api.send(id);
    const answered = performance.now();
    let delivery = await run.api.delivery(id);
    while (delivery?.status === 'preparing') {
      peak = Math.max(peak, rssMb(run.server.pid));
      await new Promise((r) => setTimeout(r, 100));
      delivery = await run.api.delivery(id);
    }
    const fixed = performance.now();
    await run.api.pause(id);
    console.log(
      `  Send Now answered in ${(answered - started).toFixed(0)} ms; ${fmt(delivery?.total ?? 0)} recipients fixed ` +
        `${((fixed - started) / 1000).toFixed(1)} s after it; server RSS ${baseline.toFixed(0)} -> peak ${peak.toFixed(0)} MB (load ${load()})`,
    );
    reportResult({
      name: `fix ${fmt(families)} recipients`,
      figure: round((fixed - started) / 1000, 1),
      unit: 's',
      target: '< 60',
    });
    reportResult({
      name: `fix ${fmt(families)} recipients, server memory growth`,
      figure: round(peak - baseline, 1),
      unit: 'MB',
      target: '< 100',
    });
  } finally {
    await endRun(run);
  }
}

// ---- main ----------------------------------------------------------------------------------

try {
  if (parts.has('speed')) await speed();
  if (parts.has('memory')) await memory();
  if (parts.has('kill')) await killHalfway();
  if (parts.has('two')) await twoInstances();
  if (parts.has('unsub')) await unsubscribeDuringSend();
  if (parts.has('fix')) await fixRecipients();
} finally {
  cleanUp();
}
