import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { publicRoute } from '../../http/public-routes';

/** Liveness for load balancers and the start benchmark; says which database is in use, nothing more. */
export async function systemRoutes(app: FastifyInstance, opts: { database: DatabaseHandle }) {
  const config = publicRoute('liveness for load balancers');
  app.get('/healthz', { config, schema: { hide: true } }, async () => {
    await opts.database.db.execute(sql`select 1`);
    return { status: 'ok', database: opts.database.kind };
  });
}
