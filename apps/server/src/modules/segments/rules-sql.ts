import type { CheckedCondition, CheckedGroup, RuleField } from '@lantern/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { leadRuleColumns } from '../leads';
import { regexLiterals } from './regex-literals';
import { leadRuleFacts as facts } from './segments.tables';

/**
 * Segment rules as one SQL condition over a lead's fields: every value is a bound parameter, never
 * text spliced into the query. The meanings (case-insensitive text, the first child's fields,
 * nulls) are those of the in-memory evaluator in @lantern/contracts (segment-rules.ts);
 * rules-sql.test.ts holds the two to the same answers on random leads and rules, over both
 * sources below.
 */

/** Where a rule reads a lead's fields. */
export type RuleSource = {
  /** The field as stored (text, numbers, dates, arrays). */
  column: (field: RuleField) => SQL;
  /**
   * The field ready for a case-insensitive comparison, when the source stores it so: a text field
   * as lower(coalesce(x, '')), an array field with every item lowered. Without it, computed per row.
   */
  lowered?: (field: RuleField) => SQL | undefined;
};

/** The leads table itself (its columns as the leads module shows them to rules: leadRuleColumns). */
export const leadsRuleSource: RuleSource = { column: (field) => leadRuleColumns[field] };

const FACT_COLUMNS: Readonly<Record<RuleField, SQL>> = {
  email: sql`${facts.email}`,
  parent_name: sql`${facts.parentName}`,
  phone: sql`${facts.phone}`,
  timeline: sql`${facts.timeline}`,
  biggest_concerns: sql`${facts.biggestConcerns}`,
  child_name: sql`${facts.childName}`,
  child_age: sql`${facts.childAge}`,
  lead_score: sql`${facts.leadScore}`,
  child_count: sql`${facts.childCount}`,
  // Arrays are stored lowered only: their rules ignore case, and lowering keeps their length.
  special_needs: sql`${facts.specialNeedsLc}`,
  current_support: sql`${facts.currentSupportLc}`,
  all_special_needs: sql`${facts.allSpecialNeedsLc}`,
  all_ages: sql`${facts.allAges}`,
  created_at: sql`${facts.createdAt}`,
};
const FACT_LOWERED: Readonly<Partial<Record<RuleField, SQL>>> = {
  email: sql`${facts.emailLc}`,
  parent_name: sql`${facts.parentNameLc}`,
  phone: sql`${facts.phoneLc}`,
  timeline: sql`${facts.timelineLc}`,
  biggest_concerns: sql`${facts.biggestConcernsLc}`,
  child_name: sql`${facts.childNameLc}`,
  special_needs: sql`${facts.specialNeedsLc}`,
  current_support: sql`${facts.currentSupportLc}`,
  all_special_needs: sql`${facts.allSpecialNeedsLc}`,
};

/**
 * The narrow projection of the leads that rules read (lead_rule_facts, migration 0021_rule_scan),
 * kept by triggers on leads in the statement that changes a lead: a rule test or a segment's
 * re-evaluation scans it instead of the wide leads table.
 */
export const factsRuleSource: RuleSource = {
  column: (field) => FACT_COLUMNS[field],
  lowered: (field) => FACT_LOWERED[field],
};

// ASCII whitespace, as the in-memory evaluator's BLANK: a text is blank when trimming these leaves
// nothing (the same answer as matching ^[ \t\n\r\f\v]*$, without a regular expression a row).
const BLANK = ' \t\n\r\f\v';

/**
 * A regular expression (case-insensitive, anywhere in the text). Over a lowered column, a search for
 * the literals it cannot match without (regex-literals.ts) comes first, so the expression runs only
 * where they are. The pattern is still compiled once for every query that reaches the condition
 * (the uncorrelated subquery), so one PostgreSQL refuses is refused as it was without the search.
 */
function regexCondition(text: SQL, lowered: SQL | undefined, pattern: string): SQL {
  const regex = sql`${text} ~* ${pattern}::text`;
  const literals = lowered ? regexLiterals(pattern) : null;
  if (!lowered || !literals) return regex;
  const found = literals.alternatives.map((literal) =>
    literals.anchored
      ? sql`starts_with(${lowered}, lower(${literal}::text))`
      : sql`strpos(${lowered}, lower(${literal}::text)) > 0`,
  );
  const compiled = sql`(select '' ~* ${pattern}::text) is not null`;
  return sql`(${compiled} and (${sql.join(found, sql` or `)}) and ${regex})`;
}

function stringCondition(column: SQL, lowered: SQL | undefined, operator: string, value: string): SQL {
  const text = sql`coalesce(${column}, '')`;
  const lower = lowered ?? sql`lower(${text})`;
  switch (operator) {
    case 'equals':
      return sql`${lower} = lower(${value}::text)`;
    case 'not_equals':
      return sql`${lower} <> lower(${value}::text)`;
    case 'contains':
      return sql`strpos(${lower}, lower(${value}::text)) > 0`;
    case 'not_contains':
      return sql`strpos(${lower}, lower(${value}::text)) = 0`;
    case 'is_empty':
      return sql`btrim(${text}, ${BLANK}::text) = ''`;
    case 'is_not_empty':
      return sql`btrim(${text}, ${BLANK}::text) <> ''`;
    case 'matches_regex':
      return regexCondition(text, lowered, value);
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

const INT4_MAX = 2 ** 31 - 1;

/** "The array holds this item": a subquery per row, or `@>` when the items are stored lowered. */
function arrayHas(field: RuleField, source: RuleSource, value: string | number): SQL {
  const column = source.column(field);
  if (field === 'all_ages') {
    const n = Number(value);
    if (source === leadsRuleSource)
      return sql`exists (select 1 from unnest(${column}) as item where item = ${n}::numeric)`;
    // Ages are integers: only a whole number in their range can be one of them (no subquery a row).
    return Number.isInteger(n) && Math.abs(n) <= INT4_MAX ? sql`(${column} @> array[${n}::int])` : sql`false`;
  }
  const lowered = source.lowered?.(field);
  // `@>` is false, never null, when the array holds a null item, as `exists` is.
  if (lowered) return sql`(${lowered} @> array[lower(${String(value)}::text)])`;
  return sql`exists (select 1 from unnest(${column}) as item where lower(item) = lower(${String(value)}::text))`;
}

function arrayCondition(field: RuleField, source: RuleSource, operator: string, value: string | number): SQL {
  const column = source.column(field);
  const has = arrayHas(field, source, value);
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

export function conditionSql(c: CheckedCondition, now: Date, source: RuleSource = leadsRuleSource): SQL {
  const column = source.column(c.field);
  switch (c.type) {
    case 'string':
      return stringCondition(column, source.lowered?.(c.field), c.operator, c.value);
    case 'number':
      return numberCondition(column, c.operator, c.value);
    case 'array':
      return arrayCondition(c.field, source, c.operator, c.value);
    case 'date':
      return dateCondition(column, c.operator, c.value, now);
  }
}

/**
 * How much a condition costs a row, roughly: PostgreSQL evaluates AND and OR left to right and
 * stops at the first answer that settles the group, but prices every operator alike, so a group
 * puts its cheap conditions first (a comparison before a text search before a regular expression,
 * which is several times any other over a million leads). The order changes no answer.
 */
function conditionCost(c: CheckedCondition, source: RuleSource): number {
  if (c.operator === 'matches_regex') return 4;
  if (c.operator === 'is_empty' || c.operator === 'is_not_empty') return 1; // a trim, a length
  if (c.type === 'string') return source.lowered?.(c.field) ? 2 : 3;
  if (c.type === 'array') return source === leadsRuleSource ? 3 : 1; // a subquery a row, or `@>`
  return 0;
}

/** A group as one condition; with no conditions it holds for no lead. */
export function groupSql(group: CheckedGroup, now: Date, source: RuleSource = leadsRuleSource): SQL {
  if (group.conditions.length === 0) return sql`false`;
  const ordered = group.conditions
    .map((c, i) => ({ c, i, cost: conditionCost(c, source) }))
    .sort((a, b) => a.cost - b.cost || a.i - b.i);
  const parts = ordered.map(({ c }) => sql`(${conditionSql(c, now, source)})`);
  return sql`(${sql.join(parts, sql.raw(group.operator === 'AND' ? ' and ' : ' or '))})`;
}

/** "In the segment by its rules": the inclusion group holds and the exclusion group does not. */
export function segmentRulesSql(
  inclusion: CheckedGroup,
  exclusion: CheckedGroup,
  now: Date,
  source: RuleSource = leadsRuleSource,
): SQL {
  return sql`(${groupSql(inclusion, now, source)} and not ${groupSql(exclusion, now, source)})`;
}
