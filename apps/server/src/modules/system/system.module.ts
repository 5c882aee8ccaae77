import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { systemRoutes } from './system.routes';

/** The health check. */
export async function registerSystemModule(app: FastifyInstance, deps: { database: DatabaseHandle }) {
  await app.register(systemRoutes, { database: deps.database });
}
