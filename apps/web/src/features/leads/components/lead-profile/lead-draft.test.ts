import type { Lead } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { emptyChildDraft, leadDraftSchema, toLeadDraft, toUpdateInput, type LeadDraft } from './lead-draft';

function makeLead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 'lead-1',
    email: 'harper@example.org',
    parent_name: 'Harper Journey',
    phone: null,
    phone_consent: false,
    timeline: 'Immediately',
    timeline_date: null,
    biggest_concerns: null,
    children: [
      {
        id: 'child-1',
        name: 'Ellis',
        age: 7,
        grade: null,
        special_needs: ['ADHD'],
        current_support: [],
      },
    ],
    child_name: 'Ellis',
    lead_score: 40,
    score_breakdown: [],
    segment_tags: [],
    segments: [],
    conversion_status: 'pending',
    enrollment_date: null,
    payment_amount: null,
    payment_period: null,
    email_status: 'subscribed',
    unsubscribed_at: null,
    unsubscribe_reason: null,
    source: 'manual',
    created_at: '2026-09-01T10:00:00Z',
    updated_at: '2026-09-01T10:00:00Z',
    ...overrides,
  };
}

describe('the Edit Lead form', () => {
  it('opens a lead with every value as the inputs hold it (text, empty for none)', () => {
    const draft = toLeadDraft(makeLead({ payment_amount: 1250.5 }));
    expect(draft).toMatchObject({
      parent_name: 'Harper Journey',
      phone: '',
      timeline: 'Immediately',
      timeline_date: '',
      biggest_concerns: '',
      conversion_status: 'pending',
      payment_amount: '1250.5',
      email_status: 'subscribed',
      unsubscribe_reason: '',
    });
    expect(draft.children).toEqual([
      { id: 'child-1', name: 'Ellis', age: '7', grade: '', special_needs: ['ADHD'], current_support: [] },
    ]);
    expect(leadDraftSchema.parse(draft)).toEqual(draft);
  });

  it('offers one empty child row for a lead without children', () => {
    expect(toLeadDraft(makeLead({ children: [] })).children).toEqual([emptyChildDraft()]);
  });

  it('saves trimmed text, numbers parsed, and a saved child with its id', () => {
    const draft: LeadDraft = {
      ...toLeadDraft(makeLead()),
      parent_name: ' Harper J ',
      phone: ' ',
      children: [
        { ...toLeadDraft(makeLead()).children[0]!, age: '8' },
        { ...emptyChildDraft(), name: ' Wren ', age: 'seven' },
      ],
      conversion_status: 'enrolled',
      enrollment_date: '2026-12-01',
      payment_amount: '1250.50',
      payment_period: 'monthly',
    };
    expect(toUpdateInput(draft)).toMatchObject({
      parent_name: 'Harper J',
      phone: null,
      children: [
        { id: 'child-1', name: 'Ellis', age: 8, grade: null, special_needs: ['ADHD'], current_support: [] },
        { name: 'Wren', age: null, grade: null, special_needs: [], current_support: [] },
      ],
      conversion_status: 'enrolled',
      enrollment_date: '2026-12-01',
      payment_amount: 1250.5,
      payment_period: 'monthly',
    });
    expect(toUpdateInput(draft).children?.[1]).not.toHaveProperty('id');
  });

  it('sends an unsubscribe reason only with an unsubscribe, and leaves out unknown statuses', () => {
    const draft = { ...toLeadDraft(makeLead()), unsubscribe_reason: 'Too many emails' };
    expect(toUpdateInput(draft).unsubscribe_reason).toBeNull();
    expect(toUpdateInput({ ...draft, email_status: 'unsubscribed' }).unsubscribe_reason).toBe(
      'Too many emails',
    );
    const unknown = toUpdateInput({ ...draft, conversion_status: 'legacy', email_status: 'legacy' });
    expect(unknown).not.toHaveProperty('conversion_status');
    expect(unknown).not.toHaveProperty('email_status');
  });
});
