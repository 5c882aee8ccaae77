import {
  CONVERSION_STATUS_FILTERS,
  EMAIL_STATUSES,
  type Lead,
  type LeadUpdateInput,
} from '@lantern/contracts';
import { z } from 'zod';

/** A child row as typed in the edit form; `id` (a saved child's) goes back to the server. */
const childDraftSchema = z.object({
  id: z.string().optional(),
  name: z.string(),
  age: z.string(),
  grade: z.string(),
  special_needs: z.array(z.string()),
  current_support: z.array(z.string()),
});
export type ChildDraft = z.infer<typeof childDraftSchema>;

/**
 * The edit form's values, all as the inputs hold them (text), until `toUpdateInput` converts them.
 * The schema checks their shape only: the inputs' own constraints (required, email, number ranges)
 * are the browser's checks, and the server answers the rest.
 */
export const leadDraftSchema = z.object({
  parent_name: z.string(),
  email: z.string(),
  phone: z.string(),
  timeline: z.string(),
  timeline_date: z.string(),
  biggest_concerns: z.string(),
  children: z.array(childDraftSchema),
  conversion_status: z.string(),
  enrollment_date: z.string(),
  payment_amount: z.string(),
  payment_period: z.string(),
  email_status: z.string(),
  unsubscribe_reason: z.string(),
});
export type LeadDraft = z.infer<typeof leadDraftSchema>;

export function emptyChildDraft(): ChildDraft {
  return { name: '', age: '', grade: '', special_needs: [], current_support: [] };
}

export function toLeadDraft(lead: Lead): LeadDraft {
  const children: ChildDraft[] = lead.children.map((child) => ({
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
