// Starts and stops a throwaway PostgreSQL cluster for tests (initdb + pg_ctl on a free port).
// PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const BIN_DIRS = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'];

export function findPostgresBin() {
  return BIN_DIRS.find((dir) => fs.existsSync(path.join(dir, 'initdb')));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function run(bin, args, asUser) {
  const isRoot = process.getuid?.() === 0;
  const [cmd, cmdArgs] = isRoot ? ['runuser', ['-u', asUser, '--', bin, ...args]] : [bin, args];
  execFileSync(cmd, cmdArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Returns { url, stop }. */
export async function startCluster() {
  const binDir = findPostgresBin();
  if (!binDir) throw new Error('PostgreSQL server binaries not found (apt-get install -y postgresql-15)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-pg-'));
  const isRoot = process.getuid?.() === 0;
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  run(
    path.join(binDir, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8'],
    'postgres',
  );
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  run(
    path.join(binDir, 'pg_ctl'),
    ['-D', dataDir, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start'],
    'postgres',
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop'], 'postgres');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
