import { z } from 'zod';

export const SEGMENT_PRIORITY_MIN = 1;
export const SEGMENT_PRIORITY_MAX = 100;
export const SEGMENT_DEFAULT_PRIORITY = 5;

export const segmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  never_contact: z.boolean(),
  email_list_ready: z.boolean(),
  auto_tag: z.boolean(),
  priority: z.number(),
  active_leads: z.number(),
  created_at: z.string(),
  last_evaluated: z.string().nullable(),
});
export type Segment = z.infer<typeof segmentSchema>;

export const segmentListSchema = z.object({ segments: z.array(segmentSchema) });

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

/** Segment names are stored with hyphens (all-active-leads); screens show them with spaces. */
export const segmentDisplayName = (name: string) => name.replace(/-/g, ' ');
