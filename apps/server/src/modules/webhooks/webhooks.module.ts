import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { JobQueue } from '../jobs';
import type { LeadsService } from '../leads/leads.service';
import { createWebhooksRepository } from './webhooks.repository';
import { webhookAdminRoutes, webhookReceiverRoutes } from './webhooks.routes';
import { createWebhooksService, type WebhooksService } from './webhooks.service';

/**
 * Webhooks in (MailerLite's and the Standard Webhooks email events): verified, stored once,
 * applied to leads' email status in a job through the leads service; email health and stats.
 */
export async function registerWebhooksModule(
  app: FastifyInstance,
  deps: { db: Database; config: AppConfig; jobs: JobQueue; leads: LeadsService },
): Promise<WebhooksService> {
  const webhooks = createWebhooksService({
    repo: createWebhooksRepository(deps.db),
    jobs: deps.jobs,
    leads: deps.leads,
    secrets: deps.config.webhooks,
  });
  await app.register(webhookReceiverRoutes, { webhooks });
  await app.register(webhookAdminRoutes, { webhooks });
  return webhooks;
}
