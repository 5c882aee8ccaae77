import { describe, expect, it } from 'vitest';
import { validateImportRow } from './import-validation';

const today = new Date('2026-11-21T12:00:00Z');
const row = (overrides: Record<string, unknown> = {}) => ({
  email: 'Parent@Example.com',
  parent_name: 'Dana Smith',
  phone: '555-123-4567',
  timeline: 'Next semester',
  children: [{ name: 'Sam', age: '8', special_needs: 'ADHD, Dyslexia', current_support: 'IEP' }],
  ...overrides,
});
const check = (overrides?: Record<string, unknown>) => validateImportRow(row(overrides), today);

describe('validateImportRow', () => {
  it('accepts a complete row and normalises it', () => {
    const { lead, errors, warnings } = check();
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(lead.email).toBe('parent@example.com');
    expect(lead.children[0]).toEqual({
      name: 'Sam',
      age: 8,
      grade: null,
      special_needs: ['ADHD', 'Dyslexia'],
      current_support: ['IEP'],
    });
  });

  it.each([
    [{ email: '' }, 'Email is required'],
    [{ email: 'nope' }, 'Email is not a valid address'],
    [{ parent_name: ' ' }, 'Parent name is required'],
    [{ children: [] }, 'At least one child is required'],
    [{ children: [{ name: 'A', age: '26' }] }, 'Child 1 age must be between 0 and 25'],
    [{ children: [{ name: 'A', age: '7.5' }] }, 'Child 1 age must be a whole number'],
    [{ children: [{ name: 'A', age: 'seven' }] }, 'Child 1 age must be a whole number'],
    [{ children: [{ name: '', age: '7' }] }, 'Child 1 name is required'],
    [{ timeline: 'Someday' }, 'Timeline "Someday" is not one of the options'],
    [{ timeline_date: '21/11/2026' }, 'Timeline date must be a date (YYYY-MM-DD)'],
    [{ parent_name: 'x'.repeat(161) }, 'Parent name is longer than 160 characters'],
    [{ email: 'ann\u0000@example.org' }, 'Email contains a NUL character, which cannot be stored'],
    [{ parent_name: 'Ann\u0000Lee' }, 'Parent name contains a NUL character, which cannot be stored'],
    [
      { children: [{ name: 'Sam\u0000', age: '7' }] },
      'Child 1 name contains a NUL character, which cannot be stored',
    ],
    [
      { biggest_concerns: 'Lunch\u0000time' },
      'Biggest concerns contains a NUL character, which cannot be stored',
    ],
    [
      { children: [{ name: 'A', age: 5, special_needs: 'Telepathy' }] },
      'Child 1 special need "Telepathy" is not one of the options',
    ],
  ])('refuses %j', (overrides, error) => {
    expect(check(overrides).errors).toContain(error);
  });

  it.each([
    [{ phone: '' }, 'No phone number'],
    [{ phone: '555-1234' }, 'Phone number has fewer than 10 digits'],
    [{ timeline_date: '2026-01-05' }, 'Timeline date is in the past'],
    [{ children: [{ name: 'A' }] }, 'Child 1 has no age'],
    [{ extra_columns: ['favourite_colour'] }, 'Unknown columns ignored: favourite_colour'],
  ])('warns about %j but keeps the row valid', (overrides, warning) => {
    const verdict = check(overrides);
    expect(verdict.errors).toEqual([]);
    expect(verdict.warnings).toContain(warning);
  });

  it("maps the public form's spellings and any letter case to the admin lists, dropping 'none'", () => {
    const { lead, errors } = check({
      timeline: 'in a few months',
      children: [
        { name: 'A', age: 4, special_needs: 'Autism / ASD, adhd / add, none', current_support: 'OT; ' },
      ],
    });
    expect(errors).toEqual(['Child 1 current support "OT;" is not one of the options']);
    expect(lead.timeline).toBe('Next semester');
    expect(lead.children[0]!.special_needs).toEqual(['Autism/ASD', 'ADHD']);
    expect(check({ timeline: 'JUST EXPLORING' }).lead.timeline).toBe('Just exploring');
    expect(
      check({ children: [{ name: 'A', age: 4, current_support: 'ot, None currently' }] }).lead.children[0]!
        .current_support,
    ).toEqual(['Occupational Therapy (OT)', 'None currently']);
  });
});
