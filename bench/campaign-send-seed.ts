// The send benchmark's (bench/campaign-send.ts) harness: a throwaway PostgreSQL cluster on a chosen
// port (its postmaster known, so its CPU can be counted), one database per run, families seeded by
// SQL straight into the tables (never through the API), and what /proc says of a process (CPU, RSS).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findPostgresBin } from '../scripts/postgres-cluster.mjs';

const isRoot = process.getuid?.() === 0;

function runAsPostgres(bin: string, args: string[]) {
  const [cmd, cmdArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(cmd, cmdArgs as string[], { stdio: ['ignore', 'ignore', 'inherit'] });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export type Cluster = {
  /** The cluster's `postgres` database (create the others from it). */
  url: string;
  urlOf: (database: string) => string;
  /** The postmaster's process id: its CPU and its children's is PostgreSQL's share. */
  postmasterPid: () => number;
  stop: () => void;
};

/**
 * A PostgreSQL 15 (or 16, 17) cluster in a temporary folder, as scripts/postgres-cluster.mjs starts
 * one, but on `port` (0: a free one) and with fsync as asked (on: as in production).
 */
export async function startCluster(options: { port: number; fsync: boolean }): Promise<Cluster> {
  const binDir = findPostgresBin();
  if (!binDir) throw new Error('PostgreSQL server binaries not found (apt-get install -y postgresql-15)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-send-pg-'));
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  const port = options.port || (await freePort());
  runAsPostgres(path.join(binDir, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const opts = [
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
    `-c fsync=${options.fsync ? 'on' : 'off'} -c shared_buffers=256MB`,
  ].join(' ');
  runAsPostgres(path.join(binDir, 'pg_ctl'), [
    '-D',
    dataDir,
    '-o',
    opts,
    '-l',
    path.join(dir, 'log'),
    '-w',
    'start',
  ]);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    postmasterPid: () => Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        runAsPostgres(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export async function createDatabase(cluster: Cluster, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  return cluster.urlOf(name);
}

/** Every seeded family's address, in order: family{n}@{domain}. */
export const familyEmail = (n: number, domain: string) => `family${n}@${domain}`;

/**
 * `count` subscribed families (one child each, the fields a campaign personalises filled) with
 * distinct addresses family1..family{count}@{domain}, in one INSERT ... SELECT inside PostgreSQL,
 * then their memberships of `segmentId` (all of them) and of `warmUpSegmentId` (the first
 * `warmUp`), then ANALYZE.
 */
export async function seedFamilies(
  url: string,
  options: { count: number; domain: string; segmentId: string; warmUpSegmentId?: string; warmUp?: number },
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into leads (email, parent_name, phone, timeline, email_status, child_count, first_child_name,
         first_child_age, first_child_special_needs, all_special_needs, all_ages, search_text)
       select 'family' || n || '@' || $2::text, 'Parent ' || n, '(555) 010-' || lpad((n % 10000)::text, 4, '0'),
         (array['Immediately','Next semester','In a Few Months','Just exploring'])[1 + n % 4], 'subscribed', 1,
         'Child ' || n, 5 + n % 12,
         array[(array['ADHD','Autism','Dyslexia','Anxiety'])[1 + n % 4]],
         array[(array['ADHD','Autism','Dyslexia','Anxiety'])[1 + n % 4]], array[5 + n % 12],
         'parent ' || n || ' family' || n || '@' || $2::text
       from generate_series(1, $1::int) n`,
      [options.count, options.domain],
    );
    const members = (segmentId: string, upTo: number) =>
      client.query(
        `insert into lead_segments (lead_id, segment_id, assignment)
         select id, $1::uuid, 'manual' from leads
         where email like 'family%@' || $3::text
           and split_part(substr(email, 7), '@', 1)::int <= $2::int`,
        [segmentId, upTo, options.domain],
      );
    await members(options.segmentId, options.count);
    if (options.warmUpSegmentId) await members(options.warmUpSegmentId, options.warmUp ?? 0);
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

// /proc: CPU seconds and resident memory of a process (Linux).
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The fields of /proc/<pid>/stat after the command name: [0] is field 3 (state). */
function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // it has exited
  }
}

/** User + system CPU seconds of a process (with `children`: of its ended children too). */
export function cpuSeconds(pid: number, children = false): number {
  const f = statFields(pid);
  if (!f) return 0;
  const ticks = Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
  return ticks / ticksPerSecond;
}

/**
 * PostgreSQL's CPU seconds: the postmaster, its ended children (cutime, cstime) and its live
 * children (the backends serving the servers, the checkpointer, the WAL writer...).
 */
export function postgresCpuSeconds(postmasterPid: number): number {
  let ticks = 0;
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const f = statFields(Number(name));
    if (f && Number(f[1]) === postmasterPid) ticks += Number(f[11]) + Number(f[12]);
  }
  // cutime and cstime hold only the children already reaped: live ones count once.
  return cpuSeconds(postmasterPid, true) + ticks / ticksPerSecond;
}

/** Resident memory (VmRSS) in MB; NaN once the process has exited. */
export function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/**
 * Seconds the process's threads spent runnable but waiting for a CPU (/proc/<pid>/task/<tid>/schedstat,
 * its second field): on a busy machine, the time lost to the other programs.
 */
export function cpuWaitSeconds(pid: number): number {
  let ns = 0;
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]);
      } catch {
        // the thread ended
      }
    }
  } catch {
    return 0; // it has exited
  }
  return ns / 1e9;
}
