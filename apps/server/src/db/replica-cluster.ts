import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// For tests: a throwaway PostgreSQL primary and a streaming replica of it (pg_basebackup -R), with
// the PostgreSQL binaries of this machine, as scripts/postgres-cluster.mjs starts a single
// cluster. PostgreSQL refuses to run as root, so as root both run as the `postgres` user.

const BIN_DIRS = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'];

/** The folder of the PostgreSQL server binaries, or undefined when they are not installed. */
export function findPostgresBin(): string | undefined {
  return BIN_DIRS.find((dir) =>
    ['initdb', 'pg_ctl', 'pg_basebackup'].every((b) => fs.existsSync(path.join(dir, b))),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const isRoot = () => process.getuid?.() === 0;

function run(bin: string, args: string[]) {
  const [cmd, cmdArgs] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(cmd, cmdArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
}

export type ReplicaCluster = { primaryUrl: string; replicaUrl: string; stop: () => void };

/** Starts a primary and a hot-standby replica streaming from it; `stop` ends both and removes them. */
export async function startPrimaryAndReplica(): Promise<ReplicaCluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found (apt-get install -y postgresql-15)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-replica-'));
  if (isRoot()) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const started: string[] = [];
  const stop = () => {
    try {
      for (const dataDir of started.reverse())
        run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  const options = (port: number) =>
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  try {
    // initdb -A trust also trusts replication connections from 127.0.0.1; wal_level is replica.
    run(path.join(bin, 'initdb'), [
      '-D',
      primaryDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
    run(path.join(bin, 'pg_ctl'), [
      '-D',
      primaryDir,
      '-o',
      options(primaryPort),
      '-l',
      path.join(dir, 'primary.log'),
      '-w',
      'start',
    ]);
    started.push(primaryDir);
    // -R writes standby.signal and primary_conninfo: the copy starts as a streaming replica.
    run(path.join(bin, 'pg_basebackup'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    run(path.join(bin, 'pg_ctl'), [
      '-D',
      replicaDir,
      '-o',
      `${options(replicaPort)} -c hot_standby=on`,
      '-l',
      path.join(dir, 'replica.log'),
      '-w',
      'start',
    ]);
    started.push(replicaDir);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    stop,
  };
}
