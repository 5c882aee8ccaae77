// Contract-shaped answers for the component tests: each passes through the contracts' schema, so
// a fixture cannot drift from what the server answers.
import {
  conversationDetailSchema,
  conversationListSchema,
  conversationStatsSchema,
  conversationSummarySchema,
  dropOffSchema,
  emailHealthSchema,
  funnelSchema,
  visitorJourneySchema,
  type ConversationDetail,
  type ConversationStats,
  type ConversationSummary,
  type DropOff,
  type EmailHealth,
  type Funnel,
  type VisitorJourney,
} from '@lantern/contracts';

export const VISITOR_UUID = '6f1c2a4e-0b7d-4e55-9a43-2c1d7e8f9a01';

export function makeConversation(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return conversationSummarySchema.parse({
    id: 'c0a80101-0000-4000-8000-000000000001',
    status: 'converted',
    visitor_uuid: VISITOR_UUID,
    visitor_email: null,
    lead_email: 'harper@example.org',
    parent_name: 'Harper Journey',
    lead_id: 'lead-1',
    started_at: '2026-11-20T15:04:00.000Z',
    duration: 12,
    message_count: 10,
    user_message_count: 5,
    bot_message_count: 5,
    has_name: true,
    has_email: true,
    has_child_info: false,
    ...overrides,
  });
}

export function makeConversationList(rows: ConversationSummary[], page = 1, total = rows.length) {
  return conversationListSchema.parse({
    conversations: rows,
    pagination: { page, limit: 20, total, totalPages: Math.max(1, Math.ceil(total / 20)) },
  });
}

export function makeConversationDetail(overrides: Partial<ConversationDetail> = {}): ConversationDetail {
  return conversationDetailSchema.parse({
    ...makeConversation(),
    context: { parentName: 'Harper Journey', email: 'harper@example.org', phoneConsent: false },
    messages: [
      { role: 'assistant', content: 'Hello! How can I help?', timestamp: '2026-11-20T15:04:00.000Z' },
      { role: 'user', content: "Hi, I'm Harper. My son has ADHD.", timestamp: '2026-11-20T15:05:00.000Z' },
      { role: 'assistant', content: 'What is your email?', timestamp: '2026-11-20T15:06:00.000Z' },
      { role: 'user', content: 'harper@example.org', timestamp: '2026-11-20T15:07:00.000Z' },
      { role: 'assistant', content: 'Thanks! Anything else?', timestamp: '2026-11-20T15:08:00.000Z' },
      { role: 'user', content: 'When are tours?', timestamp: '2026-11-20T15:09:00.000Z' },
    ],
    ...overrides,
  });
}

export function makeVisitorJourney(overrides: Partial<VisitorJourney> = {}): VisitorJourney {
  return visitorJourneySchema.parse({
    visitor_uuid: VISITOR_UUID,
    total_visits: 3,
    first_seen_at: '2026-11-18T09:00:00.000Z',
    last_seen_at: '2026-11-20T15:09:00.000Z',
    conversations: [makeConversation()],
    lead: {
      id: 'lead-1',
      parent_name: 'Harper Journey',
      child_name: 'Ellis',
      timeline: 'Next fall',
      lead_score: 82,
    },
    ...overrides,
  });
}

export function makeStats(overrides: Partial<ConversationStats> = {}): ConversationStats {
  return conversationStatsSchema.parse({
    overview: {
      total_conversations: 1250,
      unique_visitors: 980,
      conversion_rate: 18.4,
      converted_conversations: 230,
      abandoned_conversations: 900,
      active_conversations: 120,
      avg_duration_minutes: 6.5,
      avg_messages_per_conversation: 8.2,
    },
    trends: [
      { date: '2026-11-22', conversations: 40, conversions: 10, conversion_rate: 25 },
      { date: '2026-11-23', conversations: 50, conversions: 6, conversion_rate: 12 },
      { date: '2026-11-24', conversations: 20, conversions: 1, conversion_rate: 5 },
    ],
    peak_hours: [
      { hour: 9, display_hour: '9 AM', conversations: 30 },
      { hour: 20, display_hour: '8 PM', conversations: 55 },
    ],
    considered: 1250,
    ...overrides,
  });
}

export function makeFunnel(overrides: Partial<Funnel> = {}): Funnel {
  return funnelSchema.parse({
    total_visitors: 1000,
    total_conversations: 80,
    conversations_with_name: 60,
    conversations_with_email: 45,
    total_leads: 40,
    subscribed_leads: 39,
    unsubscribed_leads: 1,
    bounced_leads: 0,
    conversion_rates: {
      visitor_to_conversation: 8,
      conversation_to_name: 75,
      name_to_email: 75,
      email_to_lead: 88.9,
      lead_to_subscribed: 97.5,
      overall_conversion: 4,
    },
    considered: 80,
    ...overrides,
  });
}

export function makeDropOff(overrides: Partial<DropOff> = {}): DropOff {
  return dropOffSchema.parse({
    stages: [
      { stage: 'started', total: 100, dropped: 20, continued: 80, drop_off_rate: 20 },
      { stage: 'answered_a_question', total: 80, dropped: 10, continued: 70, drop_off_rate: 12.5 },
      { stage: 'gave_name', total: 70, dropped: 10, continued: 60, drop_off_rate: 14.3 },
      { stage: 'gave_email', total: 60, dropped: 15, continued: 45, drop_off_rate: 25 },
      { stage: 'gave_child_info', total: 45, dropped: 5, continued: 40, drop_off_rate: 11.1 },
      { stage: 'became_lead', total: 40, dropped: 0, continued: 40, drop_off_rate: 0 },
    ],
    summary: { overall_completion_rate: 40, completed_leads: 40, total_conversations: 100 },
    considered: 100,
    ...overrides,
  });
}

export function makeEmailHealth(overrides: Partial<EmailHealth> = {}): EmailHealth {
  return emailHealthSchema.parse({
    total: 200,
    subscribed: 180,
    unsubscribed: 14,
    bounced: 6,
    unsubscribe_rate: 7,
    webhook_config: { secret_configured: false },
    ...overrides,
  });
}
