import { z } from 'zod';
import { CONVERSION_STATUSES } from './lead-options';
import { segmentUpdateSchema } from './segments';

// A segment's analytics (spec 3.5, made real: issue 19) and the batch update of segments (spec 4.1).

export const SEGMENT_ANALYTICS_RANGES = ['7d', '30d', '90d', 'all'] as const;
export type SegmentAnalyticsRange = (typeof SEGMENT_ANALYTICS_RANGES)[number];
/** Spec 7: the default analytics range. */
export const SEGMENT_ANALYTICS_DEFAULT_RANGE: SegmentAnalyticsRange = '30d';
/** Days in each range; 'all' starts at the segment's first member. */
export const SEGMENT_ANALYTICS_RANGE_DAYS: Record<Exclude<SegmentAnalyticsRange, 'all'>, number> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
};
export const SEGMENT_ANALYTICS_RANGE_LABELS: Record<SegmentAnalyticsRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  all: 'All time',
};

export const segmentAnalyticsQuerySchema = z.strictObject({
  time_range: z.enum(SEGMENT_ANALYTICS_RANGES).default(SEGMENT_ANALYTICS_DEFAULT_RANGE),
});

/**
 * One day (UTC, YYYY-MM-DD) of the segment's growth. A lead counts from the day it joined the
 * segment (lead_segments.assigned_at), not the day the lead was created: new_leads joined that
 * day, total_leads were members at the end of it (current members only: leads taken out are not
 * counted on any day).
 */
export const leadGrowthPointSchema = z.object({
  date: z.string(),
  new_leads: z.number().int(),
  total_leads: z.number().int(),
});

/** The segment's current members by conversion status; rate is count / members (0 to 1). */
export const conversionByStatusSchema = z.object({
  status: z.enum(CONVERSION_STATUSES),
  count: z.number().int(),
  rate: z.number(),
});

export const segmentAnalyticsSchema = z.object({
  segment_id: z.string(),
  time_range: z.enum(SEGMENT_ANALYTICS_RANGES),
  lead_growth: z.array(leadGrowthPointSchema),
  conversion_rates: z.object({
    total_leads: z.number().int(),
    by_status: z.array(conversionByStatusSchema),
    /** Share of members whose status is 'enrolled' (0 to 1). */
    enrolled_rate: z.number(),
  }),
  engagement_metrics: z.object({
    /** Chat conversations of the members that produced a lead (status converted), started in the range. */
    conversations_completed: z.number().int(),
    /** The members' resource downloads, all time (the lead keeps a running count, not dates). */
    resources_downloaded: z.number().int(),
    /** Always 0: campaigns do not send email yet, so nothing is opened or clicked. */
    campaign_opens: z.number().int(),
    /** Always 0, as campaign_opens. */
    campaign_clicks: z.number().int(),
  }),
});
export type SegmentAnalytics = z.infer<typeof segmentAnalyticsSchema>;
export type LeadGrowthPoint = z.infer<typeof leadGrowthPointSchema>;

export const SEGMENT_BATCH_MAX = 100;

/** Spec 4.1: several segments changed in one call, each as PUT /api/segments/{id} would. */
export const segmentBatchUpdateSchema = z.strictObject({
  updates: z
    .array(z.strictObject({ id: z.string().uuid('must be segment ids'), changes: segmentUpdateSchema }))
    .min(1, 'Give at least one update')
    .max(SEGMENT_BATCH_MAX, `At most ${SEGMENT_BATCH_MAX} updates at a time`),
});
export type SegmentBatchUpdateInput = z.input<typeof segmentBatchUpdateSchema>;

/** success only if none failed; each result says why one failed. */
export const segmentBatchUpdateResultSchema = z.object({
  success: z.boolean(),
  updated: z.number().int(),
  failed: z.number().int(),
  results: z.array(z.object({ id: z.string(), success: z.boolean(), error: z.string().optional() })),
});
export type SegmentBatchUpdateResult = z.infer<typeof segmentBatchUpdateResultSchema>;
