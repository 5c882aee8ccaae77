import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { LeadsService } from '../leads/leads.service';
import { importsRoutes } from './imports.routes';
import { createImportsService } from './imports.service';
import { createLeadExportService } from './lead-export.service';

/** CSV import and export of leads, through the leads service. */
export async function registerImportsModule(
  app: FastifyInstance,
  deps: { db: Database; leads: LeadsService },
) {
  const { db, leads } = deps;
  await app.register(importsRoutes, {
    imports: createImportsService({ leads }),
    exporter: createLeadExportService({ db, leads }),
  });
}
