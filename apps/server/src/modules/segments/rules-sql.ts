import type { CheckedCondition, CheckedGroup, RuleField } from '@lantern/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { leadRuleColumns } from '../leads';

/**
 * Segment rules as one SQL condition over the leads table (its columns as the leads module shows
 * them to rules: leadRuleColumns): every value is a bound parameter, never text spliced into the
 * query. The meanings (case-insensitive text, the first child's fields, nulls) are those of the
 * in-memory evaluator in @lantern/contracts (segment-rules.ts); rules-sql.test.ts holds the two to
 * the same answers on random leads and rules.
 */

// ASCII whitespace, as the in-memory evaluator's isBlank.
const BLANK = sql.raw(`'^[ \\t\\n\\r\\f\\v]*$'`);

function stringCondition(column: SQL, operator: string, value: string): SQL {
  const text = sql`coalesce(${column}, '')`;
  switch (operator) {
    case 'equals':
      return sql`lower(${text}) = lower(${value}::text)`;
    case 'not_equals':
      return sql`lower(${text}) <> lower(${value}::text)`;
    case 'contains':
      return sql`strpos(lower(${text}), lower(${value}::text)) > 0`;
    case 'not_contains':
      return sql`strpos(lower(${text}), lower(${value}::text)) = 0`;
    case 'is_empty':
      return sql`${text} ~ ${BLANK}`;
    case 'is_not_empty':
      return sql`${text} !~ ${BLANK}`;
    case 'matches_regex':
      return sql`${text} ~* ${value}::text`;
  }
  throw new Error(`Unknown string operator ${operator}`);
}

function numberCondition(column: SQL, operator: string, value: number): SQL {
  // Whole numbers compare as integers (no per-row cast of the column); others as numeric.
  const n = Number.isInteger(value) ? sql`${value}::bigint` : sql`${value}::numeric`;
  const compare = (op: string) => sql`coalesce(${column} ${sql.raw(op)} ${n}, false)`;
  switch (operator) {
    case 'equals':
      return compare('=');
    case 'not_equals':
      return compare('<>');
    case 'greater_than':
      return compare('>');
    case 'less_than':
      return compare('<');
    case 'greater_than_or_equal':
      return compare('>=');
    case 'less_than_or_equal':
      return compare('<=');
  }
  throw new Error(`Unknown number operator ${operator}`);
}

function arrayCondition(field: RuleField, column: SQL, operator: string, value: string | number): SQL {
  const has =
    field === 'all_ages'
      ? sql`exists (select 1 from unnest(${column}) as item where item = ${Number(value)}::numeric)`
      : sql`exists (select 1 from unnest(${column}) as item where lower(item) = lower(${String(value)}::text))`;
  switch (operator) {
    case 'contains':
      return has;
    case 'not_contains':
      return sql`not ${has}`;
    case 'is_empty':
      return sql`cardinality(${column}) = 0`;
    case 'is_not_empty':
      return sql`cardinality(${column}) > 0`;
  }
  throw new Error(`Unknown array operator ${operator}`);
}

function dateCondition(column: SQL, operator: string, value: string | number, now: Date): SQL {
  switch (operator) {
    case 'days_since':
      return sql`${column} <= ${now.toISOString()}::timestamptz - ${Number(value)} * interval '24 hours'`;
    case 'greater_than':
      return sql`(${column} at time zone 'UTC')::date > ${String(value)}::date`;
    case 'less_than':
      return sql`(${column} at time zone 'UTC')::date < ${String(value)}::date`;
  }
  throw new Error(`Unknown date operator ${operator}`);
}

export function conditionSql(c: CheckedCondition, now: Date): SQL {
  const column = leadRuleColumns[c.field];
  switch (c.type) {
    case 'string':
      return stringCondition(column, c.operator, c.value);
    case 'number':
      return numberCondition(column, c.operator, c.value);
    case 'array':
      return arrayCondition(c.field, column, c.operator, c.value);
    case 'date':
      return dateCondition(column, c.operator, c.value, now);
  }
}

/** A group as one condition; with no conditions it holds for no lead. */
export function groupSql(group: CheckedGroup, now: Date): SQL {
  if (group.conditions.length === 0) return sql`false`;
  const parts = group.conditions.map((c) => sql`(${conditionSql(c, now)})`);
  return sql`(${sql.join(parts, sql.raw(group.operator === 'AND' ? ' and ' : ' or '))})`;
}

/** "In the segment by its rules": the inclusion group holds and the exclusion group does not. */
export function segmentRulesSql(inclusion: CheckedGroup, exclusion: CheckedGroup, now: Date): SQL {
  return sql`(${groupSql(inclusion, now)} and not ${groupSql(exclusion, now)})`;
}
