import { describe, expect, it } from 'vitest';
import { emptyDraft, newCondition, type ConditionDraft, type SegmentDraft } from './segment-draft';
import {
  checkDraft,
  INCLUSION_REQUIRED,
  NO_INCLUSION_TO_TEST,
  ruleGroupProblem,
  ruleProblemAt,
  ruleProblemPath,
  rulesToTest,
  segmentDraftSchema,
} from './segment-draft-checks';

const condition = (field: string, operator: string, value = ''): ConditionDraft => ({
  ...newCondition(),
  field,
  operator,
  value,
});

const validDraft = (): SegmentDraft => ({
  ...emptyDraft(),
  name: 'Autism - Immediate',
  inclusion: { operator: 'AND', conditions: [condition('all_special_needs', 'contains', 'Autism/ASD')] },
});

const issuesOf = (draft: SegmentDraft, saved: SegmentDraft | null = null) => {
  const result = segmentDraftSchema(saved).safeParse(draft);
  return result.success ? [] : result.error.issues.map(({ path, message }) => ({ path, message }));
};

describe('ruleGroupProblem', () => {
  it('names the first condition at fault, in the contracts’ words', () => {
    const blank = condition('lead_score', 'greater_than', '');
    const problem = ruleGroupProblem(
      { operator: 'AND', conditions: [condition('phone', 'is_empty'), blank] },
      'inclusion',
    );
    expect(problem).toEqual({ message: 'Inclusion rule 2: Value is required', conditionKey: blank.key });
  });

  it('puts a problem with the group itself on no condition', () => {
    const problem = ruleGroupProblem(
      { operator: 'XOR', conditions: [condition('phone', 'is_empty')] },
      'exclusion',
    );
    expect(problem).toEqual({ message: 'exclusion rules must have AND or OR operator' });
  });

  it('finds nothing wrong with sound rules', () => {
    expect(ruleGroupProblem(validDraft().inclusion, 'inclusion')).toBeUndefined();
  });
});

describe('checkDraft', () => {
  it('asks a new segment for a name, a priority from 1 to 100 and inclusion rules', () => {
    const draft = { ...emptyDraft(), priority: '101', inclusion: { operator: 'AND', conditions: [] } };
    expect(checkDraft(draft, null)).toEqual({
      name: 'Segment name is required',
      priority: 'Priority must be between 1 and 100',
      inclusion: { message: INCLUSION_REQUIRED },
    });
  });

  it('lets a blank priority through (the server default applies) and a never-contact segment go without rules', () => {
    const draft = {
      ...validDraft(),
      priority: '',
      never_contact: true,
      inclusion: { operator: 'AND', conditions: [] },
    };
    expect(checkDraft(draft, null)).toEqual({});
  });

  it('lets an edit of a segment filled by hand keep its empty rules, until the rules or never contact change', () => {
    const saved = { ...validDraft(), inclusion: { operator: 'AND', conditions: [] } };
    expect(checkDraft({ ...saved, description: 'Described' }, saved)).toEqual({});
    const excluding = {
      ...saved,
      exclusion: { operator: 'OR', conditions: [condition('phone', 'is_empty')] },
    };
    expect(checkDraft(excluding, saved)).toEqual({ inclusion: { message: INCLUSION_REQUIRED } });
    const wasNeverContact = { ...saved, never_contact: true };
    expect(checkDraft(saved, wasNeverContact)).toEqual({ inclusion: { message: INCLUSION_REQUIRED } });
  });
});

describe('the editor’s schema', () => {
  it('puts each problem on the part of the form it is about', () => {
    const bad = condition('lead_score', 'greater_than', 'many');
    const draft = {
      ...validDraft(),
      name: ' ',
      exclusion: { operator: 'OR', conditions: [condition('phone', 'is_empty'), bad] },
    };
    expect(issuesOf(draft)).toEqual([
      { path: ['name'], message: 'Segment name is required' },
      { path: ['exclusion', 'conditions', 1], message: 'Exclusion rule 2: Lead score needs a number' },
    ]);
    expect(issuesOf({ ...validDraft(), inclusion: { operator: 'AND', conditions: [] } })).toEqual([
      { path: ['inclusion'], message: INCLUSION_REQUIRED },
    ]);
  });

  it('passes a sound segment as it is', () => {
    const draft = validDraft();
    expect(segmentDraftSchema(null).parse(draft)).toEqual(draft);
  });
});

describe('a rule problem in the form', () => {
  it('is kept on its condition by index and read back with that condition’s key', () => {
    const group = validDraft().inclusion;
    const [only] = group.conditions;
    const problem = { message: 'Inclusion rule 1: Value is required', conditionKey: only!.key };
    expect(ruleProblemPath(group, 'inclusion', problem)).toEqual(['inclusion', 'conditions', 0]);
    const messages: Record<string, string> = { 'inclusion.conditions.0': problem.message };
    expect(ruleProblemAt(group, 'inclusion', (path) => messages[path])).toEqual(problem);
  });

  it('is kept on the group when it is about no condition', () => {
    const group = validDraft().inclusion;
    expect(ruleProblemPath(group, 'inclusion', { message: INCLUSION_REQUIRED })).toEqual(['inclusion']);
    expect(
      ruleProblemAt(group, 'inclusion', (path) => (path === 'inclusion' ? INCLUSION_REQUIRED : undefined)),
    ).toEqual({
      message: INCLUSION_REQUIRED,
    });
    expect(ruleProblemAt(group, 'exclusion', () => undefined)).toBeUndefined();
  });
});

describe('rulesToTest', () => {
  it('needs an inclusion rule, unless the segment is never contact', () => {
    const noRules = { ...validDraft(), inclusion: { operator: 'AND', conditions: [] } };
    expect(rulesToTest(noRules)).toEqual({ problem: { message: NO_INCLUSION_TO_TEST } });
    expect(rulesToTest({ ...noRules, never_contact: true })).toEqual({
      rules: {
        inclusion_rules: { operator: 'AND', conditions: [] },
        exclusion_rules: { operator: 'OR', conditions: [] },
      },
    });
  });

  it('says which group and condition are at fault', () => {
    const bad = condition('created_at', 'greater_than', '2026-13-01');
    const draft = { ...validDraft(), exclusion: { operator: 'OR', conditions: [bad] } };
    expect(rulesToTest(draft)).toEqual({
      kind: 'exclusion',
      problem: { message: 'Exclusion rule 1: the date must be a day like 2026-09-01', conditionKey: bad.key },
    });
  });

  it('hands over the rules as the test call takes them', () => {
    expect(rulesToTest(validDraft())).toEqual({
      rules: {
        inclusion_rules: {
          operator: 'AND',
          conditions: [{ field: 'all_special_needs', operator: 'contains', value: 'Autism/ASD' }],
        },
        exclusion_rules: { operator: 'OR', conditions: [] },
      },
    });
  });
});
