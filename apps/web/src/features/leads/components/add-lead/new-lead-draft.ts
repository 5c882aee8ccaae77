import { CHILD_AGE_MAX, CHILD_AGE_MIN, DEFAULT_ADMIN_TIMELINE, manualLeadError } from '@lantern/contracts';
import { z } from 'zod';
import type { CreateLeadBody } from '../../api/create-lead';

/** One child row of the form, every input as typed. */
const childDraftSchema = z.object({
  name: z.string(),
  age: z.string(),
  grade: z.string(),
  special_needs: z.array(z.string()),
  current_support: z.array(z.string()),
});
export type ChildDraft = z.infer<typeof childDraftSchema>;

const newLeadFields = z.object({
  email: z.string(),
  parent_name: z.string(),
  phone: z.string(),
  timeline: z.string(),
  timeline_date: z.string(),
  biggest_concerns: z.string(),
  children: z.array(childDraftSchema),
});
/** The 'Add New Lead' form's values, as the inputs hold them, until `toCreateLeadBody` converts them. */
export type NewLeadDraft = z.infer<typeof newLeadFields>;

export function emptyChild(): ChildDraft {
  return { name: '', age: '', grade: '', special_needs: [], current_support: [] };
}

export function emptyNewLead(): NewLeadDraft {
  return {
    email: '',
    parent_name: '',
    phone: '',
    timeline: DEFAULT_ADMIN_TIMELINE,
    timeline_date: '',
    biggest_concerns: '',
    children: [emptyChild()],
  };
}

const ageOf = (age: string) => (age.trim() === '' ? null : Number(age));

/** The spec's checks in its order and words, then the age range the inputs offer. */
export function newLeadError(draft: NewLeadDraft): string | null {
  const specError = manualLeadError(draft);
  if (specError) return specError;
  const badAge = draft.children.findIndex((child) => {
    const age = ageOf(child.age);
    return age !== null && (!Number.isInteger(age) || age < CHILD_AGE_MIN || age > CHILD_AGE_MAX);
  });
  if (badAge >= 0)
    return `Child ${badAge + 1} age must be a whole number from ${CHILD_AGE_MIN} to ${CHILD_AGE_MAX}`;
  return null;
}

/**
 * The form's schema: the spec shows its first problem as one message at the top of the form, so the
 * problem goes on `root` (react-hook-form's place for a problem of the whole form).
 */
export const newLeadDraftSchema = newLeadFields.superRefine((draft, ctx) => {
  const problem = newLeadError(draft);
  if (problem) ctx.addIssue({ code: 'custom', path: ['root'], message: problem });
});

const optional = (value: string) => value.trim() || null;

export function toCreateLeadBody(draft: NewLeadDraft): CreateLeadBody {
  return {
    email: draft.email.trim(),
    parent_name: draft.parent_name.trim(),
    phone: optional(draft.phone),
    timeline: draft.timeline,
    timeline_date: optional(draft.timeline_date),
    biggest_concerns: optional(draft.biggest_concerns),
    children: draft.children.map((child) => ({
      name: child.name.trim(),
      age: ageOf(child.age),
      grade: optional(child.grade),
      special_needs: child.special_needs,
      current_support: child.current_support,
    })),
  };
}
