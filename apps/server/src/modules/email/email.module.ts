import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { EmailProvider } from '../../providers/email/email-provider';
import type { JobQueue } from '../jobs';
import { emailRoutes } from './email.routes';
import { createEmailService, type EmailService } from './email.service';

/** The outbox of every email, sent by a job through the configured provider. */
export async function registerEmailModule(
  app: FastifyInstance,
  deps: { db: Database; provider: EmailProvider; jobs: JobQueue },
): Promise<EmailService> {
  const email = createEmailService({ ...deps, log: app.log });
  await app.register(emailRoutes, { email });
  return email;
}
