import {
  checkRuleGroup,
  SEGMENT_PRIORITY_MAX,
  SEGMENT_PRIORITY_MIN,
  type RuleGroup,
} from '@lantern/contracts';
import {
  segmentDraftFields,
  toRuleGroup,
  type RuleGroupDraft,
  type RuleKind,
  type SegmentDraft,
} from './segment-draft';

// The segment editor's checks (spec 5.1) in the spec's words, and where the form shows each problem.

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

/**
 * Where the form keeps a rule problem: on the condition it is about (inclusion.conditions.2), or on
 * the group (inclusion) when it is about the group itself.
 */
export function ruleProblemPath(
  group: RuleGroupDraft,
  kind: RuleKind,
  problem: RuleProblem,
): [RuleKind] | [RuleKind, 'conditions', number] {
  const index = group.conditions.findIndex((condition) => condition.key === problem.conditionKey);
  return index < 0 ? [kind] : [kind, 'conditions', index];
}

/** The rule problem the form holds for a group, read back by path (see ruleProblemPath). */
export function ruleProblemAt(
  group: RuleGroupDraft,
  kind: RuleKind,
  messageAt: (path: string) => string | undefined,
): RuleProblem | undefined {
  const groupMessage = messageAt(kind);
  if (groupMessage) return { message: groupMessage };
  for (const [index, condition] of group.conditions.entries()) {
    const message = messageAt(`${kind}.conditions.${index}`);
    if (message) return { message, conditionKey: condition.key };
  }
  return undefined;
}

/**
 * The editor's schema: checkDraft's problems, each on the part of the form it is about. An edit is
 * checked against the segment as it was opened (`saved`), as checkDraft explains.
 */
export function segmentDraftSchema(saved: SegmentDraft | null) {
  return segmentDraftFields.superRefine((draft, ctx) => {
    const errors = checkDraft(draft, saved);
    if (errors.name) ctx.addIssue({ code: 'custom', path: ['name'], message: errors.name });
    if (errors.priority) ctx.addIssue({ code: 'custom', path: ['priority'], message: errors.priority });
    for (const kind of ['inclusion', 'exclusion'] as const) {
      const problem = errors[kind];
      if (!problem) continue;
      const path = ruleProblemPath(draft[kind], kind, problem);
      ctx.addIssue({ code: 'custom', path, message: problem.message });
    }
  });
}

/** The rules as the test call takes them, or why they cannot be tested yet. */
export function rulesToTest(
  draft: Pick<SegmentDraft, 'inclusion' | 'exclusion' | 'never_contact'>,
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
