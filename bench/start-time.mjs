// How long `npm start` takes to answer HTTP on an existing data folder (target: under 3 s).
// Usage: node bench/start-time.mjs  (builds first if the build is out of date)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isBuildCurrent } from '../scripts/build-stamp.mjs';
import { median, reportResult, root, startServer, stopServer, waitForHealth } from './lib.mjs';

const port = 3301;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-start-'));
if (!isBuildCurrent()) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });

// First start creates the database; the measured starts reuse it.
const first = startServer({ port, dataDir, command: ['scripts/start.mjs'] });
await waitForHealth(port, 60_000);
await stopServer(first);

const times = [];
for (let i = 0; i < 5; i++) {
  const started = performance.now();
  const child = startServer({ port, dataDir, command: ['scripts/start.mjs'] });
  await waitForHealth(port);
  times.push(performance.now() - started);
  await stopServer(child);
}
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`npm start to first answer, existing data folder: median ${(median(times) / 1000).toFixed(2)} s`);
console.log(`runs: ${times.map((t) => (t / 1000).toFixed(2)).join(' s, ')} s (target < 3 s)`);
reportResult({
  name: 'npm start to first answer, median',
  figure: Number((median(times) / 1000).toFixed(2)),
  unit: 's',
  target: '< 3',
});
