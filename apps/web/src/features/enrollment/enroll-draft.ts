import { enrollFormErrors, type SubmitLeadInput } from '@lantern/contracts';
import { z } from 'zod';

/** One child row of the form, as typed. */
const childDraftSchema = z.object({ name: z.string(), age: z.string(), special_needs: z.array(z.string()) });
export type ChildDraft = z.infer<typeof childDraftSchema>;

/** The form as typed: what the shared validation (enrollFormErrors) reads, plus the optional parts. */
const enrollFormFields = z.object({
  parentName: z.string(),
  email: z.string(),
  phone: z.string(),
  hasPhoneConsent: z.boolean(),
  timeline: z.string(),
  biggestConcerns: z.string(),
  children: z.array(childDraftSchema),
  /** The honeypot: people never see it, so anything in it was typed by a bot. */
  website: z.string(),
});
export type EnrollFormDraft = z.infer<typeof enrollFormFields>;

/** 'children.0.age' as a path: array indexes as numbers. */
const pathOf = (key: string) => key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * The form's schema: the server's own checks (enrollFormErrors), each problem on its field, in page
 * order. The server refuses a submission with the first of the same problems.
 */
export const enrollFormSchema = enrollFormFields.superRefine((draft, ctx) => {
  for (const [key, message] of Object.entries(enrollFormErrors(draft)))
    ctx.addIssue({ code: 'custom', path: pathOf(key), message });
});

/** The first problem in page order ('parentName', 'children.0.age', ...), if any. */
export const firstProblemPath = (draft: EnrollFormDraft): string | undefined =>
  Object.keys(enrollFormErrors(draft))[0];

export function emptyChild(): ChildDraft {
  return { name: '', age: '', special_needs: [] };
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
