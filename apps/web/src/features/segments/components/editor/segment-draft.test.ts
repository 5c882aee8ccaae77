import type { Segment } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import {
  draftFromSegment,
  emptyDraft,
  newCondition,
  rulesFingerprint,
  toCreateBody,
  toRuleGroup,
  toUpdateBody,
  valueInputKind,
  withField,
  withOperator,
  type ConditionDraft,
  type SegmentDraft,
} from './segment-draft';

const condition = (field: string, operator: string, value = ''): ConditionDraft => ({
  ...newCondition(),
  field,
  operator,
  value,
});

function makeSegment(overrides: Partial<Segment> = {}): Segment {
  return {
    id: 'segment-1',
    name: 'Autism families',
    description: null,
    inclusion_rules: {
      operator: 'AND',
      conditions: [
        { field: 'all_special_needs', operator: 'contains', value: 'Autism/ASD' },
        { field: 'lead_score', operator: 'greater_than', value: 20 },
      ],
    },
    exclusion_rules: null,
    is_active: true,
    never_contact: false,
    email_list_ready: true,
    auto_tag: true,
    priority: 7,
    active_leads: 3,
    created_at: '2026-09-01T10:00:00Z',
    last_evaluated: null,
    status: 'Email Ready',
    rules_summary: '',
    ...overrides,
  };
}

const filledDraft = (): SegmentDraft => ({
  ...emptyDraft(),
  name: '  Autism - Immediate ',
  description: ' For the autumn intake ',
  inclusion: {
    operator: 'AND',
    conditions: [
      condition('all_special_needs', 'contains', 'Autism/ASD'),
      condition('timeline', 'equals', 'Immediately'),
    ],
  },
  exclusion: { operator: 'OR', conditions: [condition('lead_score', 'less_than', ' 20 ')] },
});

describe('a new condition', () => {
  it('starts on special needs with contains and no value, each with its own key', () => {
    const [a, b] = [newCondition(), newCondition()];
    expect(a).toMatchObject({ field: 'special_needs', operator: 'contains', value: '' });
    expect(a.key).not.toBe(b.key);
  });

  it('takes contains where the new field has it, else its first operator, and drops the value', () => {
    const typed = condition('special_needs', 'contains', 'ADHD');
    expect(withField(typed, 'email')).toMatchObject({ key: typed.key, operator: 'contains', value: '' });
    expect(withField(typed, 'lead_score')).toMatchObject({ operator: 'equals', value: '' });
    expect(withField(typed, 'created_at')).toMatchObject({ operator: 'days_since', value: '' });
  });

  it('drops the value when the operator changes', () => {
    expect(withOperator(condition('email', 'contains', 'gmail'), 'equals')).toMatchObject({
      field: 'email',
      operator: 'equals',
      value: '',
    });
  });
});

describe('the form of a segment', () => {
  it('starts a new segment active, email ready and auto-tagging, with one inclusion condition', () => {
    const draft = emptyDraft();
    expect(draft).toMatchObject({
      name: '',
      priority: '5',
      is_active: true,
      email_list_ready: true,
      never_contact: false,
      auto_tag: true,
      exclusion: { operator: 'OR', conditions: [] },
    });
    expect(draft.inclusion.operator).toBe('AND');
    expect(draft.inclusion.conditions).toHaveLength(1);
  });

  it('opens a saved segment with its values as text and its rules as rows', () => {
    const draft = draftFromSegment(makeSegment());
    expect(draft).toMatchObject({ name: 'Autism families', priority: '7', description: '' });
    expect(draft.inclusion.conditions.map(({ field, operator, value }) => [field, operator, value])).toEqual([
      ['all_special_needs', 'contains', 'Autism/ASD'],
      ['lead_score', 'greater_than', '20'],
    ]);
    expect(draft.exclusion).toEqual({ operator: 'OR', conditions: [] });
  });

  it('opens a never-contact segment as not email ready, whatever was stored', () => {
    const draft = draftFromSegment(makeSegment({ never_contact: true, email_list_ready: true }));
    expect(draft.email_list_ready).toBe(false);
  });
});

describe('valueInputKind', () => {
  it('asks for the value the field and operator take', () => {
    expect(valueInputKind('email', 'is_empty')).toBe('none');
    expect(valueInputKind('timeline', 'equals')).toBe('select');
    expect(valueInputKind('lead_score', 'greater_than')).toBe('number');
    expect(valueInputKind('all_ages', 'contains')).toBe('number');
    expect(valueInputKind('created_at', 'days_since')).toBe('days');
    expect(valueInputKind('created_at', 'greater_than')).toBe('date');
    expect(valueInputKind('email', 'contains')).toBe('text');
    expect(valueInputKind('no_such_field', 'equals')).toBe('text');
  });
});

describe('toRuleGroup', () => {
  it('sends numbers as numbers, text trimmed, nothing for valueless operators, and a bad number as typed', () => {
    const group = toRuleGroup({
      operator: 'AND',
      conditions: [
        condition('lead_score', 'greater_than', ' 40 '),
        condition('email', 'contains', ' @example.org '),
        condition('phone', 'is_empty', 'left over'),
        condition('child_age', 'equals', 'seven'),
      ],
    });
    expect(group).toEqual({
      operator: 'AND',
      conditions: [
        { field: 'lead_score', operator: 'greater_than', value: 40 },
        { field: 'email', operator: 'contains', value: '@example.org' },
        { field: 'phone', operator: 'is_empty', value: null },
        { field: 'child_age', operator: 'equals', value: 'seven' },
      ],
    });
  });
});

describe('the request bodies', () => {
  it('creates with every field, trimmed, and the rules as the API takes them', () => {
    expect(toCreateBody(filledDraft())).toEqual({
      name: 'Autism - Immediate',
      description: 'For the autumn intake',
      priority: 5,
      is_active: true,
      email_list_ready: true,
      never_contact: false,
      auto_tag: true,
      inclusion_rules: {
        operator: 'AND',
        conditions: [
          { field: 'all_special_needs', operator: 'contains', value: 'Autism/ASD' },
          { field: 'timeline', operator: 'equals', value: 'Immediately' },
        ],
      },
      exclusion_rules: {
        operator: 'OR',
        conditions: [{ field: 'lead_score', operator: 'less_than', value: 20 }],
      },
    });
  });

  it('leaves a blank priority out (the server default applies) and never sends email ready with never contact', () => {
    const body = toCreateBody({
      ...filledDraft(),
      priority: ' ',
      never_contact: true,
      email_list_ready: true,
    });
    expect(body).not.toHaveProperty('priority');
    expect(body).toMatchObject({ never_contact: true, email_list_ready: false });
  });

  it('updates with only what changed from the segment as opened', () => {
    const saved = draftFromSegment(makeSegment());
    expect(toUpdateBody(saved, saved)).toEqual({});
    expect(toUpdateBody({ ...saved, name: 'Renamed', description: 'Now described' }, saved)).toEqual({
      name: 'Renamed',
      description: 'Now described',
    });
    const moreRules = {
      ...saved,
      exclusion: { operator: 'OR', conditions: [condition('phone', 'is_empty')] },
    };
    expect(toUpdateBody(moreRules, saved)).toEqual({
      exclusion_rules: {
        operator: 'OR',
        conditions: [{ field: 'phone', operator: 'is_empty', value: null }],
      },
    });
  });
});

describe('rulesFingerprint', () => {
  it('changes with the rules and never contact, not with the name or the row keys', () => {
    const draft = filledDraft();
    const rekeyed = {
      ...draft,
      name: 'Another name',
      inclusion: {
        ...draft.inclusion,
        conditions: draft.inclusion.conditions.map((c) => ({ ...c, key: `${c.key}-copy` })),
      },
    };
    expect(rulesFingerprint(rekeyed)).toBe(rulesFingerprint(draft));
    expect(rulesFingerprint({ ...draft, never_contact: true })).not.toBe(rulesFingerprint(draft));
    expect(rulesFingerprint({ ...draft, exclusion: { operator: 'OR', conditions: [] } })).not.toBe(
      rulesFingerprint(draft),
    );
  });
});
