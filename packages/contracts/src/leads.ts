import { z } from 'zod';
import { pageQueryShape, paginationSchema } from './common';
import {
  CHILD_AGE_MAX,
  CHILD_AGE_MIN,
  CONVERSION_STATUS_FILTERS,
  CONVERSION_STATUSES,
  EMAIL_STATUSES,
  LEADS_PAGE_SIZE,
} from './lead-options';

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'must be a real date');
const optionalDate = z
  .union([isoDate, z.literal('')])
  .nullish()
  .transform((v) => (v ? v : null));
const stringList = z.array(text(80)).max(30);
/** The public form sends current_support as one value; the admin forms send a list. */
const supportList = z
  .union([text(80), stringList])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]));
const childAge = z
  .number()
  .int('must be a whole number')
  .min(CHILD_AGE_MIN, `must be between ${CHILD_AGE_MIN} and ${CHILD_AGE_MAX}`)
  .max(CHILD_AGE_MAX, `must be between ${CHILD_AGE_MIN} and ${CHILD_AGE_MAX}`)
  .nullish()
  .transform((v) => v ?? null);

/**
 * A child of a lead, in the API's words: the one shape the enrolment form, the chat, the admin
 * forms and the import give (after their checks) and segment rules read. Only the leads
 * repository turns it into the row's form.
 */
export type LeadChild = {
  name: string;
  age: number | null;
  grade: string | null;
  special_needs: string[];
  current_support: string[];
};

/**
 * A parent's lead as the public enrolment form and the chat give it (checked, trimmed, option
 * values in the admin lists' words): one parent, one lead.
 */
export type PublicFormLead = {
  email: string;
  parent_name: string;
  /** Null (the chat may not know it yet): a known lead keeps its phone and timeline. */
  phone: string | null;
  phone_consent: boolean;
  timeline: string | null;
  biggest_concerns: string | null;
  visitor_id: string | null;
  /** 'form' unless said (the chat widget says 'chat'). */
  source?: string;
  children: LeadChild[];
};

export const childInputSchema = z.strictObject({
  id: z.string().uuid().optional(),
  name: text(120),
  age: childAge,
  grade: optionalText(40),
  special_needs: stringList.nullish().transform((v) => v ?? []),
  current_support: supportList,
});
/** A child of a create or update body: a LeadChild, with its id when it is already stored. */
export type ChildInput = z.output<typeof childInputSchema>;

const leadFields = {
  email: text(254).toLowerCase(),
  parent_name: text(160),
  phone: optionalText(40),
  phone_consent: z.boolean().optional(),
  timeline: optionalText(80),
  timeline_date: optionalDate,
  biggest_concerns: optionalText(5000),
  children: z.array(childInputSchema).max(50).optional(),
  // Legacy single-child fields: wrapped into one child when `children` is empty.
  child_name: optionalText(120),
  child_age: childAge,
  grade: optionalText(40),
  special_needs: stringList.optional(),
  current_support: supportList.optional(),
};

const trackingFields = {
  conversion_status: z.enum(CONVERSION_STATUS_FILTERS).optional(),
  enrollment_date: optionalDate,
  payment_amount: z
    .number()
    .min(0, 'must be 0 or more')
    .max(10_000_000)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === null ? null : Math.round(v * 100) / 100)),
  payment_period: optionalText(40),
  email_status: z.enum(EMAIL_STATUSES).optional(),
  unsubscribe_reason: optionalText(500),
};

/** Manual creation and import: a lead object as the spec's "Lead for create or import". */
export const leadCreateSchema = z.strictObject({ ...leadFields, ...trackingFields });
export type LeadCreateInput = z.output<typeof leadCreateSchema>;

/** PUT /api/leads/{id}: every field optional; children, when given, replace the list. */
// Every field optional *outside* its transform: an omitted field stays undefined ("leave as is")
// instead of being turned into null, so a partial update never clears what it did not mention.
const allOptional = <T extends Record<string, z.ZodType>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };

export const leadUpdateSchema = z.strictObject({
  ...allOptional(leadFields),
  ...allOptional(trackingFields),
});
export type LeadUpdateInput = z.output<typeof leadUpdateSchema>;

export const childSchema = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number().nullable(),
  grade: z.string().nullable(),
  special_needs: z.array(z.string()),
  current_support: z.array(z.string()),
});
/** A stored child as the API shows it: a LeadChild with its id. */
export type Child = z.infer<typeof childSchema>;

export const scoreFactorSchema = z.object({
  key: z.enum(['timeline', 'contact', 'phone_consent', 'children', 'engagement']),
  label: z.string(),
  points: z.number(),
  max: z.number(),
  detail: z.string(),
});

export const leadSegmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  manually_assigned: z.boolean(),
  assigned_at: z.string(),
});

export const leadSchema = z.object({
  id: z.string(),
  email: z.string(),
  parent_name: z.string(),
  phone: z.string().nullable(),
  phone_consent: z.boolean(),
  timeline: z.string().nullable(),
  timeline_date: z.string().nullable(),
  biggest_concerns: z.string().nullable(),
  children: z.array(childSchema),
  /** The first child's name, for lists that show one child. */
  child_name: z.string().nullable(),
  lead_score: z.number(),
  score_breakdown: z.array(scoreFactorSchema),
  segment_tags: z.array(z.string()),
  segments: z.array(leadSegmentSchema),
  conversion_status: z.string(),
  enrollment_date: z.string().nullable(),
  payment_amount: z.number().nullable(),
  payment_period: z.string().nullable(),
  email_status: z.string(),
  unsubscribed_at: z.string().nullable(),
  unsubscribe_reason: z.string().nullable(),
  source: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

const filter = <T extends readonly [string, ...string[]]>(values: T) => z.enum(['all', ...values]).optional();

export const leadsQuerySchema = z.strictObject({
  ...pageQueryShape({ size: LEADS_PAGE_SIZE, max: 100 }),
  search: z.string().trim().max(200).optional(),
  score: filter(['high', 'medium', 'low']),
  /** A timeline text (matched case-insensitively) or 'Unknown' for none; 'all' is ignored. */
  timeline: z.string().trim().max(80).optional(),
  /** A segment id; 'all' is ignored. */
  segment: z.string().trim().max(80).optional(),
  /** A segment id: only leads not in it (the segment viewer's Add Leads dialog). */
  not_in_segment: z.string().uuid('not_in_segment: must be a segment id').optional(),
  conversion_status: filter(CONVERSION_STATUS_FILTERS),
  email_status: filter(EMAIL_STATUSES),
});
export type LeadsQuery = z.input<typeof leadsQuerySchema>;

export const leadsPageSchema = z.object({ leads: z.array(leadSchema), pagination: paginationSchema });
export type LeadsPage = z.infer<typeof leadsPageSchema>;

export const conversationMessageSchema = z.object({
  role: z.string(),
  content: z.string(),
  timestamp: z.string().nullable(),
});

export const conversationSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  completed: z.boolean(),
  messages: z.array(conversationMessageSchema),
  context: z.record(z.string(), z.unknown()),
  message_count: z.number(),
  duration_minutes: z.number().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const leadDetailSchema = z.object({ lead: leadSchema, conversations: z.array(conversationSchema) });
export const leadResponseSchema = z.object({ lead: leadSchema });
export const leadCreatedSchema = z.object({ lead: leadSchema, segments: z.array(z.string()) });

export const idParamsSchema = z.strictObject({ id: z.string().uuid('must be a valid id') });

export { CONVERSION_STATUSES };
