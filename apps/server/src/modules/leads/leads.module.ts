import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { emailStatusRoutes } from './email-status.routes';
import type { LeadsChangedListener, LeadsCreatedListener } from './lead-changes';
import { createLeadsRepository } from './leads.repository';
import { leadsRoutes } from './leads.routes';
import {
  createLeadsService,
  type LeadConversationsReader,
  type LeadSegmentsReader,
  type LeadsService,
} from './leads.service';

/**
 * Leads and their children. It imports no other module: what it reads of segments and chat comes
 * in as readers, and it announces created and changed leads to the listeners it is given.
 */
export async function registerLeadsModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    /** Where the list, its counts and the exports read (a replica with DATABASE_READ_URL); else db. */
    read?: Database;
    segments: LeadSegmentsReader;
    chat: LeadConversationsReader;
    onLeadsChanged: LeadsChangedListener;
    onLeadsCreated: LeadsCreatedListener;
  },
): Promise<LeadsService> {
  const leads = createLeadsService({ ...deps, repo: createLeadsRepository(deps.db, deps.read) });
  await app.register(leadsRoutes, { leads });
  await app.register(emailStatusRoutes, { leads });
  return leads;
}
