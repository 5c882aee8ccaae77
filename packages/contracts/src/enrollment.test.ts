import { describe, expect, it } from 'vitest';
import { ENROLL_MESSAGES, readEnrolmentForm, type SubmitLeadInput } from './enrollment';

const submission = (overrides: Partial<SubmitLeadInput> = {}): SubmitLeadInput => ({
  visitorId: ' visitor-1 ',
  leadData: {
    parentName: ' Dana Smith ',
    email: ' Dana@Example.com ',
    phone: ' 555-123-4567 ',
    phoneConsent: 'yes',
    timeline: 'Next semester',
    biggestConcerns: '  ',
  },
  children: [
    { name: ' Sam ', age: '8', special_needs: ['autism', 'ADHD', 'ADHD'], current_support: 'iep; ot' },
  ],
  ...overrides,
});

describe('readEnrolmentForm', () => {
  it('reads a submission as the lead it makes, in the API words', () => {
    expect(readEnrolmentForm(submission())).toEqual({
      problem: null,
      lead: {
        email: 'dana@example.com',
        parent_name: 'Dana Smith',
        phone: '555-123-4567',
        phone_consent: true,
        timeline: 'Next semester',
        biggest_concerns: null,
        visitor_id: 'visitor-1',
        children: [
          {
            name: 'Sam',
            age: 8,
            grade: null,
            special_needs: ['Autism/ASD', 'ADHD'],
            current_support: ['IEP', 'Occupational Therapy (OT)'],
          },
        ],
      },
    });
  });

  it('answers the form check first, then a special need not in the lists', () => {
    const unnamed = submission({ children: [{ name: ' ', age: 8, special_needs: ['Nope'] }] });
    expect(readEnrolmentForm(unnamed)).toEqual({ lead: null, problem: ENROLL_MESSAGES.childName });
    const unknownNeed = submission({ children: [{ name: 'Sam', age: 8, special_needs: ['ADHD', 'Nope'] }] });
    expect(readEnrolmentForm(unknownNeed)).toEqual({
      lead: null,
      problem: 'Child 1: unknown special need "Nope"',
    });
  });
});
