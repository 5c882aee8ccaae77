import type { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The rows of a raw SQL statement, typed by the caller (the same on PGlite and PostgreSQL). */
export const rows = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
