import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column IN (ids)` with the ids as one JSON parameter. For long lists (export pages, imports)
 * building one placeholder per id in the query builder costs more than the query itself.
 */
export function inIdList(column: AnyColumn, ids: string[]): SQL {
  return sql`${column} in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid)`;
}
