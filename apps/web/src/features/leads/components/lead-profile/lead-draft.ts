import {
  CONVERSION_STATUS_FILTERS,
  EMAIL_STATUSES,
  type Lead,
  type LeadUpdateInput,
} from '@lantern/contracts';

/** A child row as typed in the edit form; `key` keeps React rows stable, `id` goes back to the server. */
export type ChildDraft = {
  key: string;
  id?: string;
  name: string;
  age: string;
  grade: string;
  special_needs: string[];
  current_support: string[];
};

/** The edit form's values, all as the inputs hold them (text), until `toUpdateInput` converts them. */
export type LeadDraft = {
  parent_name: string;
  email: string;
  phone: string;
  timeline: string;
  timeline_date: string;
  biggest_concerns: string;
  children: ChildDraft[];
  conversion_status: string;
  enrollment_date: string;
  payment_amount: string;
  payment_period: string;
  email_status: string;
  unsubscribe_reason: string;
};

let nextKey = 0;
const newKey = () => `child-${++nextKey}`;

export function emptyChildDraft(): ChildDraft {
  return { key: newKey(), name: '', age: '', grade: '', special_needs: [], current_support: [] };
}

export function toLeadDraft(lead: Lead): LeadDraft {
  const children: ChildDraft[] = lead.children.map((child) => ({
    key: newKey(),
    id: child.id,
    name: child.name,
    age: child.age === null ? '' : String(child.age),
    grade: child.grade ?? '',
    special_needs: [...child.special_needs],
    current_support: [...child.current_support],
  }));
  return {
    parent_name: lead.parent_name,
    email: lead.email,
    phone: lead.phone ?? '',
    timeline: lead.timeline ?? '',
    timeline_date: lead.timeline_date ?? '',
    biggest_concerns: lead.biggest_concerns ?? '',
    children: children.length > 0 ? children : [emptyChildDraft()],
    conversion_status: lead.conversion_status,
    enrollment_date: lead.enrollment_date ?? '',
    payment_amount: lead.payment_amount === null ? '' : String(lead.payment_amount),
    payment_period: lead.payment_period ?? '',
    email_status: lead.email_status,
    unsubscribe_reason: lead.unsubscribe_reason ?? '',
  };
}

const orNull = (text: string) => text.trim() || null;

/** Spec: child age is parsed as an integer; empty (or unreadable) becomes null. */
function parseAge(text: string): number | null {
  const age = Number.parseInt(text, 10);
  return Number.isNaN(age) ? null : age;
}

function parseAmount(text: string): number | null {
  if (!text.trim()) return null;
  const amount = Number(text);
  return Number.isFinite(amount) ? amount : null;
}

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

export function toUpdateInput(draft: LeadDraft): LeadUpdateInput {
  const isUnsubscribed = draft.email_status === 'unsubscribed';
  return {
    email: draft.email.trim(),
    parent_name: draft.parent_name.trim(),
    phone: orNull(draft.phone),
    timeline: orNull(draft.timeline),
    timeline_date: orNull(draft.timeline_date),
    biggest_concerns: orNull(draft.biggest_concerns),
    children: draft.children.map((child) => ({
      ...(child.id ? { id: child.id } : {}),
      name: child.name.trim(),
      age: parseAge(child.age),
      grade: orNull(child.grade),
      special_needs: child.special_needs,
      current_support: child.current_support,
    })),
    ...(isOneOf(CONVERSION_STATUS_FILTERS, draft.conversion_status)
      ? { conversion_status: draft.conversion_status }
      : {}),
    enrollment_date: orNull(draft.enrollment_date),
    payment_amount: parseAmount(draft.payment_amount),
    payment_period: orNull(draft.payment_period),
    ...(isOneOf(EMAIL_STATUSES, draft.email_status) ? { email_status: draft.email_status } : {}),
    // A reason belongs to an unsubscribe only.
    unsubscribe_reason: isUnsubscribed ? orNull(draft.unsubscribe_reason) : null,
  };
}
