import { ENROLL_MESSAGES, enrollFormErrors } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptyChild,
  emptyEnrollForm,
  enrollFormSchema,
  firstProblemPath,
  toSubmitLeadInput,
  type EnrollFormDraft,
} from './enroll-draft';

const filledForm = (): EnrollFormDraft => ({
  ...emptyEnrollForm(),
  parentName: '  Dana Reyes ',
  email: ' dana@example.com ',
  phone: '(555) 123-4567',
  timeline: 'In a Few Months',
  children: [{ ...emptyChild(), name: 'Sam', age: '7', special_needs: ['ADHD / ADD'] }],
});

describe('the enrolment form body', () => {
  it('sends trimmed text, an integer age, the consent as yes or no and no concerns as null', () => {
    const body = toSubmitLeadInput(filledForm(), 'visitor-1');
    expect(body).toEqual({
      visitorId: 'visitor-1',
      leadData: {
        parentName: 'Dana Reyes',
        email: 'dana@example.com',
        phone: '(555) 123-4567',
        phoneConsent: 'no',
        timeline: 'In a Few Months',
        biggestConcerns: null,
      },
      children: [{ name: 'Sam', age: 7, special_needs: ['ADHD / ADD'], current_support: '' }],
      website: '',
    });
  });

  it('sends the concerns and the consent when given', () => {
    const body = toSubmitLeadInput(
      { ...filledForm(), hasPhoneConsent: true, biggestConcerns: ' Reading ' },
      'visitor-1',
    );
    expect(body.leadData.phoneConsent).toBe('yes');
    expect(body.leadData.biggestConcerns).toBe('Reading');
  });

  it('is what the shared validation reads: an empty form names every field, in page order', () => {
    expect(Object.keys(enrollFormErrors(emptyEnrollForm()))).toEqual([
      'parentName',
      'email',
      'phone',
      'children.0.name',
      'children.0.age',
      'children.0.special_needs',
      'timeline',
    ]);
    expect(enrollFormErrors(filledForm())).toEqual({});
  });

  it('puts each of those problems on its field, in the contracts’ words, the first in page order first', () => {
    const draft = {
      ...filledForm(),
      email: 'dana@example',
      children: [...filledForm().children, emptyChild()],
    };
    const result = enrollFormSchema.safeParse(draft);
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['email'], message: ENROLL_MESSAGES.emailInvalid },
      { path: ['children', 1, 'name'], message: ENROLL_MESSAGES.childName },
      { path: ['children', 1, 'age'], message: ENROLL_MESSAGES.childAge },
      { path: ['children', 1, 'special_needs'], message: ENROLL_MESSAGES.specialNeeds },
    ]);
    expect(firstProblemPath(draft)).toBe('email');
    expect(firstProblemPath(filledForm())).toBeUndefined();
  });
});
