// Shared bench helpers: start the built server on a data folder and wait until it answers.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_ARGS } from '../scripts/server-node-args.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Waits until the server on `port` answers its health check. Given the server's process, it also
 * fails as soon as that process has exited: another program on the port must not answer for it.
 */
export async function waitForHealth(port, timeoutMs = 30_000, child = null) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && child.exitCode !== null)
      throw new Error(`the server for port ${port} exited (code ${child.exitCode}): is the port in use?`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`server on port ${port} did not answer within ${timeoutMs} ms`);
}

/** Starts the server as `npm start` does (its Node.js options, SERVER_NODE_ARGS). */
export function startServer({ port, dataDir, command = ['apps/server/dist/server.js'], env = {} }) {
  return spawn(process.execPath, [...SERVER_NODE_ARGS, ...command], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Signs in with the development account a fresh data folder shows on its login page; the token. */
export async function signInWithDevCredentials(base) {
  const hint = await (await fetch(`${base}/admin/login-hint`)).json();
  const res = await fetch(`${base}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(hint.devCredentials),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return (await res.json()).token;
}

/**
 * Prints one figure as a machine-readable line for the suite (bench/run-all.ts), after the
 * benchmark's own output: BENCH_RESULT {"name","figure","unit","target","met"}. `target` compares
 * the figure with a bound, as in '< 50' or '>= 2000'; without one, met is null (reported only).
 * @param {{ name: string, figure: number, unit: string, target?: string | null }} result
 */
export function reportResult({ name, figure, unit, target = null }) {
  const met = target === null ? null : meetsTarget(figure, target);
  console.log(`BENCH_RESULT ${JSON.stringify({ name, figure, unit, target, met })}`);
}

function meetsTarget(figure, target) {
  const [, op, bound] = /^(<=|>=|<|>|=)\s*(-?[\d.]+)$/.exec(target) ?? [];
  if (!op) throw new Error(`target "${target}" is not a comparison such as '< 50'`);
  const b = Number(bound);
  if (!Number.isFinite(figure)) return false;
  return { '<': figure < b, '<=': figure <= b, '>': figure > b, '>=': figure >= b, '=': figure === b }[op];
}
