import type { FastifyInstance } from 'fastify';
import type { ChatService } from '../chat/chat.service';
import type { LeadsService } from '../leads/leads.service';
import type { SegmentsService } from '../segments/segments.service';
import { dashboardRoutes } from './dashboard.routes';

/** The dashboard's statistics: it owns no tables and reads the other modules' services. */
export async function registerDashboardModule(
  app: FastifyInstance,
  deps: { leads: LeadsService; chat: ChatService; segments: SegmentsService },
) {
  await app.register(dashboardRoutes, deps);
}
