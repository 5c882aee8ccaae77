import { describe, expect, it } from 'vitest';
import { leadChildrenOf, leadUpdateError } from './lead-form';
import { leadUpdateSchema } from './leads';

const update = (body: Record<string, unknown>) => leadUpdateSchema.parse(body);

describe('leadChildrenOf', () => {
  it('wraps the legacy single-child fields into one child', () => {
    expect(leadChildrenOf(update({ child_name: 'Sam', child_age: 8 }))).toEqual([
      { name: 'Sam', age: 8, grade: null, special_needs: [], current_support: [] },
    ]);
  });

  it('leaves the children alone when an update does not mention them', () => {
    expect(leadChildrenOf(update({ phone: '555' }))).toBeUndefined();
  });
});

describe('leadUpdateError', () => {
  it.each([
    [{ children: [] }, 'At least one child is required'],
    [{ children: [{ name: 'Sam' }, { name: ' ' }] }, 'Child 2 name is required'],
    [{ email: ' ', children: [] }, 'At least one child is required'],
    [{ email: '' }, 'Email is required'],
    [{ parent_name: '' }, 'Parent name is required'],
    [{ phone: '555' }, null],
  ])('answers %j with %j', (body, message) => {
    expect(leadUpdateError(update(body))).toBe(message);
  });
});
