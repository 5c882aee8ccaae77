import { z } from 'zod';

// Campaign results (issue 24; spec document 3, 2.6, 3.8, 5.4, 7.4, 9): per-campaign stats, the
// open-tracking setting and the History tab's list and CSV export.

export const CAMPAIGN_RESULTS_MESSAGES = {
  /** Shown beside the opens figure: a pixel is only counted when the mail app loads images. */
  opensEstimate:
    'Opens are estimates: some mail apps block images, and privacy proxies (such as Apple Mail Privacy Protection) load them for the reader.',
  openTrackingOff: 'Open tracking is turned off, so opens are not counted.',
  invalidDate: 'Dates must be real days written as YYYY-MM-DD',
  dateOrder: 'The start date must be on or before the end date',
  invalidSegment: 'Segment must be a valid id',
  noHistory: 'No sent campaigns match these filters',
  settingsSaved: 'Tracking settings saved',
} as const;

// ---- stats ----

/**
 * GET /api/campaigns/{id}/stats. Rates are fractions of `sent` (0 when nothing was sent): opens /
 * sent and unique clickers / sent. `clicks` counts each recipient's link once (two clicks of the
 * same link by the same parent are one). `bounced`: recipients whose message hard-bounced;
 * `unsubscribed`: parents who unsubscribed through this campaign's links. `open_tracking` is the
 * school's setting now; `opens_are_estimates` is always true (the screen explains why).
 */
export const campaignResultStatsSchema = z.object({
  sent: z.number().int(),
  opens: z.number().int(),
  clicks: z.number().int(),
  bounced: z.number().int(),
  unsubscribed: z.number().int(),
  open_rate: z.number(),
  click_rate: z.number(),
  open_tracking: z.boolean(),
  opens_are_estimates: z.literal(true),
});
export type CampaignResultStats = z.infer<typeof campaignResultStatsSchema>;
export const campaignResultStatsResponseSchema = z.object({ stats: campaignResultStatsSchema });

/** A fraction of `sent`, 0 when nothing was sent. */
export const rateOf = (count: number, sent: number): number => (sent > 0 ? count / sent : 0);

/** A fraction as a percent with one decimal place: 1/3 -> '33.3%', 0 -> '0.0%'. */
export function formatRatePercent(fraction: number): string {
  const value = Number.isFinite(fraction) ? fraction : 0;
  return `${(Math.round(value * 1000) / 10).toFixed(1)}%`;
}

// ---- tracking settings ----

/**
 * GET/PUT /api/campaigns/tracking-settings: whether campaign emails carry the open-tracking pixel
 * (on by default). Click tracking is always on: the links are how clicks are counted.
 */
export const trackingSettingsSchema = z.strictObject({ open_tracking_enabled: z.boolean() });
export type TrackingSettings = z.infer<typeof trackingSettingsSchema>;
export const trackingSettingsResponseSchema = z.object({ settings: trackingSettingsSchema });

// ---- history ----

/** Whether YYYY-MM-DD is a day of the calendar (JavaScript rolls 2026-02-30 over to March). */
const isCalendarDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
};

const day = z
  .string()
  .trim()
  .refine(isCalendarDay, CAMPAIGN_RESULTS_MESSAGES.invalidDate)
  .optional()
  .or(z.literal('').transform(() => undefined));

/**
 * GET /api/campaigns/history and /history/export. Dates are days in the school's time zone: the
 * start day is included from 00:00, the end day through 23:59:59.999.
 */
export const campaignHistoryQuerySchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    segment_id: z
      .string()
      .uuid(CAMPAIGN_RESULTS_MESSAGES.invalidSegment)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    start_date: day,
    end_date: day,
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    message: CAMPAIGN_RESULTS_MESSAGES.dateOrder,
    path: ['end_date'],
  });
export type CampaignHistoryQuery = z.infer<typeof campaignHistoryQuerySchema>;

export const campaignHistoryItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  sent_at: z.string().nullable(),
  segments: z.array(z.string()),
  /** Messages that left (the send's `sent`). */
  recipients: z.number().int(),
  opens: z.number().int(),
  clicks: z.number().int(),
  open_rate: z.number(),
  click_rate: z.number(),
});
export type CampaignHistoryItem = z.infer<typeof campaignHistoryItemSchema>;
export const campaignHistorySchema = z.object({
  campaigns: z.array(campaignHistoryItemSchema),
  total: z.number().int(),
});
export type CampaignHistory = z.infer<typeof campaignHistorySchema>;

/** The export's columns, in order (spec document 3, 9). */
export const CAMPAIGN_HISTORY_CSV_COLUMNS = [
  'Campaign Name',
  'Subject',
  'Sent Date',
  'Segments',
  'Recipients',
  'Opens',
  'Clicks',
  'Open Rate',
  'Click Rate',
] as const;

/** campaign-history-2026-11-24.csv (the ISO date of the day it is exported, UTC). */
export const campaignHistoryFilename = (today: Date = new Date()) =>
  `campaign-history-${today.toISOString().slice(0, 10)}.csv`;
