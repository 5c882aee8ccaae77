import { z } from 'zod';
import { adminCurrentSupport, adminSpecialNeed } from './import-validation';
import { CHILD_AGE_MAX, CHILD_AGE_MIN } from './lead-options';
import type { PublicFormLead } from './leads';

/**
 * The public enrolment form (spec document 1: "Public enrolment form", "Public form payload",
 * "Widget configuration"). The same checks run in the browser and on the server.
 */

export const ENROLL_DEFAULT_BRANDING = {
  school_name: 'My Academy',
  primary_color: '#4F46E5',
  secondary_color: '#7C3AED',
  accent_color: '#10B981',
  logo_url: null,
} as const;

/** GET /widget/config: public branding (and, when configured, the enrolment page's analytics script). */
export const widgetConfigSchema = z.object({
  school_name: z.string(),
  primary_color: z.string(),
  secondary_color: z.string(),
  accent_color: z.string(),
  logo_url: z.string().nullable(),
  analytics: z.object({ script_url: z.string(), domain: z.string().nullable() }).nullable(),
});
export type WidgetConfig = z.infer<typeof widgetConfigSchema>;

export const ENROLL_MESSAGES = {
  parentName: 'Parent name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number (at least 10 digits)',
  childName: 'Child name is required',
  childAge: 'Child age is required',
  specialNeeds: 'Please select at least one special need',
  timeline: 'Please select a timeline',
  failed: 'Failed to submit form',
  alert: 'There was an error submitting your form. Please try again or contact us directly.',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_CHARACTERS = /^[\d\s()-]+$/;

export type EnrollChildDraft = { name: string; age: string | number | null; special_needs: string[] };
export type EnrollDraft = {
  parentName: string;
  email: string;
  phone: string;
  timeline: string;
  children: EnrollChildDraft[];
};

/**
 * The form's problems by field path ('parentName', 'children.0.age', ...), in the spec's words;
 * empty when the form may be sent. The browser shows them; the server refuses with the first.
 */
export function enrollFormErrors(form: EnrollDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.parentName.trim()) errors.parentName = ENROLL_MESSAGES.parentName;
  const email = form.email.trim();
  if (!email) errors.email = ENROLL_MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = ENROLL_MESSAGES.emailInvalid;
  const phone = form.phone.trim();
  if (!phone) errors.phone = ENROLL_MESSAGES.phoneRequired;
  else if (!PHONE_CHARACTERS.test(phone) || phone.replace(/\D/g, '').length < 10)
    errors.phone = ENROLL_MESSAGES.phoneInvalid;
  form.children.forEach((child, i) => {
    if (!child.name.trim()) errors[`children.${i}.name`] = ENROLL_MESSAGES.childName;
    const age = typeof child.age === 'number' ? child.age : String(child.age ?? '').trim();
    if (
      age === '' ||
      !Number.isInteger(Number(age)) ||
      Number(age) < CHILD_AGE_MIN ||
      Number(age) > CHILD_AGE_MAX
    )
      errors[`children.${i}.age`] = ENROLL_MESSAGES.childAge;
    if (child.special_needs.length === 0)
      errors[`children.${i}.special_needs`] = ENROLL_MESSAGES.specialNeeds;
  });
  if (!form.timeline.trim()) errors.timeline = ENROLL_MESSAGES.timeline;
  return errors;
}

/** POST /widget/submit-lead (no token). `website` is a honeypot: people never see or fill it. */
export const submitLeadSchema = z.strictObject({
  visitorId: z.string().trim().max(100).nullish(),
  leadData: z.strictObject({
    parentName: z.string().max(200),
    email: z.string().max(254),
    phone: z.string().max(40),
    phoneConsent: z.union([z.enum(['yes', 'no']), z.boolean()]).default('no'),
    timeline: z.string().max(80),
    biggestConcerns: z.string().max(5000).nullish(),
  }),
  children: z
    .array(
      z.strictObject({
        name: z.string().max(120),
        age: z.union([z.number(), z.string().max(3)]).nullable(),
        special_needs: z.array(z.string().max(80)).max(20),
        current_support: z.union([z.string().max(500), z.array(z.string().max(80)).max(20)]).nullish(),
      }),
    )
    .min(1, ENROLL_MESSAGES.childName)
    .max(10, 'At most 10 children'),
  website: z.string().max(500).optional(),
});
export type SubmitLeadInput = z.input<typeof submitLeadSchema>;

/** The public form's current support: a list, or one text of values split on commas and semicolons. */
const supportOf = (value: string | string[] | null | undefined) =>
  (Array.isArray(value) ? value : (value ?? '').split(/[,;]/))
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => adminCurrentSupport(s) ?? s);

/**
 * A submission as the lead it makes (trimmed, option values in the admin lists' words), or its
 * first problem in the form's words (enrollFormErrors, then a special need not in the lists).
 */
export function readEnrolmentForm(
  input: SubmitLeadInput,
): { lead: PublicFormLead; problem: null } | { lead: null; problem: string } {
  const { leadData, children } = input;
  const problems = enrollFormErrors({
    parentName: leadData.parentName,
    email: leadData.email,
    phone: leadData.phone,
    timeline: leadData.timeline,
    children: children.map((c) => ({ name: c.name, age: c.age, special_needs: c.special_needs })),
  });
  const first = Object.values(problems)[0];
  if (first) return { lead: null, problem: first };
  const needsByChild: string[][] = [];
  for (const [i, child] of children.entries()) {
    const needs: string[] = [];
    for (const need of child.special_needs) {
      const known = adminSpecialNeed(need);
      if (!known)
        return { lead: null, problem: `Child ${i + 1}: unknown special need "${need.slice(0, 40)}"` };
      needs.push(known);
    }
    needsByChild.push([...new Set(needs)]);
  }
  const lead: PublicFormLead = {
    email: leadData.email.trim().toLowerCase(),
    parent_name: leadData.parentName.trim(),
    phone: leadData.phone.trim(),
    phone_consent: leadData.phoneConsent === true || leadData.phoneConsent === 'yes',
    timeline: leadData.timeline.trim(),
    biggest_concerns: leadData.biggestConcerns?.trim() || null,
    visitor_id: input.visitorId?.trim() || null,
    children: children.map((c, i) => ({
      name: c.name.trim(),
      age: Number(c.age),
      grade: null,
      special_needs: needsByChild[i]!,
      current_support: supportOf(c.current_support),
    })),
  };
  return { lead, problem: null };
}

export const recommendedResourceSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  downloadUrl: z.string(),
});
export type RecommendedResource = z.infer<typeof recommendedResourceSchema>;

export const submitLeadResponseSchema = z.object({
  success: z.literal(true),
  recommendedResources: z.array(recommendedResourceSchema),
});
export type SubmitLeadResponse = z.infer<typeof submitLeadResponseSchema>;
