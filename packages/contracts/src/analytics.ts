import { z } from 'zod';
import { CONVERSATION_STATUSES } from './chat';
import { pageQueryShape, paginationSchema } from './common';

/**
 * Conversation analytics and email health (spec document 2, sections 2.3, 2.4, 3 and 7). The
 * definitions every figure uses are written here once, as pure functions and documented fields,
 * and in the README's Analytics section:
 *
 * - A **visitor** is one widget browser (`visitors` row), counted when first seen in the period
 *   (the funnel's total_visitors); the statistics' unique_visitors are the distinct visitors of
 *   the period's conversations.
 * - A **conversation** belongs to the date (in the school's time zone, SCHOOL_TIME_ZONE) it started;
 *   it is **converted** once it produced a lead, **abandoned** after CONVERSATION_IDLE_MINUTES of
 *   silence without one, else **in_progress** (active). The status is computed when asked (the
 *   stored one, or abandoned once idle), so figures are right before the sweep stores it.
 * - A conversation's **duration** is from its start to its last message (last activity), in
 *   minutes with one decimal; an ongoing one (in_progress) has none ('Ongoing'). Averages of
 *   durations count only conversations that have one.
 * - **Rates** are percentages with one decimal (ratePercent); 0 when the base is 0. The funnel's
 *   rates are each stage over the one before it (visitor_to_conversation can pass 100 when
 *   returning visitors chat again); overall_conversion is total_leads over total_visitors.
 * - The funnel's **leads** are the distinct leads the period's conversations produced; subscribed,
 *   unsubscribed and bounced split them by their email status now.
 * - **Drop-off** considers the period's ended conversations (converted or abandoned: one in progress
 *   has not dropped anywhere yet). A conversation's furthest stage is the last of DROP_OFF_STAGES
 *   whose condition it meets (started: any; answered_a_question: at least two visitor messages,
 *   since the chatbot asks after the visitor's first message, so a second one is an answer;
 *   gave_name, gave_email, gave_child_info: has_name, has_email, has_child_info; became_lead:
 *   converted); it counts in the total of every stage up to it. A stage's continued is the next
 *   stage's total (the last stage: its total, nothing to drop), dropped is the rest.
 * - A **period** is `period` (today, 7d, 30d, 90d: that many days up to today, in the school's
 *   zone; all), dateFrom/dateTo (a bare date is that whole day in the school's zone, a timestamp
 *   without an offset is read in the school's zone), or both: then the dates narrow the period
 *   (the conversation list's own date range inside the screen's period). None means All Time.
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
  loadUnanswered: 'Failed to load unanswered questions',
  loadEmailHealth: 'Failed to load email health data',
  loadAnalytics: 'Failed to load analytics data',
  conversationNotFound: 'Conversation not found',
  loadConversation: 'Failed to load conversation details',
  noFunnel: 'No funnel data available',
  noDropOff: 'No drop-off data available',
  noData: 'No data available',
} as const;

// ---- queries ----

/** Whether YYYY-MM-DD at the start is a day of the calendar (JavaScript rolls 2026-02-30 over to March). */
const isCalendarDay = (v: string) => {
  const [y, m, d] = v.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
};

/** A date ('2026-11-24') or a full ISO timestamp; a bare date means that whole day in the school's zone. */
const isoDate = z
  .string()
  .trim()
  .refine(
    (v) =>
      /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(v) &&
      !Number.isNaN(Date.parse(v)) &&
      isCalendarDay(v),
    {
      message: 'must be a date such as 2026-11-24 or an ISO timestamp',
    },
  );

const isBareDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
const rangeShape = {
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
  period: z.enum(ANALYTICS_PERIODS).optional(),
};
/** A bare dateTo includes its whole day, so it is compared by date. */
const fromNotAfterTo = (q: { dateFrom?: string; dateTo?: string }) =>
  !q.dateFrom ||
  !q.dateTo ||
  (isBareDate(q.dateTo)
    ? q.dateFrom.slice(0, 10) <= q.dateTo
    : Date.parse(q.dateFrom) <= Date.parse(q.dateTo));
const RANGE_ORDER = { message: 'dateFrom must be on or before dateTo', path: ['dateFrom'] };

/** The period a figure covers: a preset and/or dates with both ends optional (All Time when absent). */
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

/**
 * GET /api/analytics/conversations/{id}/summary: the list's row and a one-paragraph text summary
 * of it (conversationSummaryText), for a tooltip or a copy into notes.
 */
export const conversationSummaryAnswerSchema = z.object({
  conversation: conversationSummarySchema,
  summary: z.string(),
});
export type ConversationSummaryAnswer = z.infer<typeof conversationSummaryAnswerSchema>;

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

/**
 * GET /api/analytics/unanswered-questions: what the chatbot could not answer from the knowledge
 * base in the period's conversations, grouped by similar wording (the same subject words once
 * lowercased, asking words and punctuation dropped and each word lightly stemmed: "What are your
 * fees?" and "fees??" are one group). Most asked first; `count` is how many times it was asked,
 * `question` its most used wording, `wordings` up to 5 distinct ones, `conversations` up to 10,
 * newest first; `considered` the period's conversations.
 */
export const unansweredQuestionSchema = z.object({
  question: z.string(),
  count: z.number().int(),
  wordings: z.array(z.string()),
  conversations: z.array(z.object({ id: z.string(), started_at: z.string() })),
  last_asked_at: z.string(),
});
export type UnansweredQuestion = z.infer<typeof unansweredQuestionSchema>;
export const unansweredQuestionsSchema = z.object({
  groups: z.array(unansweredQuestionSchema),
  considered: z.number().int(),
});
export type UnansweredQuestions = z.infer<typeof unansweredQuestionsSchema>;
export const UNANSWERED_WORDINGS_SHOWN = 5;
export const UNANSWERED_CONVERSATIONS_SHOWN = 10;

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

const STATUS_WORDS: Record<AnalyticsStatus, string> = {
  converted: 'Converted',
  abandoned: 'Abandoned',
  in_progress: 'In progress',
};

/**
 * A conversation in a sentence or three: 'Converted conversation: 12 messages (6 from the visitor),
 * 14 min. Gave name, email, child info. Lead: Jane Doe.'
 */
export function conversationSummaryText(c: ConversationSummary): string {
  const messages = `${c.message_count} message${c.message_count === 1 ? '' : 's'} (${c.user_message_count} from the visitor)`;
  const duration = c.duration === null ? 'ongoing' : formatConversationDuration(c.duration);
  const gave = [c.has_name && 'name', c.has_email && 'email', c.has_child_info && 'child info'].filter(
    Boolean,
  );
  const details = gave.length ? `Gave ${gave.join(', ')}.` : 'Gave no details.';
  const lead = c.lead_id ? ` Lead: ${c.parent_name ?? c.lead_email ?? c.lead_id}.` : '';
  return `${STATUS_WORDS[c.status]} conversation: ${messages}, ${duration}. ${details}${lead}`;
}

export type DropOffStage = (typeof DROP_OFF_STAGES)[number];

/** The drop-off answer from how many ended conversations stopped at each furthest stage. */
export function dropOffFromFurthest(
  furthest: Partial<Record<DropOffStage, number>>,
): Omit<DropOff, 'considered'> {
  const reached = DROP_OFF_STAGES.map((_, i) =>
    DROP_OFF_STAGES.slice(i).reduce((sum, stage) => sum + (furthest[stage] ?? 0), 0),
  );
  const stages = DROP_OFF_STAGES.map((stage, i) => {
    const total = reached[i]!;
    const continued = i + 1 < reached.length ? reached[i + 1]! : total;
    return {
      stage,
      total,
      dropped: total - continued,
      continued,
      drop_off_rate: ratePercent(total - continued, total),
    };
  });
  const completed = reached[reached.length - 1]!;
  return {
    stages,
    summary: {
      overall_completion_rate: ratePercent(completed, reached[0]!),
      completed_leads: completed,
      total_conversations: reached[0]!,
    },
  };
}
