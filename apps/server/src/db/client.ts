import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** dataDir undefined means in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

/**
 * The node-postgres pool behind a PostgreSQL database (drizzle keeps it as `$client`), for what
 * only a raw connection can do (COPY); null on PGlite.
 */
export function poolOf(db: Database): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * The connection a node-postgres transaction runs on (drizzle's session keeps it), for COPY inside
 * that transaction; null on PGlite or outside a transaction.
 */
export function connectionOf(tx: unknown): pg.ClientBase | null {
  const client = (tx as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : null;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
    // An idle connection the server ends (a restart, a failover, an admin's terminate) is an event
    // of the pool, not a crash: the pool drops it and opens a new one on the next query.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    await pool.query('select 1');
    return {
      db: drizzlePg({ client: pool, schema }) as unknown as Database,
      kind: 'postgres',
      close: () => pool.end(),
    };
  }
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  // The extensions the migrations create must be loaded into PGlite first.
  const client = await PGlite.create(options.dataDir, { extensions: { pg_trgm, vector } });
  return {
    db: drizzlePglite({ client, schema }) as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
  };
}
