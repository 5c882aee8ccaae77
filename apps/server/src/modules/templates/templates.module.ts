import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createTemplatesRepository } from './templates.repository';
import { templatesRoutes } from './templates.routes';
import { createTemplatesService, type TemplatesService } from './templates.service';

/** Email templates: the calls of spec 7.6, and the rendering campaigns send with (prepareEmail, renderForRecipient, recordUse). */
export async function registerTemplatesModule(
  app: FastifyInstance,
  deps: { db: Database },
): Promise<TemplatesService> {
  const templates = createTemplatesService({ repo: createTemplatesRepository(deps.db) });
  await app.register(templatesRoutes, { templates });
  return templates;
}
