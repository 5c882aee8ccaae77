import type { SQL } from 'drizzle-orm';

/**
 * A connection or a transaction. Structural, not the Database type: client.ts imports the schema,
 * which includes db/stat-counters.ts, which reads through here.
 */
export type Queryable = { execute: (query: SQL) => PromiseLike<unknown> };

/** The rows of a raw SQL result, typed by the caller (the same shape on PGlite and PostgreSQL). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The rows of a raw SQL statement, typed by the caller. */
export const rows = async <T>(db: Queryable, query: SQL) => rowsOf<T>(await db.execute(query));
