import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { loggableError, pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors';
import { jobs, type JobRow } from './jobs.tables';

/** A claimed job, as its handler sees it. */
export type ClaimedJob = Pick<JobRow, 'id' | 'kind' | 'payload' | 'attempts' | 'maxAttempts'>;
export type JobHandler = (payload: Record<string, unknown>, job: ClaimedJob) => Promise<void>;

export type EnqueueOptions = {
  /** At most one queued job per (kind, dedupeKey): a second enqueue while one waits is a no-op. */
  dedupeKey?: string;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  maxAttempts?: number;
};

/** How long a running job's claim lasts before another worker may take it over (a crashed worker). */
const CLAIM_MS = 10 * 60_000;

/**
 * The durable job queue (see jobs.tables.ts). Jobs are rows; a worker claims the oldest ready
 * one with FOR UPDATE SKIP LOCKED, runs its handler, and marks it done, or queues it again with
 * a growing delay until its attempts run out (then failed, with the error kept). The same code
 * runs on PGlite and PostgreSQL.
 */
export function createJobQueue(db: Database, log: FastifyBaseLogger, options: { pollMs?: number } = {}) {
  const handlers = new Map<string, JobHandler>();
  const pollMs = options.pollMs ?? 1000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let wakeAgain = false;

  /** Claims the oldest ready job of a kind this worker handles (other kinds are left to their workers). */
  async function claim(): Promise<ClaimedJob | undefined> {
    if (handlers.size === 0) return undefined;
    const kinds = JSON.stringify([...handlers.keys()]);
    const result = (await db.execute(sql`
      update ${jobs} set status = 'running', attempts = attempts + 1,
        locked_until = now() + ${CLAIM_MS} * interval '1 millisecond'
      where id = (
        select id from ${jobs}
        where kind in (select jsonb_array_elements_text(${kinds}::jsonb))
          and ((status = 'queued' and run_after <= now())
            or (status = 'running' and locked_until < now()))
        order by run_after, id
        for update skip locked
        limit 1
      )
      returning id, kind, payload, attempts, max_attempts as "maxAttempts"`)) as unknown as {
      rows: Pick<JobRow, 'id' | 'kind' | 'payload' | 'attempts' | 'maxAttempts'>[];
    };
    const row = result.rows[0];
    return row ? { ...row, id: Number(row.id) } : undefined;
  }

  async function runOne(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job.payload, job);
      await db
        .update(jobs)
        .set({ status: 'done', finishedAt: new Date(), lockedUntil: null, lastError: null })
        .where(eq(jobs.id, job.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const finalAttempt = job.attempts >= job.maxAttempts;
      log.warn(
        { jobId: job.id, kind: job.kind, attempt: job.attempts, err: loggableError(error) },
        'job failed',
      );
      await db
        .update(jobs)
        .set(
          finalAttempt
            ? {
                status: 'failed',
                finishedAt: new Date(),
                lockedUntil: null,
                lastError: message.slice(0, 2000),
              }
            : {
                status: 'queued',
                lockedUntil: null,
                lastError: message.slice(0, 2000),
                runAfter: sql`now() + ${2 ** job.attempts * 1000} * interval '1 millisecond'`,
              },
        )
        .where(eq(jobs.id, job.id));
    }
  }

  /** Runs ready jobs one after another until none is left. */
  async function drain(): Promise<void> {
    do {
      wakeAgain = false;
      for (let job = await claim(); job && !stopped; job = await claim()) await runOne(job);
    } while (wakeAgain && !stopped);
  }

  function wake() {
    if (stopped) return;
    if (running) {
      wakeAgain = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => log.error({ err: loggableError(error) }, 'job queue poll failed'))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    register(kind: string, handler: JobHandler) {
      handlers.set(kind, handler);
    },

    /** Queues a job (durably) and wakes the worker. Answers the job id, or null when deduplicated. */
    async enqueue(kind: string, payload: Record<string, unknown> = {}, opts: EnqueueOptions = {}) {
      try {
        const [row] = await db
          .insert(jobs)
          .values({
            kind,
            payload,
            dedupeKey: opts.dedupeKey ?? null,
            maxAttempts: opts.maxAttempts ?? 3,
            runAfter: opts.delayMs ? sql`now() + ${opts.delayMs} * interval '1 millisecond'` : undefined,
          })
          .returning({ id: jobs.id });
        wake();
        return row!.id;
      } catch (error) {
        if (pgErrorCode(error) === UNIQUE_VIOLATION) return null;
        throw error;
      }
    },

    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    },

    /** Stops polling and waits for the job in hand to finish (its claim would lapse otherwise). */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },

    /** Resolves when no job of the kind is queued or running (tests and benchmarks). */
    async idle(kind?: string, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(and(sql`${jobs.status} in ('queued', 'running')`, kind ? eq(jobs.kind, kind) : undefined));
        if (!row?.n) return;
        if (Date.now() > until) throw new Error('Jobs still pending after the timeout');
        wake();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
