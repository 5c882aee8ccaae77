// Campaign results (issue 24), two figures:
// 1. clicks: the built server (apps/server/dist/server.js; --server for another bundle) on the
//    embedded database (PGlite) takes 1,000 click-link requests a second for 60 s, each a distinct
//    recipient and link of one campaign, paced by the clock (not closed-loop); afterwards every
//    click must be counted (the campaign's counter and its rows both equal the requests: no loss).
//    Targets: redirect p95 < 20 ms, 0 lost. Ports 3495 (server).
// 2. history: on a throwaway PostgreSQL, 2,000 sent campaigns and 5,000,000 recipient rows
//    (2,500 each) seeded by SQL, with their counters; the History list (first page, and filtered by
//    text and dates) and the CSV export of all 2,000 over HTTP. Targets: p95 < 500 ms each.
// With --clicks-db postgres (or pglite,postgres) the clicks run on a throwaway PostgreSQL too.
// Usage: npx tsx bench/campaign-results.ts [--only clicks,history] [--rate 1000] [--seconds 60]
//   [--clicks-db pglite|postgres|pglite,postgres]
//   [--campaigns 2000] [--recipients 5000000] [--runs 30] [--server apps/server/dist/server.js]
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { prepareDatabase } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import {
  createCampaignTracking,
  createTrackingTokens,
} from '../apps/server/src/modules/campaigns/tracking/link-tracking';
import { loadKeys } from '../apps/server/src/security/keys';
import { startCluster } from '../scripts/postgres-cluster.mjs';
import {
  reportResult,
  root,
  signInWithDevCredentials,
  startServer,
  stopServer,
  waitForHealth,
} from './lib.mjs';

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: 'clicks,history' },
    'clicks-db': { type: 'string', default: 'pglite' },
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '60' },
    campaigns: { type: 'string', default: '2000' },
    recipients: { type: 'string', default: '5000000' },
    runs: { type: 'string', default: '30' },
    server: { type: 'string', default: 'apps/server/dist/server.js' },
  },
});
const only = new Set(values.only.split(','));
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const CAMPAIGNS = Number(values.campaigns);
const RECIPIENTS = Number(values.recipients);
const RUNS = Number(values.runs);
const SECRET_KEY = 'bench-campaign-results-secret-key-0123456789abcdef';
const fmt = (n: number) => n.toLocaleString('en-US');

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;

/** The campaign's HTML: ten links, so the clicks spread over (lead, link) pairs as real ones do. */
const LINKS = Array.from({ length: 10 }, (_, i) => `https://www.example.org/page-${i}?from=email`);
const HTML = `<html><body>${LINKS.map((u, i) => `<p><a href="${u}">Link ${i}</a></p>`).join('')}</body></html>`;

async function clicks(kind: 'pglite' | 'postgres') {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  console.log(`\nclicks: ${fmt(RATE)} a second for ${SECONDS} s on the built server (${label})`);
  const cluster = kind === 'postgres' ? await startCluster() : undefined;
  const serverJs = path.resolve(root, values.server);
  if (!fs.existsSync(serverJs)) throw new Error(`${serverJs} is missing: npm run build -w @lantern/server`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-results-'));
  const port = 3495;
  const base = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'production',
    SECRET_KEY,
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    ...(cluster ? { DATABASE_URL: cluster.url } : {}),
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'bench-password-0123456789',
  };
  const total = RATE * SECONDS;
  const leads = Math.ceil(total / LINKS.length);

  // Seed in this process (the embedded database has one owner at a time), then hand it to the server.
  const seedConfig = loadConfig({ ...env, LOG_LEVEL: 'silent', AI_BASE_URL: '', AI_API_KEY: '' });
  const migrations = path.join(root, 'apps/server/drizzle');
  let { database } = await prepareDatabase(seedConfig, migrations);
  const key = loadKeys(seedConfig).trackingHmac;
  const [campaign] = (
    (await database.db.execute(sql`
      insert into campaigns (name, subject, content_html, approval_status, publish_status, sent_at, recipients_total, recipients_sent)
      values ('Bench clicks', 'Open day', ${HTML}, 'approved', 'sent', now(), ${leads}, ${leads}) returning id`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  const campaignId = campaign!.id;
  const tracking = createCampaignTracking({
    db: database.db,
    key,
    publicUrl: base,
    openTrackingEnabled: async () => true,
  });
  await tracking.prepare(campaignId, HTML);
  await database.close();

  // Every request a distinct (lead, link): 60,000 first clicks, each must be counted.
  const tokens = createTrackingTokens(key);
  const paths: string[] = [];
  for (let i = 0; i < total; i++) {
    const lead = crypto.randomUUID();
    paths.push(`/c/${tokens.clickToken(campaignId, lead, i % LINKS.length)}`);
  }

  const child = startServer({ port, dataDir, command: [serverJs], env });
  try {
    await waitForHealth(port, 60_000, child);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    let failures = 0;
    const wrong: string[] = [];
    /** One GET that must answer `status` (a redirect is not followed); its latency in ms. */
    const fire = (p: string, status: number) =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        const fail = (why: string) => {
          failures++;
          if (wrong.length < 5) wrong.push(why);
        };
        const req = http.get(
          {
            host: '127.0.0.1',
            port,
            path: p,
            agent,
            headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) bench' },
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              if (res.statusCode !== status) fail(String(res.statusCode));
              resolve(performance.now() - started);
            });
          },
        );
        req.on('error', (error) => {
          fail(error.message);
          resolve(performance.now() - started);
        });
      });
    /** Open loop: every millisecond tick sends what the clock says is due, answers or not. */
    const load = async (list: string[], status: number) => {
      const started = performance.now();
      const inFlight: Promise<number>[] = [];
      let maxLag = 0;
      while (inFlight.length < list.length) {
        const due = Math.min(list.length, Math.floor(((performance.now() - started) / 1000) * RATE));
        maxLag = Math.max(maxLag, due - inFlight.length);
        while (inFlight.length < due) inFlight.push(fire(list[inFlight.length]!, status));
        await new Promise((r) => setTimeout(r, 1));
      }
      const latencies = await Promise.all(inFlight);
      return { latencies, elapsed: (performance.now() - started) / 1000, maxLag };
    };
    // Warm up with 200 clicks of throwaway leads (counted too, below).
    const warm = Array.from(
      { length: 200 },
      (_, i) => `/c/${tokens.clickToken(campaignId, crypto.randomUUID(), i % LINKS.length)}`,
    );
    await Promise.all(warm.map((p) => fire(p, 302)));

    // The baseline: the same route and rate with forged tokens (answered 400, no database work),
    // for 10 s: what HTTP alone costs on this machine at this moment.
    const forged = Array.from(
      { length: RATE * Math.min(10, SECONDS) },
      () => `/c/${crypto.randomBytes(46).toString('base64url')}`,
    );
    const base0 = await load(forged, 400);
    failures = 0;
    console.log(
      `  baseline (forged tokens, no database): p50 ${percentile(base0.latencies, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(base0.latencies, 95).toFixed(1)} ms, p99 ${percentile(base0.latencies, 99).toFixed(1)} ms; ` +
        `most requests due at once ${base0.maxLag}`,
    );

    const { latencies, elapsed, maxLag } = await load(paths, 302);
    agent.destroy();
    const p50 = percentile(latencies, 50);
    const p95 = percentile(latencies, 95);
    const p99 = percentile(latencies, 99);
    console.log(
      `  ${fmt(total)} clicks in ${elapsed.toFixed(1)} s (${fmt(Math.round(total / elapsed))}/s); redirect p50 ${p50.toFixed(1)} ms, ` +
        `p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; ${failures} not answered 302${wrong.length ? ` (${wrong.join(', ')})` : ''}; ` +
        `most requests due at once ${maxLag}`,
    );
    reportResult({
      name: `clicks baseline (${label}): forged-token 400 p95 at the same rate`,
      figure: Number(percentile(base0.latencies, 95).toFixed(1)),
      unit: 'ms',
    });
    await stopServer(child);

    ({ database } = await prepareDatabase(seedConfig, migrations));
    const [counted] = (
      (await database.db.execute(sql`
        select s.clicks, (select count(*)::int from campaign_clicks where campaign_id = ${campaignId}) as rows
        from campaign_stats s where s.campaign_id = ${campaignId}`)) as unknown as {
        rows: { clicks: number; rows: number }[];
      }
    ).rows;
    await database.close();
    const expected = total + warm.length;
    const lost = expected - Number(counted?.clicks ?? 0);
    console.log(
      `  counted afterwards: ${fmt(Number(counted?.clicks ?? 0))} (counter), ${fmt(Number(counted?.rows ?? 0))} (rows) of ${fmt(expected)} sent`,
    );
    reportResult({
      name: `clicks at ${fmt(RATE)}/s for ${SECONDS} s (${label}): redirect p95`,
      figure: Number(p95.toFixed(1)),
      unit: 'ms',
      target: '< 20',
    });
    reportResult({
      name: `clicks at ${fmt(RATE)}/s for ${SECONDS} s (${label}): lost or not counted`,
      figure: lost + failures + Math.abs(Number(counted?.rows ?? 0) - Number(counted?.clicks ?? 0)),
      unit: 'clicks',
      target: '= 0',
    });
  } finally {
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    cluster?.stop();
  }
}

async function history() {
  const perCampaign = Math.round(RECIPIENTS / CAMPAIGNS);
  console.log(
    `\nhistory: ${fmt(CAMPAIGNS)} sent campaigns, ${fmt(perCampaign * CAMPAIGNS)} recipient rows (PostgreSQL)`,
  );
  const cluster = await startCluster();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-history-'));
  try {
    const config = loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
      SCHOOL_TIME_ZONE: 'America/New_York',
      LOG_LEVEL: 'silent',
      AI_BASE_URL: '',
      AI_API_KEY: '',
    });
    const { database } = await prepareDatabase(config, path.join(root, 'apps/server/drizzle'));
    const db = database.db;
    const seeding = performance.now();
    await db.execute(
      sql`insert into segments (name, description) select 'Segment ' || n, 'Bench' from generate_series(1, 20) n`,
    );
    await db.execute(sql`
      insert into campaigns (name, subject, content_html, segment_id, segment_name, approval_status, publish_status,
        delivery_status, sent_at, send_started_at, send_finished_at, recipients_total, recipients_sent, created_at)
      select case when n % 50 = 0 then '=Formula ' || n else 'Campaign ' || n || ' open day' end,
        'Subject ' || n, '<p>Hello</p>', s.id, s.name, 'approved', 'sent', 'completed',
        now() - (n * interval '8 hours'), now() - (n * interval '8 hours'), now() - (n * interval '8 hours'),
        ${perCampaign}, ${perCampaign}, now() - (n * interval '8 hours')
      from generate_series(1, ${CAMPAIGNS}) n
      join lateral (select id, name from segments order by name offset (n % 20) limit 1) s on true`);
    // Recipients in slices (one statement per 100 campaigns keeps each transaction reasonable).
    const ids = (
      (await db.execute(sql`select id from campaigns order by sent_at`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows.map((r) => r.id);
    for (let i = 0; i < ids.length; i += 100) {
      const slice = ids.slice(i, i + 100);
      await db.execute(sql`
        insert into campaign_recipients (campaign_id, lead_id, email, status, sent_at, next_attempt_at)
        select c.id, gen_random_uuid(), 'parent' || g || '@example.com', 'sent', now(), now()
        from unnest(${`{${slice.join(',')}}`}::uuid[]) c(id), generate_series(1, ${perCampaign}) g`);
    }
    await db.execute(sql`
      insert into campaign_stats (campaign_id, opens, clicks, clickers, bounced, unsubscribed)
      select id, (recipients_sent * 0.4)::int, (recipients_sent * 0.15)::int, (recipients_sent * 0.1)::int,
        (recipients_sent * 0.01)::int, (recipients_sent * 0.005)::int from campaigns`);
    await db.execute(sql`analyze`);
    const [{ n }] = (
      (await db.execute(sql`select count(*)::int as n from campaign_recipients`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows as [{ n: number }];
    console.log(
      `  seeded ${fmt(CAMPAIGNS)} campaigns and ${fmt(n)} recipient rows in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const app = await buildApp({
      config,
      database,
      keys: loadKeys(config),
      logger: pino({ level: 'silent' }),
    });
    const base = await app.listen({ port: 3496, host: '127.0.0.1' });
    try {
      const token = await signInWithDevCredentials(base);
      const headers = { authorization: `Bearer ${token}` };
      const measure = async (label: string, url: string, check: (body: string) => void) => {
        const times: number[] = [];
        for (let i = 0; i < RUNS + 5; i++) {
          const started = performance.now();
          const res = await fetch(`${base}${url}`, { headers });
          const body = await res.text();
          if (!res.ok) throw new Error(`${label}: ${res.status} ${body.slice(0, 200)}`);
          if (i >= 5) times.push(performance.now() - started);
          if (i === 0) check(body);
        }
        const p95 = percentile(times, 95);
        console.log(`  ${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
        return p95;
      };
      const list = await measure('list, first page of 50', '/api/campaigns/history', (body) => {
        const json = JSON.parse(body) as { total: number; campaigns: unknown[] };
        if (json.total !== CAMPAIGNS || json.campaigns.length !== 50) throw new Error(`list: ${json.total}`);
      });
      const start = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
      const end = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
      const filtered = await measure(
        'list, text and date filters',
        `/api/campaigns/history?search=open%20day&start_date=${start}&end_date=${end}`,
        (body) => {
          if ((JSON.parse(body) as { total: number }).total === 0) throw new Error('filtered list is empty');
        },
      );
      const csv = await measure(
        `CSV export of all ${fmt(CAMPAIGNS)}`,
        '/api/campaigns/history/export',
        (body) => {
          const lines = body.trim().split('\n');
          if (lines.length !== CAMPAIGNS + 1) throw new Error(`CSV has ${lines.length} lines`);
        },
      );
      const worst = Math.max(list, filtered);
      reportResult({
        name: `history list (${fmt(CAMPAIGNS)} campaigns, ${fmt(n)} recipients, PostgreSQL) p95`,
        figure: Number(worst.toFixed(1)),
        unit: 'ms',
        target: '< 500',
      });
      reportResult({
        name: `history CSV export (${fmt(CAMPAIGNS)} campaigns, PostgreSQL) p95`,
        figure: Number(csv.toFixed(1)),
        unit: 'ms',
        target: '< 500',
      });
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const kind of values['clicks-db'].split(','))
  if (only.has('clicks')) await clicks(kind as 'pglite' | 'postgres');
if (only.has('history')) await history();
