import { ADMIN_SPECIAL_NEEDS, ADMIN_TIMELINES, CURRENT_SUPPORT_OPTIONS } from './lead-options';
import type { LeadChild } from './leads';

/**
 * Segment rules (spec document 3, section 3.1): what each field means, which operators it takes,
 * how a value is checked, and a plain in-memory evaluator. The server compiles the same rules to
 * SQL (apps/server/src/modules/segments/rules-sql.ts); a property test holds the two to the same
 * answers.
 *
 * Meanings, for staff and for both evaluators:
 * - child_name, child_age, special_needs, current_support are the first child's;
 *   all_special_needs, all_ages and child_count look at every child.
 * - Text comparisons ignore case; an empty text field counts as ''. Regular expressions match
 *   anywhere in the text, ignoring case (a bounded, portable subset: see regexProblem).
 * - A number comparison with no number (a child without an age) is false, whatever the operator.
 * - Dates: days_since N means created N or more days ago; greater_than / less_than compare the
 *   calendar day (UTC) with a YYYY-MM-DD value, after / before it.
 */

export const RULE_FIELD_TYPES = {
  email: 'string',
  parent_name: 'string',
  child_name: 'string',
  child_age: 'number',
  lead_score: 'number',
  timeline: 'string',
  special_needs: 'array',
  current_support: 'array',
  phone: 'string',
  biggest_concerns: 'string',
  created_at: 'date',
  all_special_needs: 'array',
  child_count: 'number',
  all_ages: 'array',
} as const;
export type RuleField = keyof typeof RULE_FIELD_TYPES;
export type RuleFieldType = (typeof RULE_FIELD_TYPES)[RuleField] | 'boolean';
export const RULE_FIELDS = Object.keys(RULE_FIELD_TYPES) as RuleField[];

export const RULE_FIELD_LABELS: Record<RuleField, string> = {
  email: 'Email',
  parent_name: 'Parent name',
  child_name: 'Child name (first child)',
  child_age: 'Child age (first child)',
  lead_score: 'Lead score',
  timeline: 'Timeline',
  special_needs: 'Special needs (first child)',
  current_support: 'Current support (first child)',
  phone: 'Phone',
  biggest_concerns: 'Biggest concerns',
  created_at: 'Created',
  all_special_needs: 'Special needs (any child)',
  child_count: 'Number of children',
  all_ages: 'Ages (any child)',
};

export const RULE_OPERATORS = {
  string: ['equals', 'not_equals', 'contains', 'not_contains', 'is_empty', 'is_not_empty', 'matches_regex'],
  number: [
    'equals',
    'not_equals',
    'greater_than',
    'less_than',
    'greater_than_or_equal',
    'less_than_or_equal',
  ],
  array: ['contains', 'not_contains', 'is_empty', 'is_not_empty'],
  date: ['days_since', 'greater_than', 'less_than'],
  boolean: ['equals'],
} as const satisfies Record<RuleFieldType, readonly string[]>;
export type RuleOperator = (typeof RULE_OPERATORS)[keyof typeof RULE_OPERATORS][number];

export const RULE_OPERATOR_LABELS: Record<RuleOperator, string> = {
  equals: 'equals',
  not_equals: 'does not equal',
  contains: 'contains',
  not_contains: 'does not contain',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
  matches_regex: 'matches pattern',
  greater_than: 'is greater than',
  less_than: 'is less than',
  greater_than_or_equal: 'is at least',
  less_than_or_equal: 'is at most',
  days_since: 'days since is at least',
};
/** Date operators read differently: after / before a day. */
export const DATE_OPERATOR_LABELS: Partial<Record<RuleOperator, string>> = {
  days_since: 'at least N days ago',
  greater_than: 'is after',
  less_than: 'is before',
};

/** Fields whose values come from a dropdown of the admin option lists. */
export const RULE_VALUE_OPTIONS: Partial<Record<RuleField, readonly string[]>> = {
  special_needs: ADMIN_SPECIAL_NEEDS,
  all_special_needs: ADMIN_SPECIAL_NEEDS,
  timeline: ADMIN_TIMELINES,
  current_support: CURRENT_SUPPORT_OPTIONS,
};

export const VALUELESS_OPERATORS: readonly string[] = ['is_empty', 'is_not_empty'];
export const RULE_GROUP_OPERATORS = ['AND', 'OR'] as const;
export const MAX_RULE_CONDITIONS = 20;
export const MAX_RULE_TEXT = 200;
export const MAX_REGEX_REPEAT = 100;

export type RuleValue = string | number | null | undefined;
export type RuleCondition = { field: string; operator: string; value?: RuleValue };
export type RuleGroup = { operator: string; conditions: RuleCondition[] };

/** A condition checked and typed: what both evaluators run. */
export type CheckedCondition =
  | { field: RuleField; type: 'string'; operator: RuleOperator; value: string }
  | { field: RuleField; type: 'number'; operator: RuleOperator; value: number }
  | { field: RuleField; type: 'array'; operator: RuleOperator; value: string | number }
  | { field: RuleField; type: 'date'; operator: RuleOperator; value: string | number };
export type CheckedGroup = { operator: 'AND' | 'OR'; conditions: CheckedCondition[] };

export const isRuleField = (field: string): field is RuleField => Object.hasOwn(RULE_FIELD_TYPES, field);

export function operatorsFor(field: string): readonly RuleOperator[] {
  return isRuleField(field) ? RULE_OPERATORS[RULE_FIELD_TYPES[field]] : [];
}

const ALLOWED_ESCAPES = new Set('dDwWsS.^$|?*+()[]{}\\/-'.split(''));

/**
 * Why a pattern is refused, or null. Patterns are a portable subset that means the same to
 * JavaScript and to PostgreSQL's regular expressions: no lookarounds, back-references, word
 * boundaries, POSIX classes or named groups; repeats of at most 100; 200 characters at most.
 */
export function regexProblem(pattern: string): string | null {
  if (pattern.length > MAX_RULE_TEXT) return `Pattern is longer than ${MAX_RULE_TEXT} characters`;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '\\') {
      const next = pattern[i + 1];
      if (next === undefined) return 'Pattern ends with a lone backslash';
      if (!ALLOWED_ESCAPES.has(next)) return `Pattern uses an unsupported escape \\${next}`;
      i++;
    } else if (char === '(' && pattern[i + 1] === '?') {
      return 'Pattern uses a special group (?...), which is not supported';
    } else if (char === '{') {
      const bound = /^\{(\d{1,3})(,(\d{0,3}))?\}/.exec(pattern.slice(i));
      if (!bound) return 'Pattern has a { that is not a repeat like {2} or {1,3}';
      const numbers = [bound[1], bound[3]].filter(Boolean).map(Number);
      if (numbers.some((n) => n > MAX_REGEX_REPEAT))
        return `Pattern repeats more than ${MAX_REGEX_REPEAT} times`;
      if (bound[3] && Number(bound[3]) < Number(bound[1])) return 'Pattern has a repeat {n,m} with m below n';
      i += bound[0].length - 1;
    } else if (char === '}') {
      return 'Pattern has a } without its {';
    } else if (char === '[') {
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') return 'Pattern has an empty character class []';
      for (; j < pattern.length && pattern[j] !== ']'; j++) {
        if (pattern[j] === '\\') {
          const escaped = pattern[j + 1] ?? '';
          // PostgreSQL refuses \D, \S and \W inside brackets.
          if (!ALLOWED_ESCAPES.has(escaped) || 'DSW'.includes(escaped))
            return 'Pattern uses an unsupported escape in [...]';
          j++;
        } else if (pattern[j] === '[') return 'Pattern uses [ inside [...], which is not supported';
      }
      if (j >= pattern.length) return 'Pattern has a [ without its ]';
      i = j;
    }
  }
  try {
    new RegExp(pattern, 'is');
  } catch {
    return 'Pattern is not a valid regular expression';
  }
  return null;
}

const DAY_MS = 86_400_000;
/** Blank text: only ASCII whitespace (the SQL side uses the same class). */
const BLANK = /^[ \t\n\r\f\v]*$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function asNumber(value: RuleValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

/**
 * Checks one rule group. Answers the typed group, or the first problem in words that name the
 * rule ("Inclusion rule 2: ..."), as the editor shows them (spec 5.1).
 */
export function checkRuleGroup(
  group: RuleGroup | null | undefined,
  kind: 'inclusion' | 'exclusion',
): { group: CheckedGroup } | { problem: string } {
  const Kind = kind === 'inclusion' ? 'Inclusion' : 'Exclusion';
  if (!group) return { group: { operator: kind === 'inclusion' ? 'AND' : 'OR', conditions: [] } };
  if (group.operator !== 'AND' && group.operator !== 'OR')
    return { problem: `${kind} rules must have AND or OR operator` };
  if (group.conditions.length > MAX_RULE_CONDITIONS)
    return { problem: `${Kind} rules: at most ${MAX_RULE_CONDITIONS} conditions` };
  const conditions: CheckedCondition[] = [];
  for (const [index, c] of group.conditions.entries()) {
    const at = `${Kind} rule ${index + 1}`;
    if (!c.field) return { problem: `${at}: Field is required` };
    if (!isRuleField(c.field)) return { problem: `${at}: unknown field ${c.field}` };
    if (!c.operator) return { problem: `${at}: Operator is required` };
    const type = RULE_FIELD_TYPES[c.field];
    const operator = c.operator as RuleOperator;
    if (!(RULE_OPERATORS[type] as readonly string[]).includes(operator))
      return { problem: `${at}: ${RULE_FIELD_LABELS[c.field]} cannot use the operator ${c.operator}` };
    if (VALUELESS_OPERATORS.includes(operator)) {
      conditions.push({ field: c.field, type, operator, value: '' } as CheckedCondition);
      continue;
    }
    const raw = c.value;
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === ''))
      return { problem: `${at}: Value is required` };
    const numeric =
      type === 'number' || (type === 'array' && c.field === 'all_ages') || operator === 'days_since';
    if (numeric) {
      const n = asNumber(raw);
      if (n === null) return { problem: `${at}: ${RULE_FIELD_LABELS[c.field]} needs a number` };
      if (operator === 'days_since' && (!Number.isInteger(n) || n < 0 || n > 36_500))
        return { problem: `${at}: days must be a whole number from 0 to 36500` };
      if (Math.abs(n) > 1e9) return { problem: `${at}: the number is too large` };
      conditions.push({ field: c.field, type, operator, value: n } as CheckedCondition);
      continue;
    }
    if (typeof raw !== 'string') return { problem: `${at}: ${RULE_FIELD_LABELS[c.field]} needs text` };
    const value = raw.trim();
    if (value.length > MAX_RULE_TEXT)
      return { problem: `${at}: the value is longer than ${MAX_RULE_TEXT} characters` };
    if (type === 'date') {
      const day = new Date(`${value}T00:00:00Z`);
      if (!ISO_DAY.test(value) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value)
        return { problem: `${at}: the date must be a day like 2026-09-01` };
    }
    if (operator === 'matches_regex') {
      const problem = regexProblem(value);
      if (problem) return { problem: `${at}: ${problem}` };
    }
    conditions.push({ field: c.field, type, operator, value } as CheckedCondition);
  }
  return { group: { operator: group.operator, conditions } };
}

/** What the evaluators need of a lead: its fields and children in the API's words (see LeadChild). */
export type RuleLead = {
  email: string;
  parent_name: string;
  phone: string | null;
  timeline: string | null;
  biggest_concerns: string | null;
  lead_score: number;
  created_at: Date;
  /** In the lead's order: the first is the primary child. */
  children: Pick<LeadChild, 'name' | 'age' | 'special_needs' | 'current_support'>[];
  /** Every child's needs and ages, when already at hand (else read from the children). */
  all_special_needs?: string[];
  all_ages?: number[];
};

type FieldValue =
  | { kind: 'string'; v: string }
  | { kind: 'number'; v: number | null }
  | { kind: 'array'; v: (string | number)[] };

function fieldValue(lead: RuleLead, field: RuleField): FieldValue {
  const first = lead.children[0];
  switch (field) {
    case 'email':
    case 'parent_name':
    case 'phone':
    case 'timeline':
    case 'biggest_concerns':
      return { kind: 'string', v: lead[field] ?? '' };
    case 'child_name':
      return { kind: 'string', v: first?.name ?? '' };
    case 'child_age':
      return { kind: 'number', v: first?.age ?? null };
    case 'lead_score':
      return { kind: 'number', v: lead.lead_score };
    case 'child_count':
      return { kind: 'number', v: lead.children.length };
    case 'special_needs':
      return { kind: 'array', v: first?.special_needs ?? [] };
    case 'current_support':
      return { kind: 'array', v: first?.current_support ?? [] };
    case 'all_special_needs':
      return { kind: 'array', v: lead.all_special_needs ?? lead.children.flatMap((c) => c.special_needs) };
    case 'all_ages':
      return {
        kind: 'array',
        v: lead.all_ages ?? lead.children.flatMap((c) => (c.age === null ? [] : [c.age])),
      };
    case 'created_at':
      return { kind: 'number', v: lead.created_at.getTime() };
  }
}

function holds(lead: RuleLead, c: CheckedCondition, now: Date): boolean {
  const f = fieldValue(lead, c.field);
  if (c.type === 'date') {
    const created = lead.created_at;
    if (c.operator === 'days_since') return created.getTime() <= now.getTime() - Number(c.value) * DAY_MS;
    const day = created.toISOString().slice(0, 10);
    return c.operator === 'greater_than' ? day > String(c.value) : day < String(c.value);
  }
  if (f.kind === 'string') {
    const text = f.v.toLowerCase();
    const value = String(c.value).toLowerCase();
    switch (c.operator) {
      case 'equals':
        return text === value;
      case 'not_equals':
        return text !== value;
      case 'contains':
        return text.includes(value);
      case 'not_contains':
        return !text.includes(value);
      case 'is_empty':
        return BLANK.test(f.v);
      case 'is_not_empty':
        return !BLANK.test(f.v);
      case 'matches_regex':
        return new RegExp(String(c.value), 'is').test(f.v);
      default:
        return false;
    }
  }
  if (f.kind === 'number') {
    if (f.v === null) return false;
    const n = Number(c.value);
    switch (c.operator) {
      case 'equals':
        return f.v === n;
      case 'not_equals':
        return f.v !== n;
      case 'greater_than':
        return f.v > n;
      case 'less_than':
        return f.v < n;
      case 'greater_than_or_equal':
        return f.v >= n;
      case 'less_than_or_equal':
        return f.v <= n;
      default:
        return false;
    }
  }
  const has = f.v.some((item) =>
    typeof item === 'number'
      ? item === Number(c.value)
      : item.toLowerCase() === String(c.value).toLowerCase(),
  );
  switch (c.operator) {
    case 'contains':
      return has;
    case 'not_contains':
      return !has;
    case 'is_empty':
      return f.v.length === 0;
    case 'is_not_empty':
      return f.v.length > 0;
    default:
      return false;
  }
}

/** A group with no conditions matches nobody (inclusion) or excludes nobody (exclusion). */
export function groupHolds(lead: RuleLead, group: CheckedGroup, now: Date): boolean {
  if (group.conditions.length === 0) return false;
  return group.operator === 'AND'
    ? group.conditions.every((c) => holds(lead, c, now))
    : group.conditions.some((c) => holds(lead, c, now));
}

/** In the segment by its rules: matches the inclusion rules and not the exclusion rules. */
export function leadMatchesRules(
  lead: RuleLead,
  inclusion: CheckedGroup,
  exclusion: CheckedGroup,
  now: Date,
) {
  return groupHolds(lead, inclusion, now) && !groupHolds(lead, exclusion, now);
}

/** One line describing the rules, for cards ("special needs contains Autism/ASD AND ..."). */
export function rulesSummary(inclusion: RuleGroup | null, exclusion: RuleGroup | null): string {
  const describe = (group: RuleGroup | null) =>
    (group?.conditions ?? [])
      .map((c) => {
        const label = isRuleField(c.field) ? RULE_FIELD_LABELS[c.field].toLowerCase() : c.field;
        const op =
          (isRuleField(c.field) &&
            RULE_FIELD_TYPES[c.field] === 'date' &&
            DATE_OPERATOR_LABELS[c.operator as RuleOperator]) ||
          RULE_OPERATOR_LABELS[c.operator as RuleOperator] ||
          c.operator;
        if (VALUELESS_OPERATORS.includes(c.operator)) return `${label} ${op}`;
        if (c.operator === 'days_since') return `${label} at least ${c.value ?? ''} days ago`;
        return `${label} ${op} ${c.value ?? ''}`;
      })
      .join(` ${group?.operator ?? 'AND'} `);
  const included = describe(inclusion);
  const excluded = describe(exclusion);
  if (!included && !excluded) return 'No rules: leads are added by hand';
  return excluded ? `${included || 'No inclusion rules'}; excluding ${excluded}` : included;
}
