import { CHILD_AGE_MAX, CHILD_AGE_MIN, DEFAULT_ADMIN_TIMELINE, manualLeadError } from '@lantern/contracts';
import type { CreateLeadBody } from '../../api/create-lead';

/** One child row of the form; `key` keeps React's rows stable when a middle row is removed. */
export type ChildDraft = {
  key: number;
  name: string;
  age: string;
  grade: string;
  special_needs: string[];
  current_support: string[];
};

export type NewLeadDraft = {
  email: string;
  parent_name: string;
  phone: string;
  timeline: string;
  timeline_date: string;
  biggest_concerns: string;
  children: ChildDraft[];
};

let nextChildKey = 1;

export function emptyChild(): ChildDraft {
  return { key: nextChildKey++, name: '', age: '', grade: '', special_needs: [], current_support: [] };
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
