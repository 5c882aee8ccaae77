import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  /** The primary: every write, and every read that must see a write just made. */
  db: Database;
  /**
   * Where lists, reports, analytics and exports read: a streaming replica when DATABASE_READ_URL
   * is set (it may lag the primary by a moment), else the primary itself (`read === db`).
   */
  read: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export type DatabaseOptions =
  /** readUrl: a streaming replica of `url` for reads that may lag (DATABASE_READ_URL). */
  | { kind: 'postgres'; url: string; readUrl?: string; maxConnections?: number }
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

/** A node-postgres pool that survives the server ending an idle connection, checked with one query. */
async function openPool(url: string, max: number): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server ends (a restart, a failover, an admin's terminate) is an event
  // of the pool, not a crash: the pool drops it and opens a new one on the next query.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const max = options.maxConnections ?? 10;
    const pool = await openPool(options.url, max);
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    const readPool = options.readUrl ? await openPool(options.readUrl, max).catch(endFirst(pool)) : null;
    return {
      db,
      read: readPool ? (drizzlePg({ client: readPool, schema }) as unknown as Database) : db,
      kind: 'postgres',
      close: async () => {
        await Promise.all([pool.end(), readPool?.end()]);
      },
    };
  }
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  // The extensions the migrations create must be loaded into PGlite first.
  const client = await PGlite.create(options.dataDir, { extensions: { pg_trgm, btree_gin, vector } });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    read: db,
    kind: 'pglite',
    close: () => client.close(),
  };
}

/** Ends the primary's pool when the replica's cannot open, then fails as the replica did. */
const endFirst =
  (pool: pg.Pool) =>
  async (error: unknown): Promise<never> => {
    await pool.end();
    throw error;
  };

/** Whether reads go to a replica (DATABASE_READ_URL) rather than the primary. */
export const readsFromReplica = (handle: DatabaseHandle) => handle.read !== handle.db;
