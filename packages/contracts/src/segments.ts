import { z } from 'zod';
import { pageQueryShape, paginationSchema } from './common';
import { MAX_RULE_CONDITIONS, MAX_RULE_TEXT } from './segment-rules';

export const SEGMENT_PRIORITY_MIN = 1;
export const SEGMENT_PRIORITY_MAX = 100;
export const SEGMENT_DEFAULT_PRIORITY = 5;

const ruleConditionSchema = z.object({
  field: z.string().max(40),
  operator: z.string().max(40),
  value: z.union([z.string().max(MAX_RULE_TEXT), z.number(), z.null()]).optional(),
});
/** A rule group as sent and stored; its meaning is checked by checkRuleGroup (segment-rules.ts). */
export const ruleGroupSchema = z.object({
  operator: z.string().max(10),
  conditions: z.array(ruleConditionSchema).max(MAX_RULE_CONDITIONS),
});

export const segmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  inclusion_rules: ruleGroupSchema.nullable(),
  exclusion_rules: ruleGroupSchema.nullable(),
  is_active: z.boolean(),
  never_contact: z.boolean(),
  email_list_ready: z.boolean(),
  auto_tag: z.boolean(),
  priority: z.number(),
  active_leads: z.number(),
  created_at: z.string(),
  last_evaluated: z.string().nullable(),
  /** Derived: the spec's display status, and the rules in one line. */
  status: z.enum(['Do Not Contact', 'Inactive', 'Email Ready', 'Processing']),
  rules_summary: z.string(),
});
export type Segment = z.infer<typeof segmentSchema>;

export const segmentListSchema = z.object({ segments: z.array(segmentSchema) });
export const segmentResponseSchema = z.object({ segment: segmentSchema });

const segmentFields = {
  name: z
    .string()
    .trim()
    .min(1, 'Segment name is required')
    .max(120, 'Segment name is at most 120 characters'),
  description: z.string().trim().max(1000).nullable().optional(),
  priority: z
    .number()
    .int('Priority must be between 1 and 100')
    .min(SEGMENT_PRIORITY_MIN, 'Priority must be between 1 and 100')
    .max(SEGMENT_PRIORITY_MAX, 'Priority must be between 1 and 100'),
  is_active: z.boolean(),
  email_list_ready: z.boolean(),
  never_contact: z.boolean(),
  auto_tag: z.boolean(),
  inclusion_rules: ruleGroupSchema.nullable(),
  exclusion_rules: ruleGroupSchema.nullable(),
};

/** POST /api/segments: the editor's fields; defaults as the spec says. */
export const segmentCreateSchema = z.strictObject({
  ...segmentFields,
  priority: segmentFields.priority.default(SEGMENT_DEFAULT_PRIORITY),
  is_active: z.boolean().default(true),
  email_list_ready: z.boolean().default(true),
  never_contact: z.boolean().default(false),
  auto_tag: z.boolean().default(true),
  inclusion_rules: segmentFields.inclusion_rules.optional(),
  exclusion_rules: segmentFields.exclusion_rules.optional(),
});
export type SegmentCreateInput = z.input<typeof segmentCreateSchema>;

/** PUT /api/segments/{id}: any of the fields, e.g. {is_active} alone. */
export const segmentUpdateSchema = z.strictObject(segmentFields).partial();
export type SegmentUpdateInput = z.input<typeof segmentUpdateSchema>;

export const evaluateRulesSchema = z.strictObject({
  inclusion_rules: ruleGroupSchema.nullable().optional(),
  exclusion_rules: ruleGroupSchema.nullable().optional(),
});

const sampleLeadSchema = z.object({
  id: z.string(),
  email: z.string(),
  parent_name: z.string(),
  child_name: z.string().nullable(),
  lead_score: z.number(),
});
/** The rule test result (spec 3.3); samples hold at most 3 leads each. */
export const ruleTestResultSchema = z.object({
  total_leads: z.number(),
  matching_count: z.number(),
  excluded_count: z.number(),
  match_percentage: z.number(),
  matching_leads: z.array(sampleLeadSchema),
  excluded_leads: z.array(sampleLeadSchema),
});
export type RuleTestResult = z.infer<typeof ruleTestResultSchema>;

export const SEGMENT_LEADS_PAGE_SIZE = 20;
/** A lead as the segment viewer shows it (spec 3.2). */
export const segmentLeadSchema = z.object({
  id: z.string(),
  email: z.string(),
  parent_name: z.string(),
  child_name: z.string().nullable(),
  child_age: z.number().nullable(),
  phone: z.string().nullable(),
  special_needs: z.array(z.string()),
  lead_score: z.number(),
  timeline: z.string().nullable(),
  manually_assigned: z.boolean(),
  assigned_at: z.string(),
});
export type SegmentLead = z.infer<typeof segmentLeadSchema>;

export const segmentLeadsQuerySchema = z.strictObject({
  ...pageQueryShape({ size: 50, max: 200 }),
  search: z.string().trim().max(200).optional(),
  score: z.enum(['all', 'high', 'medium', 'low']).optional(),
  assignment: z.enum(['all', 'manual', 'auto']).optional(),
});
export type SegmentLeadsQuery = z.input<typeof segmentLeadsQuerySchema>;

export const segmentLeadsPageSchema = z.object({
  leads: z.array(segmentLeadSchema),
  pagination: paginationSchema,
  /** Every lead in the segment, whatever the filters ('(N total in segment)'). */
  segment_total: z.number(),
});
export type SegmentLeadsPage = z.infer<typeof segmentLeadsPageSchema>;

export const segmentExportQuerySchema = z.strictObject({ format: z.enum(['csv', 'json']).default('csv') });
export const segmentExportJsonSchema = z.object({
  segment: z.object({ id: z.string(), name: z.string() }),
  leads: z.array(segmentLeadSchema),
});

export const segmentCloneSchema = z.strictObject({
  name: z.string().trim().min(1, 'Segment name is required').max(120),
});

/** The sync result (spec 3.4). */
export const syncResultSchema = z.object({
  success: z.boolean(),
  mailerlite_group_name: z.string(),
  results: z.object({
    leads_found: z.number(),
    synced: z.number(),
    errors: z.number(),
    error_details: z.array(z.object({ email: z.string(), error: z.string() })),
  }),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

export const removeLeadsResponseSchema = z.object({ success: z.literal(true), removed: z.number() });

export const leadIdsSchema = z.strictObject({
  lead_ids: z
    .array(z.string().uuid('must be lead ids'))
    .min(1, 'Select at least one lead')
    .max(1000, 'At most 1000 leads at a time'),
});

export const assignLeadsResponseSchema = z.object({
  success: z.literal(true),
  assigned: z.number(),
  message: z.string(),
});

/** A clone's name ends in ' (Copy)', a clone's clone in ' (Copy) (Copy)'. */
const COPY_SUFFIX = /( \(Copy\))+$/;

/**
 * Slug-shaped names (all-active-leads, early-years: the seeded and imported ones) are shown with
 * spaces, and so are their copies' (early-years (Copy)); a name staff typed ("Autism - Immediate",
 * "K-12 families") is shown as typed.
 */
export function segmentDisplayName(name: string): string {
  const suffix = COPY_SUFFIX.exec(name)?.[0] ?? '';
  const base = name.slice(0, name.length - suffix.length);
  return /^[a-z0-9]+(-[a-z0-9]+)+$/.test(base) ? `${base.replace(/-/g, ' ')}${suffix}` : name;
}

/** The name the clone dialog offers: the name as the cards show it, plus ' (Copy)'. */
export const segmentCloneName = (name: string) => `${segmentDisplayName(name)} (Copy)`;

/** Names of the system segments (trimmed, lower case), hidden wherever segments are listed (spec 2.1). */
export const HIDDEN_SEGMENT_NAMES: readonly string[] = [
  'all-active-leads',
  'never-contact',
  'do not contact',
];

/** System segments, hidden from the segments dashboard (spec 2.1) and the dashboard's Top Segments. */
export function isHiddenSegment(segment: Pick<Segment, 'name' | 'never_contact'>): boolean {
  return segment.never_contact || HIDDEN_SEGMENT_NAMES.includes(segment.name.trim().toLowerCase());
}

/** The display status, in the spec's order (4.1). */
export function segmentStatus(s: { never_contact: boolean; is_active: boolean; email_list_ready: boolean }) {
  if (s.never_contact) return 'Do Not Contact' as const;
  if (!s.is_active) return 'Inactive' as const;
  return s.email_list_ready ? ('Email Ready' as const) : ('Processing' as const);
}

/** Segment CSV export file name (spec 9): non-alphanumerics become underscores, plus _leads.csv. */
export const segmentExportFilename = (name: string) => `${name.replace(/[^a-zA-Z0-9]/g, '_')}_leads.csv`;
