// Requests per second of an authenticated GET /admin/me (session lookup on every request).
// Target: at least 2,000 req/s on a 2-core machine. Usage: node bench/auth-throughput.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { reportResult, startServer, stopServer, waitForHealth } from './lib.mjs';

const port = 3302;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-auth-'));
const env = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {};
const server = startServer({ port, dataDir, env });
await waitForHealth(port, 60_000, server);

const hint = await (await fetch(`http://127.0.0.1:${port}/admin/login-hint`)).json();
const login = await fetch(`http://127.0.0.1:${port}/admin/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(hint.devCredentials),
});
const { token } = await login.json();

const result = await autocannon({
  url: `http://127.0.0.1:${port}/admin/me`,
  headers: { authorization: `Bearer ${token}` },
  connections: 32,
  duration: 10,
});
await stopServer(server);
fs.rmSync(dataDir, { recursive: true, force: true });
const non2xx = result.non2xx + result.errors;
console.log(`authenticated GET /admin/me: ${Math.round(result.requests.average)} req/s average`);
console.log(
  `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, failed responses: ${non2xx}`,
);
reportResult({
  name: 'authenticated GET /admin/me',
  figure: Math.round(result.requests.average),
  unit: 'req/s',
  target: '>= 2000',
});
