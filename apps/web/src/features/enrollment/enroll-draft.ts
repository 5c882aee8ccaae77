import type { EnrollDraft, SubmitLeadInput } from '@lantern/contracts';

/** One child row of the form; `key` keeps React's rows stable when a child is removed. */
export type ChildDraft = { key: string; name: string; age: string; special_needs: string[] };

/** The form as typed: what the shared validation (enrollFormErrors) reads, plus the optional parts. */
export type EnrollFormDraft = Omit<EnrollDraft, 'children'> & {
  children: ChildDraft[];
  hasPhoneConsent: boolean;
  biggestConcerns: string;
  /** The honeypot: people never see it, so anything in it was typed by a bot. */
  website: string;
};

let lastChildKey = 0;

export function emptyChild(): ChildDraft {
  lastChildKey += 1;
  return { key: `child-${lastChildKey}`, name: '', age: '', special_needs: [] };
}

export function emptyEnrollForm(): EnrollFormDraft {
  return {
    parentName: '',
    email: '',
    phone: '',
    hasPhoneConsent: false,
    timeline: '',
    biggestConcerns: '',
    children: [emptyChild()],
    website: '',
  };
}

/** The POST /widget/submit-lead body of a form that passed enrollFormErrors. */
export function toSubmitLeadInput(draft: EnrollFormDraft, visitorId: string): SubmitLeadInput {
  const concerns = draft.biggestConcerns.trim();
  return {
    visitorId,
    leadData: {
      parentName: draft.parentName.trim(),
      email: draft.email.trim(),
      phone: draft.phone.trim(),
      phoneConsent: draft.hasPhoneConsent ? 'yes' : 'no',
      timeline: draft.timeline,
      biggestConcerns: concerns || null,
    },
    children: draft.children.map((child) => ({
      name: child.name.trim(),
      age: Number.parseInt(child.age, 10),
      special_needs: child.special_needs,
      current_support: '',
    })),
    website: draft.website,
  };
}
