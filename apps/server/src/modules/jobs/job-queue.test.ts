import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, type TestApp } from '../../test/test-app';
import { createJobQueue } from './job-queue';

const silent = pino({ level: 'silent' });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const jobsOf = (kind: string) =>
  queryRows(t.database, sql`select status, attempts, last_error from jobs where kind = ${kind} order by id`);

describe('job queue', () => {
  it('keeps a job queued while no worker runs, and runs it once a worker starts (a restart loses nothing)', async () => {
    const before = createJobQueue(t.database.db, silent, { pollMs: 20 });
    await before.enqueue('test.durable', { n: 1 });
    expect(await jobsOf('test.durable')).toMatchObject([{ status: 'queued', attempts: 0 }]);

    // A "restarted" process: a new queue over the same database.
    const seen: unknown[] = [];
    const after = createJobQueue(t.database.db, silent, { pollMs: 20 });
    after.register('test.durable', async (payload) => {
      seen.push(payload);
    });
    after.start();
    await after.idle('test.durable');
    await after.stop();
    expect(seen).toEqual([{ n: 1 }]);
    expect(await jobsOf('test.durable')).toMatchObject([{ status: 'done', attempts: 1 }]);
  });

  it('retries a failing job, then marks it failed with the reason after its last attempt', async () => {
    const queue = createJobQueue(t.database.db, silent, { pollMs: 20 });
    let calls = 0;
    queue.register('test.flaky', async () => {
      calls++;
      if (calls === 1) throw new Error('first try fails');
    });
    queue.register('test.broken', async () => {
      throw new Error('always broken');
    });
    queue.start();
    await queue.enqueue('test.flaky');
    await queue.enqueue('test.broken', {}, { maxAttempts: 1 });
    await queue.idle('test.broken');
    await queue.idle('test.flaky');
    await queue.stop();
    expect(calls).toBe(2);
    expect(await jobsOf('test.flaky')).toMatchObject([{ status: 'done', attempts: 2 }]);
    expect(await jobsOf('test.broken')).toMatchObject([
      { status: 'failed', attempts: 1, last_error: 'always broken' },
    ]);
  });

  it('keeps one queued job per dedupe key', async () => {
    const queue = createJobQueue(t.database.db, silent);
    const first = await queue.enqueue('test.dedupe', {}, { dedupeKey: 'all' });
    const second = await queue.enqueue('test.dedupe', {}, { dedupeKey: 'all' });
    expect(first).toEqual(expect.any(Number));
    expect(second).toBeNull();
    expect(await jobsOf('test.dedupe')).toHaveLength(1);
  });

  it('gives two workers different jobs, never the same one', async () => {
    const ran: number[] = [];
    const make = () => {
      const q = createJobQueue(t.database.db, silent, { pollMs: 10 });
      q.register('test.shared', async (payload) => {
        ran.push(payload.n as number);
        await new Promise((r) => setTimeout(r, 5));
      });
      return q;
    };
    const a = make();
    const b = make();
    for (let n = 0; n < 20; n++) await a.enqueue('test.shared', { n });
    a.start();
    b.start();
    await a.idle('test.shared');
    await Promise.all([a.stop(), b.stop()]);
    expect(ran.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });

  it('takes over a job whose worker died mid-run once its claim lapses', async () => {
    const queue = createJobQueue(t.database.db, silent, { pollMs: 20 });
    await queue.enqueue('test.orphan');
    // A worker claimed it and vanished: running, claim already expired.
    await t.database.db.execute(
      sql`update jobs set status = 'running', attempts = 1, locked_until = now() - interval '1 second' where kind = 'test.orphan'`,
    );
    let ran = false;
    queue.register('test.orphan', async () => {
      ran = true;
    });
    queue.start();
    await queue.idle('test.orphan');
    await queue.stop();
    expect(ran).toBe(true);
    expect(await jobsOf('test.orphan')).toMatchObject([{ status: 'done', attempts: 2 }]);
  });
});
