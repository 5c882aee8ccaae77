// Import and export speed on PostgreSQL (or PGlite with --db pglite).
// Targets: import >= 10,000 rows/s; validate + import of a 50,000-row file < 15 s end to end;
// CSV export of 100,000 leads: first byte < 1 s, complete < 10 s, server memory growth < 100 MB.
// Usage: npm run build && npx tsx bench/import-export.ts [--db postgres|pglite]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { prepareDatabase } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { seedDemoData } from '../apps/server/src/seed/demo-data';
import { IMPORT_COLUMNS } from '../packages/contracts/src';
import { reportResult, root, startServer, stopServer, waitForHealth } from './lib.mjs';
import { startCluster } from '../scripts/postgres-cluster.mjs';

const { values } = parseArgs({ options: { db: { type: 'string', default: 'postgres' } } });
const port = 3321;
const base = `http://127.0.0.1:${port}`;

function csvFile(rows: number, prefix: string): string {
  const lines = [IMPORT_COLUMNS.join(',')];
  for (let i = 0; i < rows; i++) {
    const cells: Record<string, string> = {
      email: `${prefix}.${i}@bench.example.org`,
      parent_name: `Bench Parent ${i}`,
      phone: `(555) 01${String(i % 100).padStart(2, '0')}-${String(i % 10000).padStart(4, '0')}`,
      timeline: ['Immediately', 'Next semester', 'In a Few Months', 'Just exploring'][i % 4]!,
      biggest_concerns: i % 3 ? '' : '"Transitions, and lunch time"',
      child1_name: `Kid ${i}`,
      child1_age: String(4 + (i % 12)),
      child1_grade: '2nd Grade',
      child1_special_needs: '"ADHD, Dyslexia"',
      child1_current_support: 'IEP',
      child2_name: i % 2 ? `Sibling ${i}` : '',
      child2_age: i % 2 ? '9' : '',
    };
    lines.push(IMPORT_COLUMNS.map((c) => cells[c] ?? '').join(','));
  }
  return lines.join('\n');
}

/** The rows the wizard sends, built from a parsed CSV exactly as the browser does (header-driven). */
function toRows(csv: string) {
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  return parsed.data.map((r, i) => ({
    email: r.email,
    parent_name: r.parent_name,
    phone: r.phone,
    timeline: r.timeline,
    timeline_date: r.timeline_date,
    biggest_concerns: r.biggest_concerns,
    children: [1, 2, 3]
      .map((n) => ({
        name: r[`child${n}_name`],
        age: r[`child${n}_age`],
        grade: r[`child${n}_grade`],
        special_needs: r[`child${n}_special_needs`],
        current_support: r[`child${n}_current_support`],
      }))
      .filter((c) => c.name),
    lineNumber: i + 2,
  }));
}

async function call(token: string, url: string, body: unknown) {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};

const cluster = values.db === 'postgres' ? await startCluster() : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-io-'));
const env: Record<string, string> = { DATA_DIR: dataDir, ...(cluster ? { DATABASE_URL: cluster.url } : {}) };
// Stopped however the run ends: a failed run must not leave its server on the port.
let server: ReturnType<typeof startServer> | null = null;
try {
  const { database } = await prepareDatabase(
    loadConfig({ ...process.env, ...env, LOG_LEVEL: 'silent' }),
    path.join(root, 'apps/server/drizzle'),
  );
  await seedDemoData(database.db, 100_000, { seed: 3 });
  // As after any bulk load: the seeding's maintenance (visibility map, statistics) is done before
  // timing, so autovacuum catching up on 100,000 fresh rows does not run during the measurements.
  if (cluster) await database.db.execute(sql`vacuum analyze`);
  await database.close();
  console.log(`${values.db}: 100,000 demo leads seeded${cluster ? ' (then VACUUM ANALYZE)' : ''}`);

  // BENCH_SERVER: another bundle of the server (a private build while others rebuild dist/).
  server = startServer({
    port,
    dataDir,
    env,
    command: process.env.BENCH_SERVER ? [process.env.BENCH_SERVER] : undefined,
  });
  await waitForHealth(port, 60_000, server);
  const hint = await (await fetch(`${base}/admin/login-hint`)).json();
  const { token } = await call('', '/admin/login', hint.devCredentials);

  // CSV export of the 100,000 leads (before the imports add more), streamed; server memory sampled while it runs.
  const before = rssMb(server.pid!);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 50);
  let started = performance.now();
  const res = await fetch(`${base}/api/leads/export/comprehensive?format=csv`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const reader = res.body!.getReader();
  let firstByte = 0;
  let bytes = 0;
  let newlines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - started;
    bytes += value.length;
    for (const b of value) if (b === 10) newlines++;
  }
  const total = performance.now() - started;
  clearInterval(sampler);
  console.log(
    `export CSV: ${newlines - 1} rows (${(bytes / 1e6).toFixed(1)} MB), first byte ${firstByte.toFixed(0)} ms, ` +
      `complete ${(total / 1000).toFixed(2)} s, server RSS ${before.toFixed(0)} -> peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB) ` +
      `(targets: first byte < 1 s, complete < 10 s, growth < 100 MB)`,
  );
  // Import rate: 10,000 rows in one bulk call (fresh emails each time). The first import after
  // the server starts runs code V8 has not compiled yet: it is reported on its own, then five
  // more are timed and their median is the figure.
  const importRate = async (run: string) => {
    // The request body is made before the clock starts: the figure is the server's (upload included).
    const body = JSON.stringify({ leads: toRows(csvFile(10_000, `rate${run}`)), skipDuplicates: true });
    started = performance.now();
    const result = await call(token, '/api/leads/import/bulk', body);
    const seconds = (performance.now() - started) / 1000;
    console.log(`import ${run}: ${result.results.created} rows in ${seconds.toFixed(2)} s`);
    return result.results.created / seconds;
  };
  const first = await importRate('first');
  const rates: number[] = [];
  for (const run of [1, 2, 3, 4, 5]) rates.push(await importRate(String(run)));
  const median = [...rates].sort((a, b) => a - b)[2]!;
  console.log(
    `import: median ${Math.round(median)} rows/s (runs ${rates.map(Math.round).join(', ')}; ` +
      `first import after start ${Math.round(first)} rows/s; target >= 10,000)`,
  );

  // 50,000-row file: parse (as the browser does) + validate + import.
  const file = csvFile(50_000, 'file');
  started = performance.now();
  const rows = toRows(file);
  const parsedAt = performance.now();
  const validation = await call(token, '/api/leads/import/validate', { leads: rows });
  const validatedAt = performance.now();
  const imported = await call(token, '/api/leads/import/bulk', { leads: rows, skipDuplicates: true });
  const doneAt = performance.now();
  console.log(
    `50,000-row file (${(file.length / 1e6).toFixed(1)} MB): parse ${((parsedAt - started) / 1000).toFixed(2)} s, ` +
      `validate ${((validatedAt - parsedAt) / 1000).toFixed(2)} s (${validation.summary.valid} valid), ` +
      `import ${((doneAt - validatedAt) / 1000).toFixed(2)} s (${imported.results.created} created): ` +
      `total ${((doneAt - started) / 1000).toFixed(2)} s (target < 15 s)`,
  );
  // The machine is often shared: say how busy it was, figures depend on it.
  console.log(
    `load average (1/5/15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}, ${os.cpus().length} cores`,
  );

  await stopServer(server);
  reportResult({
    name: 'CSV export of 100,000 leads: first byte',
    figure: Math.round(firstByte),
    unit: 'ms',
    target: '< 1000',
  });
  reportResult({
    name: 'CSV export of 100,000 leads: complete',
    figure: Number((total / 1000).toFixed(2)),
    unit: 's',
    target: '< 10',
  });
  reportResult({
    name: 'CSV export: server memory growth',
    figure: Math.round(peak - before),
    unit: 'MB',
    target: '< 100',
  });
  reportResult({
    name: 'import, median of 5',
    figure: Math.round(median),
    unit: 'rows/s',
    target: '>= 10000',
  });
  reportResult({
    name: '50,000-row file end to end',
    figure: Number(((doneAt - started) / 1000).toFixed(2)),
    unit: 's',
    target: '< 15',
  });
} finally {
  if (server) await stopServer(server);
  cluster?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
