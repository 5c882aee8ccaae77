import { CHILD_AGE_MAX, CHILD_AGE_MIN, DEFAULT_ADMIN_TIMELINE } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptyChild,
  emptyNewLead,
  newLeadDraftSchema,
  newLeadError,
  toCreateLeadBody,
  type NewLeadDraft,
} from './new-lead-draft';

const filledLead = (): NewLeadDraft => ({
  ...emptyNewLead(),
  email: ' harper@example.org ',
  parent_name: ' Harper Journey ',
  children: [{ ...emptyChild(), name: ' Ellis ', age: '7', special_needs: ['ADHD'] }],
});

/** What the form shows: the schema's one problem, on root. */
const problemOf = (draft: NewLeadDraft) => {
  const result = newLeadDraftSchema.safeParse(draft);
  return result.success ? null : result.error.issues.map(({ path, message }) => ({ path, message }));
};

describe('the Add New Lead form', () => {
  it('checks in the spec’s order and words, one problem at a time', () => {
    expect(newLeadError(emptyNewLead())).toBe('Email is required');
    expect(newLeadError({ ...emptyNewLead(), email: 'a@b.co' })).toBe('Parent name is required');
    const unnamedSecond = { ...filledLead(), children: [...filledLead().children, emptyChild()] };
    expect(newLeadError(unnamedSecond)).toBe('Child 2 name is required');
    expect(newLeadError({ ...filledLead(), email: 'harper@' })).toBe('Please enter a valid email address');
  });

  it('then checks the ages the inputs offer', () => {
    const child = { ...emptyChild(), name: 'Wren' };
    const message = `Child 1 age must be a whole number from ${CHILD_AGE_MIN} to ${CHILD_AGE_MAX}`;
    expect(newLeadError({ ...filledLead(), children: [{ ...child, age: String(CHILD_AGE_MAX + 1) }] })).toBe(
      message,
    );
    expect(newLeadError({ ...filledLead(), children: [{ ...child, age: '7.5' }] })).toBe(message);
    expect(newLeadError({ ...filledLead(), children: [{ ...child, age: '' }] })).toBeNull();
  });

  it('shows its problem as one message for the whole form', () => {
    expect(problemOf(emptyNewLead())).toEqual([{ path: ['root'], message: 'Email is required' }]);
    expect(problemOf(filledLead())).toBeNull();
  });

  it('starts on the spec’s default timeline with one empty child', () => {
    expect(emptyNewLead()).toMatchObject({ timeline: DEFAULT_ADMIN_TIMELINE, children: [emptyChild()] });
  });

  it('sends trimmed text, an empty optional field as null and an age as a number', () => {
    const draft = {
      ...filledLead(),
      phone: '  ',
      biggest_concerns: ' Reading ',
      children: [...filledLead().children, { ...emptyChild(), name: 'Wren', grade: '3rd Grade' }],
    };
    expect(toCreateLeadBody(draft)).toEqual({
      email: 'harper@example.org',
      parent_name: 'Harper Journey',
      phone: null,
      timeline: DEFAULT_ADMIN_TIMELINE,
      timeline_date: null,
      biggest_concerns: 'Reading',
      children: [
        { name: 'Ellis', age: 7, grade: null, special_needs: ['ADHD'], current_support: [] },
        { name: 'Wren', age: null, grade: '3rd Grade', special_needs: [], current_support: [] },
      ],
    });
  });
});
