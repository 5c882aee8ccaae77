import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { MailerLiteClient } from '../../providers/mailerlite/mailerlite-client';
import type { JobQueue } from '../jobs';
import type { ConvertedConversationCounter } from './segment-analytics';
import { createSegmentsRepository } from './segments.repository';
import { segmentsRoutes } from './segments.routes';
import { createSegmentsService, REEVALUATE_JOB, type SegmentsService } from './segments.service';

/** Segments, their rules and memberships, and the job that re-evaluates every segment after a rule change. */
export async function registerSegmentsModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    /** Where reports read (segment analytics, the rule test): a replica when DATABASE_READ_URL is set. */
    read?: Database;
    jobs: JobQueue;
    mailerlite: MailerLiteClient | null;
    convertedConversations: ConvertedConversationCounter;
  },
): Promise<SegmentsService> {
  const { db, jobs, mailerlite, convertedConversations } = deps;
  const segments = createSegmentsService({
    repo: createSegmentsRepository(db),
    reports: deps.read && deps.read !== db ? createSegmentsRepository(deps.read) : undefined,
    jobs,
    mailerlite,
    log: app.log,
    convertedConversations,
  });
  jobs.register(REEVALUATE_JOB, () => segments.reevaluateAll());
  await app.register(segmentsRoutes, { segments });
  return segments;
}
