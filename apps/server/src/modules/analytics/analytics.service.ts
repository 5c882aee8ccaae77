import {
  ANALYTICS_MESSAGES,
  conversationSummaryText,
  displayHour,
  dropOffFromFurthest,
  offsetOfPage,
  pageOf,
  ratePercent,
  type AnalyticsStatus,
  type ConversationDetail,
  type ConversationList,
  type ConversationSearchQuery,
  type ConversationStats,
  type ConversationSummary,
  type ConversationSummaryAnswer,
  type DropOff,
  type DropOffStage,
  type Funnel,
  type UnansweredQuestions,
  type VisitorJourney,
} from '@lantern/contracts';
import type { SQL } from 'drizzle-orm';
import { NotFoundError } from '../../http/errors';
import { conversationColumns, visitorColumns } from '../chat';
import { parseContext } from '../chat/chat.service';
import { rangeCondition, type AnalyticsRange } from './analytics-range';
import {
  conversationConditions as cond,
  type AnalyticsRepository,
  type ConversationRecord,
} from './analytics.repository';
import type { SummaryReads } from './analytics-summaries';
import { groupUnanswered } from './unanswered-questions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (value: Date | string) => new Date(value).toISOString();
const oneDecimal = (value: number | string | null | undefined) => Math.round(Number(value ?? 0) * 10) / 10;

/** The list's row: the duration runs from the start to the last activity, none while in progress. */
function toSummary(r: ConversationRecord): ConversationSummary {
  const status = r.status as AnalyticsStatus;
  const lasted = new Date(r.last_activity_at).getTime() - new Date(r.started_at).getTime();
  return {
    id: r.id,
    status,
    visitor_uuid: r.visitor_id,
    visitor_email: r.visitor_email || null,
    lead_email: r.lead_email,
    parent_name: r.parent_name,
    lead_id: r.lead_id,
    started_at: iso(r.started_at),
    duration: status === 'in_progress' ? null : Math.round(lasted / 6000) / 10,
    message_count: Number(r.message_count),
    user_message_count: Number(r.user_message_count),
    bot_message_count: Number(r.bot_message_count),
    has_name: r.has_name,
    has_email: r.has_email,
    has_child_info: r.has_child_info,
  };
}

function toMessages(messages: unknown): ConversationDetail['messages'] {
  if (!Array.isArray(messages)) return [];
  return messages.map((m: { role?: unknown; content?: unknown; timestamp?: unknown }) => ({
    role: m.role === 'user' ? 'user' : 'assistant',
    content: typeof m.content === 'string' ? m.content : '',
    timestamp: typeof m.timestamp === 'string' ? m.timestamp : null,
  }));
}

/**
 * `zoneOf` gives the school's time zone (the widget settings' school_time_zone): read at each call,
 * so a change applies at once to 'Today', the dates of trends and the peak hours. With `summaries`
 * (analytics-summaries.ts) the counts over a period read the hourly summaries for its whole hours;
 * without, they aggregate the conversations directly (the same answers, slower at scale).
 */
export function createAnalyticsService(
  repo: AnalyticsRepository,
  zoneOf: () => string | Promise<string>,
  summaries?: SummaryReads,
) {
  const started = (range: AnalyticsRange, now: Date, zone: string) =>
    rangeCondition(conversationColumns.startedAt, range, zone, now);

  const listConditions = (
    q: ConversationSearchQuery & { conversationId?: string },
    now: Date,
    zone: string,
  ): (SQL | undefined)[] => [
    started(q, now, zone),
    q.status && q.status !== 'all' ? cond.status(now, q.status) : undefined,
    q.search ? cond.search(q.search) : undefined,
    q.messageSearch ? cond.messageSearch(q.messageSearch) : undefined,
    q.conversationId ? cond.id(q.conversationId) : undefined,
  ];

  async function getRecord(id: string, now: Date) {
    const row = UUID.test(id) ? await repo.findConversationDetail(now, id) : undefined;
    if (!row) throw new NotFoundError(ANALYTICS_MESSAGES.conversationNotFound);
    return row;
  }

  return {
    /** The list, and the search by what was said (messageSearch): newest first. */
    async findConversations(
      q: ConversationSearchQuery & { conversationId?: string },
      now = new Date(),
    ): Promise<ConversationList> {
      const zone = await zoneOf();
      // The period alone: its count from the summaries.
      const onlyPeriod =
        !(q.status && q.status !== 'all') && !q.search && !q.messageSearch && !q.conversationId;
      const count =
        summaries && onlyPeriod
          ? async () => summaries.countConversations(await summaries.resolve(q, zone, now))
          : undefined;
      const { rows, total, totalIsEstimate } = await repo.findConversations(
        now,
        listConditions(q, now, zone),
        { limit: q.limit, offset: offsetOfPage(q) },
        count,
      );
      return {
        conversations: rows.map(toSummary),
        pagination: { ...pageOf(q, total), ...(totalIsEstimate ? { totalIsEstimate } : {}) },
      };
    },

    async getConversationDetail(id: string, now = new Date()): Promise<ConversationDetail> {
      const row = await getRecord(id, now);
      return { ...toSummary(row), context: parseContext(row.context), messages: toMessages(row.messages) };
    },

    async getConversationSummary(id: string, now = new Date()): Promise<ConversationSummaryAnswer> {
      const conversation = toSummary(await getRecord(id, now));
      return { conversation, summary: conversationSummaryText(conversation) };
    },

    async conversationStats(range: AnalyticsRange, now = new Date()): Promise<ConversationStats> {
      const zone = await zoneOf();
      const where = started(range, now, zone);
      const span = summaries && (await summaries.resolve(range, zone, now));
      let groups: Awaited<ReturnType<AnalyticsRepository['statsByDateAndHour']>>;
      let visitors: number;
      if (span) {
        // The span's first visits come with the hours' one pass; the rest from the indexes.
        const [fromHours, rest] = await Promise.all([
          summaries.statsByDateAndHour(now, span, zone),
          summaries.countVisitorsOfConversations(span, { spanFirsts: false }),
        ]);
        groups = fromHours;
        visitors = rest + Number(fromHours.find((g) => g.by === 'all')?.first_visits ?? 0);
        // A zone whose offset the hours cannot follow (not a multiple of 15 minutes, or changing
        // inside an hour): the conversations' own times.
        if (fromHours.some((g) => g.by === 'all' && g.safe === false))
          groups = await repo.statsByDateAndHour(now, where, zone);
      } else {
        [groups, visitors] = await Promise.all([
          repo.statsByDateAndHour(now, where, zone),
          repo.countVisitorsOfConversations(where),
        ]);
      }
      const all = groups.find((g) => g.by === 'all');
      const total = Number(all?.total ?? 0);
      const converted = Number(all?.converted ?? 0);
      const ended = Number(all?.ended ?? 0);
      return {
        overview: {
          total_conversations: total,
          unique_visitors: visitors,
          conversion_rate: ratePercent(converted, total),
          converted_conversations: converted,
          abandoned_conversations: Number(all?.abandoned ?? 0),
          active_conversations: Number(all?.in_progress ?? 0),
          avg_duration_minutes: ended ? oneDecimal(Number(all?.ended_minutes) / ended) : 0,
          avg_messages_per_conversation: total ? oneDecimal(Number(all?.messages) / total) : 0,
        },
        trends: groups
          .filter((g) => g.by === 'date')
          .map((g) => ({ date: g.date!, conversations: Number(g.total), conversions: Number(g.converted) }))
          .sort((x, y) => x.date.localeCompare(y.date))
          .map((t) => ({ ...t, conversion_rate: ratePercent(t.conversions, t.conversations) })),
        peak_hours: groups
          .filter((g) => g.by === 'hour')
          .map((g) => Number(g.hour))
          .sort((x, y) => x - y)
          .map((hour) => ({
            hour,
            display_hour: displayHour(hour),
            conversations: Number(groups.find((g) => g.by === 'hour' && Number(g.hour) === hour)!.total),
          })),
        considered: total,
      };
    },

    async funnel(range: AnalyticsRange, now = new Date()): Promise<Funnel> {
      const zone = await zoneOf();
      const span = summaries && (await summaries.resolve(range, zone, now));
      const [visitors, conv] = await Promise.all([
        span
          ? summaries.countVisitorsFirstSeen(span)
          : repo.countVisitorsFirstSeen(rangeCondition(visitorColumns.firstSeenAt, range, zone, now)),
        span
          ? summaries.funnelConversations(now, span)
          : repo.funnelConversations(now, started(range, now, zone)),
      ]);
      const byStatus = (s: string) => Number(conv.leads.find((x) => x.email_status === s)?.n ?? 0);
      const leads = conv.leads.reduce((sum, x) => sum + Number(x.n), 0);
      const [total, withName, withEmail, subscribed] = [
        Number(conv.total),
        Number(conv.with_name),
        Number(conv.with_email),
        byStatus('subscribed'),
      ];
      return {
        total_visitors: visitors,
        total_conversations: total,
        conversations_with_name: withName,
        conversations_with_email: withEmail,
        total_leads: leads,
        subscribed_leads: subscribed,
        // A spam complaint is an unsubscribe that may never be undone: counted here, as in email health.
        unsubscribed_leads: byStatus('unsubscribed') + byStatus('complained'),
        bounced_leads: byStatus('bounced'),
        conversion_rates: {
          visitor_to_conversation: ratePercent(total, visitors),
          conversation_to_name: ratePercent(withName, total),
          name_to_email: ratePercent(withEmail, withName),
          email_to_lead: ratePercent(leads, withEmail),
          lead_to_subscribed: ratePercent(subscribed, leads),
          overall_conversion: ratePercent(leads, visitors),
        },
        considered: total,
      };
    },

    async dropOff(range: AnalyticsRange, now = new Date()): Promise<DropOff> {
      const zone = await zoneOf();
      const rows = summaries
        ? await summaries.furthestStages(now, await summaries.resolve(range, zone, now))
        : await repo.furthestStages(now, started(range, now, zone));
      const furthest = Object.fromEntries(rows.map((r) => [r.stage, Number(r.n)])) as Record<
        DropOffStage,
        number
      >;
      const answer = dropOffFromFurthest(furthest);
      return { ...answer, considered: answer.summary.total_conversations };
    },

    /** What the chatbot could not answer in the period, grouped by similar wording (unanswered-questions.ts). */
    async unansweredQuestions(range: AnalyticsRange, now = new Date()): Promise<UnansweredQuestions> {
      const zone = await zoneOf();
      const where = started(range, now, zone);
      const [askings, considered] = await Promise.all([
        repo.findUnansweredAskings(where),
        summaries
          ? summaries.resolve(range, zone, now).then((span) => summaries.countConversations(span))
          : repo.countConversations(where),
      ]);
      return { groups: groupUnanswered(askings), considered };
    },

    async visitorJourney(visitorUuid: string, now = new Date()): Promise<VisitorJourney> {
      const visitor = await repo.findVisitor(visitorUuid);
      if (!visitor) throw new NotFoundError('Visitor not found');
      const { rows } = await repo.findConversations(now, [cond.visitor(visitorUuid)], {
        limit: 1000,
        offset: 0,
      });
      const conversations = rows.map(toSummary);
      const leadId = visitor.lead_id ?? conversations.find((x) => x.lead_id)?.lead_id ?? null;
      const lead = leadId ? await repo.findLead(leadId) : undefined;
      return {
        visitor_uuid: visitor.id,
        total_visits: Number(visitor.total_visits),
        first_seen_at: iso(visitor.first_seen_at),
        last_seen_at: iso(visitor.last_seen_at),
        conversations,
        lead: lead ? { ...lead, lead_score: Number(lead.lead_score) } : null,
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
