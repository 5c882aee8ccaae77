import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createJobQueue, type JobQueue } from './job-queue';

/** The durable job queue other modules register handlers with: it works while the app is up. */
export function registerJobsModule(app: FastifyInstance, deps: { db: Database }): JobQueue {
  const jobs = createJobQueue(deps.db, app.log);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  return jobs;
}
