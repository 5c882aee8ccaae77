import { z } from 'zod';
import { CONVERSATION_STATUSES } from './chat';
import { pageQueryShape, paginationSchema } from './common';

/**
 * Conversation analytics and email health (spec document 2, sections 2.3, 2.4, 3 and 7). The
 * definitions every figure uses are written here once, as pure functions and documented fields,
 * and in the README's Analytics section:
 *
 * - A **visitor** is one widget browser (`visitors` row), counted when first seen in the period.
 * - A **conversation** belongs to the date (in the school's time zone) it started; it is
 *   **converted** once it produced a lead, **abandoned** after CONVERSATION_IDLE_MINUTES of silence
 *   without one, else **in_progress** (active).
 * - A conversation's **duration** is from its start to its last message, in minutes; an ongoing
 *   one (in_progress) has none ('Ongoing').
 * - **Rates** are percentages from 0 to 100 with one decimal; 0 when the base is 0.
 * - Every answer says how many conversations it considered (`considered`).
 */

export const ANALYTICS_STATUSES = CONVERSATION_STATUSES;
export type AnalyticsStatus = (typeof ANALYTICS_STATUSES)[number];

export const ANALYTICS_PERIODS = ['today', '7d', '30d', '90d', 'all'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  today: 'Today',
  '7d': 'Last 7 Days',
  '30d': 'Last 30 Days',
  '90d': 'Last 90 Days',
  all: 'All Time',
};
export const ANALYTICS_DEFAULT_PERIOD: AnalyticsPeriod = '30d';
export const CONVERSATION_PAGE_SIZES = [10, 20, 50, 100] as const;
export const CONVERSATION_PAGE_SIZE = 20;
export const FUNNEL_BAR_MIN_WIDTH_PERCENT = 15;

export const ANALYTICS_MESSAGES = {
  loadConversations: 'Failed to load conversations',
  loadFunnel: 'Failed to load conversion funnel',
  loadDropOff: 'Failed to load drop-off analysis',
  loadEmailHealth: 'Failed to load email health data',
  loadAnalytics: 'Failed to load analytics data',
  conversationNotFound: 'Conversation not found',
  loadConversation: 'Failed to load conversation details',
  noFunnel: 'No funnel data available',
  noDropOff: 'No drop-off data available',
  noData: 'No data available',
} as const;

// ---- queries ----

/** A date ('2026-11-24') or a full ISO timestamp; a bare date means that whole day in the school's zone. */
const isoDate = z
  .string()
  .trim()
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)),
    {
      message: 'must be a date such as 2026-11-24 or an ISO timestamp',
    },
  );

const rangeShape = { dateFrom: isoDate.optional(), dateTo: isoDate.optional() };
const fromNotAfterTo = (q: { dateFrom?: string; dateTo?: string }) =>
  !q.dateFrom || !q.dateTo || Date.parse(q.dateFrom) <= Date.parse(q.dateTo);
const RANGE_ORDER = { message: 'dateFrom must be on or before dateTo', path: ['dateFrom'] };

/** The period a figure covers: both ends optional (All Time when absent). */
export const analyticsRangeQuerySchema = z.strictObject(rangeShape).refine(fromNotAfterTo, RANGE_ORDER);
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuerySchema>;

const conversationListShape = {
  ...pageQueryShape({ size: CONVERSATION_PAGE_SIZE, max: 100 }),
  status: z.enum(['all', ...ANALYTICS_STATUSES]).optional(),
  search: z.string().trim().max(200).optional(),
  ...rangeShape,
};
export const conversationListQuerySchema = z
  .strictObject({ ...conversationListShape, conversationId: z.string().uuid().optional() })
  .refine(fromNotAfterTo, RANGE_ORDER);
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;
/** GET /api/analytics/conversations/search: the list's filters plus what was said. */
export const conversationSearchQuerySchema = z
  .strictObject({ ...conversationListShape, messageSearch: z.string().trim().max(200).optional() })
  .refine(fromNotAfterTo, RANGE_ORDER);
export type ConversationSearchQuery = z.infer<typeof conversationSearchQuerySchema>;

// ---- answers ----

export const analyticsMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  timestamp: z.string().nullable(),
});
export type AnalyticsMessage = z.infer<typeof analyticsMessageSchema>;

/** One row of the conversation list (spec 3, Conversation, without messages and context). */
export const conversationSummarySchema = z.object({
  id: z.string(),
  status: z.enum(ANALYTICS_STATUSES),
  visitor_uuid: z.string(),
  visitor_email: z.string().nullable(),
  lead_email: z.string().nullable(),
  parent_name: z.string().nullable(),
  lead_id: z.string().nullable(),
  started_at: z.string(),
  /** Minutes from the first to the last message; null while in progress ('Ongoing'). */
  duration: z.number().nullable(),
  message_count: z.number().int(),
  user_message_count: z.number().int(),
  bot_message_count: z.number().int(),
  has_name: z.boolean(),
  has_email: z.boolean(),
  has_child_info: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  pagination: paginationSchema,
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/** GET /api/analytics/conversations/{id}/detail: the row, its context and its messages. */
export const conversationDetailSchema = conversationSummarySchema.extend({
  context: z.record(z.string(), z.unknown()),
  messages: z.array(analyticsMessageSchema),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/** GET /api/analytics/visitor-journey/{visitorUuid}. */
export const visitorJourneySchema = z.object({
  visitor_uuid: z.string(),
  total_visits: z.number().int(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  conversations: z.array(conversationSummarySchema),
  lead: z
    .object({
      id: z.string(),
      parent_name: z.string(),
      child_name: z.string().nullable(),
      timeline: z.string().nullable(),
      lead_score: z.number().int(),
    })
    .nullable(),
});
export type VisitorJourney = z.infer<typeof visitorJourneySchema>;

export const conversationStatsSchema = z.object({
  overview: z.object({
    total_conversations: z.number().int(),
    unique_visitors: z.number().int(),
    conversion_rate: z.number(),
    converted_conversations: z.number().int(),
    abandoned_conversations: z.number().int(),
    active_conversations: z.number().int(),
    avg_duration_minutes: z.number(),
    avg_messages_per_conversation: z.number(),
  }),
  /** One entry per date (the school's time zone) that has conversations, oldest first. */
  trends: z.array(
    z.object({
      date: z.string(),
      conversations: z.number().int(),
      conversions: z.number().int(),
      conversion_rate: z.number(),
    }),
  ),
  /** One entry per hour of the day (0-23, the school's time zone) that has conversations. */
  peak_hours: z.array(
    z.object({ hour: z.number().int(), display_hour: z.string(), conversations: z.number().int() }),
  ),
  considered: z.number().int(),
});
export type ConversationStats = z.infer<typeof conversationStatsSchema>;

export const FUNNEL_RATES = [
  'visitor_to_conversation',
  'conversation_to_name',
  'name_to_email',
  'email_to_lead',
  'lead_to_subscribed',
  'overall_conversion',
] as const;
export const funnelSchema = z.object({
  total_visitors: z.number().int(),
  total_conversations: z.number().int(),
  conversations_with_name: z.number().int(),
  conversations_with_email: z.number().int(),
  total_leads: z.number().int(),
  subscribed_leads: z.number().int(),
  unsubscribed_leads: z.number().int(),
  bounced_leads: z.number().int(),
  conversion_rates: z.object(
    Object.fromEntries(FUNNEL_RATES.map((k) => [k, z.number()])) as {
      [K in (typeof FUNNEL_RATES)[number]]: z.ZodNumber;
    },
  ),
  considered: z.number().int(),
});
export type Funnel = z.infer<typeof funnelSchema>;

/** The drop-off stages, in the chatbot's intake order. */
export const DROP_OFF_STAGES = [
  'started',
  'answered_a_question',
  'gave_name',
  'gave_email',
  'gave_child_info',
  'became_lead',
] as const;
export const DROP_OFF_STAGE_LABELS: Record<(typeof DROP_OFF_STAGES)[number], string> = {
  started: 'Started a conversation',
  answered_a_question: 'Answered a question',
  gave_name: 'Gave their name',
  gave_email: 'Gave their email',
  gave_child_info: 'Told us about their child',
  became_lead: 'Became a lead',
};
export const dropOffSchema = z.object({
  stages: z.array(
    z.object({
      stage: z.enum(DROP_OFF_STAGES),
      total: z.number().int(),
      dropped: z.number().int(),
      continued: z.number().int(),
      drop_off_rate: z.number(),
    }),
  ),
  summary: z.object({
    overall_completion_rate: z.number(),
    completed_leads: z.number().int(),
    total_conversations: z.number().int(),
  }),
  considered: z.number().int(),
});
export type DropOff = z.infer<typeof dropOffSchema>;

export const emailHealthSchema = z.object({
  total: z.number().int(),
  subscribed: z.number().int(),
  unsubscribed: z.number().int(),
  bounced: z.number().int(),
  unsubscribe_rate: z.number(),
  webhook_config: z.object({ secret_configured: z.boolean() }),
});
export type EmailHealth = z.infer<typeof emailHealthSchema>;

// ---- the rules, written once ----

/** A percentage with one decimal; 0 when there is nothing to divide by. */
export const ratePercent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;

/** Trend badge colour by conversion rate: 20% or more green, 10% or more yellow, else red. */
export const trendTone = (rate: number): 'green' | 'yellow' | 'red' =>
  rate >= 20 ? 'green' : rate >= 10 ? 'yellow' : 'red';

/** Status colours: converted green, abandoned red, in progress yellow. */
export const STATUS_TONE: Record<AnalyticsStatus, 'green' | 'red' | 'yellow'> = {
  converted: 'green',
  abandoned: 'red',
  in_progress: 'yellow',
};

/** Email health grade by unsubscribe rate: under 2% Excellent, under 5% Good, under 10% Fair, else Poor. */
export const emailHealthGrade = (unsubscribeRate: number): 'Excellent' | 'Good' | 'Fair' | 'Poor' =>
  unsubscribeRate < 2 ? 'Excellent' : unsubscribeRate < 5 ? 'Good' : unsubscribeRate < 10 ? 'Fair' : 'Poor';
/** The warning shows above 5%. */
export const emailHealthWarns = (unsubscribeRate: number) => unsubscribeRate > 5;

/** The funnel's insight thresholds (percentages): below each, the insight shows. */
export const FUNNEL_THRESHOLDS = {
  visitor_to_conversation: 10,
  conversation_to_name: 50,
  name_to_email: 70,
  email_to_lead: 80,
  lead_to_subscribed: 95,
} as const;
/** An overall conversion above this is praised. */
export const FUNNEL_OVERALL_PRAISE = 5;

/** Engagement score: messages per minute of duration (at least 1), times 10, rounded. */
export const engagementScore = (messageCount: number, durationMinutes: number | null) =>
  Math.round((messageCount / Math.max(1, durationMinutes ?? 0)) * 10);

/** Duration as shown: none 'Ongoing', under a minute '< 1min', under an hour 'N min', else 'Hh Mm'. */
export function formatConversationDuration(minutes: number | null): string {
  if (minutes === null) return 'Ongoing';
  if (minutes < 1) return '< 1min';
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const whole = Math.round(minutes);
  return `${Math.floor(whole / 60)}h ${whole % 60}m`;
}

/** '9 AM', '12 PM', '3 PM' for an hour of the day 0-23. */
export const displayHour = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
