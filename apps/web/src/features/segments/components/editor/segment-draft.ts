import {
  isRuleField,
  operatorsFor,
  RULE_FIELD_TYPES,
  RULE_VALUE_OPTIONS,
  SEGMENT_DEFAULT_PRIORITY,
  VALUELESS_OPERATORS,
  type RuleGroup,
  type RuleValue,
  type Segment,
  type SegmentCreateInput,
  type SegmentUpdateInput,
} from '@lantern/contracts';
import { z } from 'zod';

/** A condition as typed; `key` keeps its row (and a problem pointing at it) while others are removed. */
const conditionDraftSchema = z.object({
  key: z.string(),
  field: z.string(),
  operator: z.string(),
  value: z.string(),
});
export type ConditionDraft = z.infer<typeof conditionDraftSchema>;

const ruleGroupDraftSchema = z.object({ operator: z.string(), conditions: z.array(conditionDraftSchema) });
export type RuleGroupDraft = z.infer<typeof ruleGroupDraftSchema>;
export type RuleKind = 'inclusion' | 'exclusion';

/**
 * The editor's values: every input as typed (strings), turned into the request body on save
 * (toCreateBody, toUpdateBody). Its checks are in segment-draft-checks.ts.
 */
export const segmentDraftFields = z.object({
  name: z.string(),
  priority: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  email_list_ready: z.boolean(),
  never_contact: z.boolean(),
  auto_tag: z.boolean(),
  inclusion: ruleGroupDraftSchema,
  exclusion: ruleGroupDraftSchema,
});
export type SegmentDraft = z.infer<typeof segmentDraftFields>;

let lastKey = 0;
const conditionKey = () => `condition-${++lastKey}`;

const DEFAULT_FIELD = 'special_needs';

/** The operator a field starts with: 'contains' where it has one (spec 5.1), else its first. */
function firstOperator(field: string): string {
  const operators = operatorsFor(field);
  return operators.includes('contains') ? 'contains' : (operators[0] ?? '');
}

export const newCondition = (): ConditionDraft => ({
  key: conditionKey(),
  field: DEFAULT_FIELD,
  operator: firstOperator(DEFAULT_FIELD),
  value: '',
});

/** Changing the field resets the operator and clears the value. */
export const withField = (condition: ConditionDraft, field: string): ConditionDraft => ({
  ...condition,
  field,
  operator: firstOperator(field),
  value: '',
});

/** Changing the operator clears the value. */
export const withOperator = (condition: ConditionDraft, operator: string): ConditionDraft => ({
  ...condition,
  operator,
  value: '',
});

export function emptyDraft(): SegmentDraft {
  return {
    name: '',
    priority: String(SEGMENT_DEFAULT_PRIORITY),
    description: '',
    is_active: true,
    email_list_ready: true,
    never_contact: false,
    auto_tag: true,
    inclusion: { operator: 'AND', conditions: [newCondition()] },
    exclusion: { operator: 'OR', conditions: [] },
  };
}

function groupDraft(group: RuleGroup | null, defaultOperator: string): RuleGroupDraft {
  return {
    operator: group?.operator || defaultOperator,
    conditions: (group?.conditions ?? []).map((c) => ({
      key: conditionKey(),
      field: c.field,
      operator: c.operator,
      value: c.value === null || c.value === undefined ? '' : String(c.value),
    })),
  };
}

export function draftFromSegment(segment: Segment): SegmentDraft {
  return {
    name: segment.name,
    priority: String(segment.priority),
    description: segment.description ?? '',
    is_active: segment.is_active,
    email_list_ready: segment.email_list_ready && !segment.never_contact,
    never_contact: segment.never_contact,
    auto_tag: segment.auto_tag,
    inclusion: groupDraft(segment.inclusion_rules, 'AND'),
    exclusion: groupDraft(segment.exclusion_rules, 'OR'),
  };
}

/** How a condition's value is entered (spec 5.1). */
export type ValueInputKind = 'none' | 'select' | 'number' | 'days' | 'date' | 'text';

export function valueInputKind(field: string, operator: string): ValueInputKind {
  if (VALUELESS_OPERATORS.includes(operator)) return 'none';
  if (!isRuleField(field)) return 'text';
  if (RULE_VALUE_OPTIONS[field]) return 'select';
  const type = RULE_FIELD_TYPES[field];
  if (type === 'date') return operator === 'days_since' ? 'days' : 'date';
  if (type === 'number' || field === 'all_ages') return 'number';
  return 'text';
}

const NUMBER = /^-?\d+(\.\d+)?$/;

function conditionValue({ field, operator, value }: ConditionDraft): RuleValue {
  const kind = valueInputKind(field, operator);
  if (kind === 'none') return null;
  const text = value.trim();
  // Numbers go as numbers; anything else goes as typed, for checkRuleGroup to name the problem.
  if ((kind === 'number' || kind === 'days') && NUMBER.test(text)) return Number(text);
  return text;
}

export function toRuleGroup(group: RuleGroupDraft): RuleGroup {
  return {
    operator: group.operator,
    conditions: group.conditions.map((c) => ({
      field: c.field,
      operator: c.operator,
      value: conditionValue(c),
    })),
  };
}

/** The request body of a create: every field. */
export function toCreateBody(draft: SegmentDraft): SegmentCreateInput {
  const priority = draft.priority.trim();
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    ...(priority ? { priority: Number(priority) } : {}),
    is_active: draft.is_active,
    email_list_ready: draft.never_contact ? false : draft.email_list_ready,
    never_contact: draft.never_contact,
    auto_tag: draft.auto_tag,
    inclusion_rules: toRuleGroup(draft.inclusion),
    exclusion_rules: toRuleGroup(draft.exclusion),
  };
}

/**
 * The request body of an edit: only what changed from the segment as opened. The server keeps the rest, re-tags leads only when something that decides membership changed, and asks for inclusion rules only
 * when the rules or never contact change (a segment filled by hand can still be described).
 */
export function toUpdateBody(draft: SegmentDraft, saved: SegmentDraft): SegmentUpdateInput {
  const before: Record<string, unknown> = toCreateBody(saved);
  const changed = Object.entries(toCreateBody(draft)).filter(
    ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key]),
  );
  return Object.fromEntries(changed) as SegmentUpdateInput;
}

/** The rules in a comparable form, to tell whether a test result still describes them. */
export const rulesFingerprint = (draft: Pick<SegmentDraft, 'inclusion' | 'exclusion' | 'never_contact'>) =>
  JSON.stringify([toRuleGroup(draft.inclusion), toRuleGroup(draft.exclusion), draft.never_contact]);
