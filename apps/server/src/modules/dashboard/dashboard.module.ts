import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { LeadsService } from '../leads/leads.service';
import type { SegmentsService } from '../segments/segments.service';
import { dashboardRoutes } from './dashboard.routes';

/**
 * The dashboard's statistics: it owns no tables. Its figures that a scan cannot give fast at a
 * million leads are the counters the database keeps (db/stat-counters.ts), read where reports read
 * (`read`, a replica with DATABASE_READ_URL) and folded on the primary (`db`).
 */
export async function registerDashboardModule(
  app: FastifyInstance,
  deps: { db: Database; read: Database; leads: LeadsService; segments: SegmentsService },
) {
  await app.register(dashboardRoutes, deps);
}
