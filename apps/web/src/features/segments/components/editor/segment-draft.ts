import {
  checkRuleGroup,
  isRuleField,
  operatorsFor,
  RULE_FIELD_TYPES,
  RULE_VALUE_OPTIONS,
  SEGMENT_DEFAULT_PRIORITY,
  SEGMENT_PRIORITY_MAX,
  SEGMENT_PRIORITY_MIN,
  VALUELESS_OPERATORS,
  type RuleGroup,
  type RuleValue,
  type Segment,
  type SegmentCreateInput,
  type SegmentUpdateInput,
} from '@lantern/contracts';

/** The editor's state: every input as typed (strings), turned into the request body on save. */
export type ConditionDraft = { key: string; field: string; operator: string; value: string };
export type RuleGroupDraft = { operator: string; conditions: ConditionDraft[] };
export type RuleKind = 'inclusion' | 'exclusion';
export type SegmentDraft = {
  name: string;
  priority: string;
  description: string;
  is_active: boolean;
  email_list_ready: boolean;
  never_contact: boolean;
  auto_tag: boolean;
  inclusion: RuleGroupDraft;
  exclusion: RuleGroupDraft;
};

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

/** A rule problem, with the condition it is about when it is about one. */
export type RuleProblem = { message: string; conditionKey?: string };

/** The first problem of a group in the spec's words (checkRuleGroup), and the condition that has it. */
export function ruleGroupProblem(group: RuleGroupDraft, kind: RuleKind): RuleProblem | undefined {
  const rules = toRuleGroup(group);
  const checked = checkRuleGroup(rules, kind);
  if (!('problem' in checked)) return undefined;
  const groupProblem = checkRuleGroup({ ...rules, conditions: [] }, kind);
  if ('problem' in groupProblem) return { message: checked.problem };
  // The checks run in order, so the first prefix with a problem ends at the condition that has it.
  for (let count = 1; count <= rules.conditions.length; count++) {
    const prefix = checkRuleGroup({ ...rules, conditions: rules.conditions.slice(0, count) }, kind);
    if ('problem' in prefix)
      return { message: checked.problem, conditionKey: group.conditions[count - 1]?.key };
  }
  return { message: checked.problem };
}

export const INCLUSION_REQUIRED =
  'At least one inclusion rule is required (unless this is a "never contact" segment)';
export const NO_INCLUSION_TO_TEST = 'Add at least one inclusion rule to test';

export type DraftErrors = {
  name?: string;
  priority?: string;
  inclusion?: RuleProblem;
  exclusion?: RuleProblem;
};

function priorityProblem(priority: string): string | undefined {
  const text = priority.trim();
  if (!text) return undefined; // Left blank: the server's default (5) applies.
  const n = Number(text);
  const isValid = /^\d+$/.test(text) && n >= SEGMENT_PRIORITY_MIN && n <= SEGMENT_PRIORITY_MAX;
  return isValid ? undefined : 'Priority must be between 1 and 100';
}

const sameGroup = (a: RuleGroupDraft, b: RuleGroupDraft) =>
  JSON.stringify(toRuleGroup(a)) === JSON.stringify(toRuleGroup(b));

/** Which rule groups differ from the segment as it was opened (all of them for a new segment). */
function changedGroups(draft: SegmentDraft, saved: SegmentDraft | null) {
  return {
    inclusion: !saved || !sameGroup(draft.inclusion, saved.inclusion),
    exclusion: !saved || !sameGroup(draft.exclusion, saved.exclusion),
  };
}

/**
 * The spec's checks (5.1), each against the part of the form it is about. Like the server, an edit
 * needs inclusion rules only when it touches the rules or lifts never contact, so a segment filled
 * by hand (no rules) can still be renamed or described.
 */
export function checkDraft(draft: SegmentDraft, saved: SegmentDraft | null): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.name.trim()) errors.name = 'Segment name is required';
  const priority = priorityProblem(draft.priority);
  if (priority) errors.priority = priority;
  const changed = changedGroups(draft, saved);
  const needsInclusion =
    !saved || changed.inclusion || changed.exclusion || (saved.never_contact && !draft.never_contact);
  if (needsInclusion && draft.inclusion.conditions.length === 0 && !draft.never_contact)
    errors.inclusion = { message: INCLUSION_REQUIRED };
  else {
    const problem = ruleGroupProblem(draft.inclusion, 'inclusion');
    if (problem) errors.inclusion = problem;
  }
  const exclusion = ruleGroupProblem(draft.exclusion, 'exclusion');
  if (exclusion) errors.exclusion = exclusion;
  return errors;
}

export const hasErrors = (errors: DraftErrors) => Object.values(errors).some(Boolean);

/** The rules as the test call takes them, or why they cannot be tested yet. */
export function rulesToTest(
  draft: SegmentDraft,
):
  | { rules: { inclusion_rules: RuleGroup; exclusion_rules: RuleGroup } }
  | { problem: RuleProblem; kind?: RuleKind } {
  if (draft.inclusion.conditions.length === 0 && !draft.never_contact)
    return { problem: { message: NO_INCLUSION_TO_TEST } };
  const inclusion = ruleGroupProblem(draft.inclusion, 'inclusion');
  if (inclusion) return { problem: inclusion, kind: 'inclusion' };
  const exclusion = ruleGroupProblem(draft.exclusion, 'exclusion');
  if (exclusion) return { problem: exclusion, kind: 'exclusion' };
  return {
    rules: { inclusion_rules: toRuleGroup(draft.inclusion), exclusion_rules: toRuleGroup(draft.exclusion) },
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
export const rulesFingerprint = (draft: SegmentDraft) =>
  JSON.stringify([toRuleGroup(draft.inclusion), toRuleGroup(draft.exclusion), draft.never_contact]);
