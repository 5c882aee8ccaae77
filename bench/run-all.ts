// Every benchmark of bench/ as one suite: each runs as its own process, exactly as its header says,
// then one table of its figures (BENCH_RESULT lines, see reportResult in lib.mjs), their targets,
// whether they were met, and how busy the machine was. Builds first when the build is out of date.
// --quick: the benchmarks with `quick` arguments in BENCHMARKS below, some at smaller sizes (about
// five minutes on 2 cores); figures at smaller sizes are indicative, the targets are for the full ones.
// A benchmark that fails (exit code not 0, or no figure) is reported as such, the others still run,
// and the suite exits 1 at the end. A target not met is reported, not a failure.
// --scale 1m: instead, issue 25's figures at 1,000,000 leads and 2,000,000 conversations on
// PostgreSQL (bench/scale.ts, which seeds them in minutes); --scale 100k for a smaller rehearsal.
// Usage: npm run bench [-- --quick] [-- --only leads-list,enrollment] [-- --no-build] [-- --scale 1m]
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { isBuildCurrent } from '../scripts/build-stamp.mjs';
import { root } from './lib.mjs';

/** `args`: its arguments whatever the mode (the --scale run's). */
type Benchmark = { file: string; quick?: string[]; args?: string[] };

/** In the order they run; `quick` is the arguments in the --quick subset (absent: not in it). */
const BENCHMARKS: Benchmark[] = [
  { file: 'login-bundle-size.mjs', quick: [] },
  { file: 'widget-size.mjs', quick: [] },
  { file: 'templates-bundle.mjs', quick: [] },
  { file: 'campaigns-bundle.mjs', quick: [] },
  { file: 'template-render.ts', quick: ['--recipients', '2000'] },
  { file: 'start-time.mjs', quick: [] },
  { file: 'auth-throughput.mjs', quick: [] },
  { file: 'widget-launcher.ts', quick: [] },
  { file: 'widget-preview-latency.ts', quick: [] },
  { file: 'widget-image-upload.ts', quick: ['--runs', '3'] },
  { file: 'leads-list.ts', quick: ['--leads', '10000'] },
  { file: 'segment-rules.ts', quick: ['--leads', '10000'] },
  { file: 'analytics.ts', quick: ['--conversations', '10000', '--runs', '10'] },
  { file: 'campaigns.ts', quick: ['--leads', '15000', '--runs', '10'] },
  {
    file: 'campaign-send.ts',
    quick: ['--only', 'speed,kill,two,unsub', '--recipients', '3000', '--unsub-recipients', '1000'],
  },
  {
    file: 'campaign-results.ts',
    quick: ['--seconds', '10', '--campaigns', '500', '--recipients', '500000', '--runs', '10'],
  },
  { file: 'enrollment.ts', quick: ['--submissions', '600'] },
  { file: 'chat-engine.ts', quick: ['--conversations', '50'] },
  { file: 'knowledge-ingest.ts', quick: [] },
  { file: 'knowledge-search.ts', quick: ['--chunks', '10000', '--vector-chunks', '2000'] },
  { file: 'import-export.ts' }, // seeds 100,000 leads, no smaller size
  { file: 'knowledge-eval.ts' }, // every handbook, format and question to the chatbot
  { file: 'knowledge-eval-http.ts' },
];

type BenchResult = {
  name: string;
  figure: number;
  unit: string;
  target: string | null;
  met: boolean | null;
};
type Run = {
  command: string;
  /** The exit code, or the signal that ended it, or null when it could not start. */
  code: number | string | null;
  seconds: number;
  load: [number, number];
  results: BenchResult[];
};

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    scale: { type: 'string' },
  },
});
const only = values.only?.split(',').map((name) => name.replace(/\.(ts|mjs)$/, ''));
const unknown = only?.filter((name) => !BENCHMARKS.some((b) => b.file.startsWith(`${name}.`)));
if (unknown?.length) {
  console.error(
    `No benchmark named ${unknown.join(', ')}; there are ${BENCHMARKS.map((b) => b.file).join(', ')}`,
  );
  process.exit(2);
}
// --only names them (with --quick, at their quick sizes where they have some); else --quick's subset or all.
const chosen = values.scale
  ? [{ file: 'scale.ts', args: ['--scale', values.scale] }]
  : BENCHMARKS.filter((b) =>
      only ? only.some((name) => b.file.startsWith(`${name}.`)) : !values.quick || b.quick,
    );

const oneMinuteLoad = () => os.loadavg()[0]!;
const loadAtStart = os.loadavg();
let peakLoad = oneMinuteLoad();
const sampler = setInterval(() => (peakLoad = Math.max(peakLoad, oneMinuteLoad())), 5_000).unref();
const started = performance.now();

const failures: string[] = [];
let buildSeconds = 0;
if (!values['no-build'] && !isBuildCurrent()) {
  console.log('The build is out of date: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  buildSeconds = (performance.now() - started) / 1000;
  if (build.status !== 0)
    failures.push(`npm run build exited ${build.status}: the benchmarks ran on the previous build`);
}

const runs: Run[] = [];
/** The benchmark running now: its own process group does not get the terminal's Ctrl-C, so pass it on. */
let running: number | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (running) endGroup(running, signal);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
for (const [i, bench] of chosen.entries()) {
  const args = bench.args ?? ((values.quick && bench.quick) || []);
  const command = [bench.file.endsWith('.ts') ? 'npx tsx' : 'node', `bench/${bench.file}`, ...args].join(' ');
  console.log(`\n## ${command} (${i + 1} of ${chosen.length})`);
  const run = await runBenchmark(bench.file, args, command);
  runs.push(run);
  if (run.code !== 0) failures.push(`${command} exited ${run.code}`);
  else if (!run.results.length) failures.push(`${command} reported no figure`);
}
clearInterval(sampler);

console.log(`\n${table(runs)}\n`);
const minutes = (performance.now() - started) / 60_000;
const loads = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
console.log(
  `${values.quick ? 'Quick suite' : 'Suite'}: ${runs.length} benchmark${runs.length === 1 ? '' : 's'} in ${minutes.toFixed(1)} min ` +
    `${buildSeconds ? `(the build first: ${Math.round(buildSeconds)} s) ` : ''}on ` +
    `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}); load average (1/5/15 min) ` +
    `${loads(loadAtStart)} at the start, ${loads(os.loadavg())} at the end, 1-min peak ${peakLoad.toFixed(2)}.`,
);
const leftOut = BENCHMARKS.filter((b) => values.quick && !b.quick && !only).map((b) => b.file);
if (leftOut.length) console.log(`Not in --quick: ${leftOut.join(', ')}.`);
const notMet = runs.flatMap((r) => r.results).filter((r) => r.met === false).length;
console.log(`${notMet} figure(s) not meeting their target; ${failures.length} failure(s).`);
for (const failure of failures) console.log(`  FAILED: ${failure}`);
if (failures.length) process.exitCode = 1;

/** Ends what is left of a benchmark's process group, if anything. */
function endGroup(pid: number, signal: NodeJS.Signals = 'SIGTERM') {
  try {
    process.kill(-pid, signal);
  } catch {
    // nothing left
  }
}

/** Runs one benchmark, its output passed through, and collects its BENCH_RESULT lines. */
async function runBenchmark(file: string, args: string[], command: string): Promise<Run> {
  const [bin, binArgs] = file.endsWith('.ts')
    ? [path.join(root, 'node_modules/.bin/tsx'), [`bench/${file}`, ...args]]
    : [process.execPath, [`bench/${file}`, ...args]];
  const loadBefore = oneMinuteLoad();
  const t0 = performance.now();
  // In a process group of its own, so that what it leaves behind (a server it started and did not
  // stop because it failed) ends with it.
  const child = spawn(bin, binArgs, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  running = child.pid;
  const results: BenchResult[] = [];
  const lines = readline.createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    console.log(line);
    const json = /^BENCH_RESULT (.+)$/.exec(line)?.[1];
    if (!json) return;
    try {
      results.push(JSON.parse(json) as BenchResult);
    } catch {
      console.error(`${command}: unreadable BENCH_RESULT line`);
    }
  });
  const code = await new Promise<Run['code']>((resolve) => {
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(null);
    });
    child.on('exit', () => endGroup(child.pid!));
    child.on('close', (exitCode, signal) => resolve(exitCode ?? signal));
  });
  running = undefined;
  const seconds = (performance.now() - t0) / 1000;
  return { command, code, seconds, load: [loadBefore, oneMinuteLoad()], results };
}

/** The markdown table: one row per figure, the benchmark's command, time and load on its first. */
function table(runs: Run[]) {
  const rows = [
    '| benchmark | figure | value | target | met | time (1-min load at start → end) |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const run of runs) {
    const about = `${Math.round(run.seconds)} s (load ${run.load.map((l) => l.toFixed(2)).join(' → ')})`;
    const failed =
      run.code !== 0 ? `FAILED (exit ${run.code})` : !run.results.length ? 'FAILED (no figure)' : '';
    const cells = run.results.map((r) => [
      r.name,
      `${r.figure}${r.unit ? ` ${r.unit}` : ''}`,
      r.target === null ? '' : `${r.target}${r.unit ? ` ${r.unit}` : ''}`,
      r.met === null ? '—' : r.met ? 'yes' : '**no**',
    ]);
    if (failed) cells.push(['—', '—', '—', `**${failed}**`]);
    cells.forEach((cell, i) =>
      rows.push(`| ${i ? '' : `\`${run.command}\``} | ${cell.join(' | ')} | ${i ? '' : about} |`),
    );
  }
  return rows.join('\n');
}
