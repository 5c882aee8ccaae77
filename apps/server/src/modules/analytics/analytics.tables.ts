import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, interval, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Analytics' summaries (migration 0022_analytics_summaries): kept exact by PostgreSQL's triggers on
 * conversations, visitors and leads, in the statements that change them; never written by the app.
 * One row per UTC hour: the counts of the conversations started in it (converted and abandoned as
 * stored; the stages of the stored abandoned ones), of the visitors first seen in it, and of the
 * first conversations of visitors and first converted conversations of leads (by email status).
 */
const count = (name: string) => integer(name).notNull().default(0);

export const analyticsHours = pgTable('analytics_hours', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
  /** The hour as UTC clock time, and its UTC date (kept by PostgreSQL). */
  hourUtc: timestamp('hour_utc')
    .generatedAlwaysAs(sql`(hour at time zone 'UTC')`)
    .notNull(),
  day: date('day')
    .generatedAlwaysAs(sql`((hour at time zone 'UTC')::date)`)
    .notNull(),
  conversations: count('conversations'),
  /** Of them, started at minute 15 (30, 45) of the hour or later: for zones 30 or 45 minutes off. */
  conversations15: count('conversations_15'),
  conversations30: count('conversations_30'),
  conversations45: count('conversations_45'),
  converted: count('converted'),
  converted15: count('converted_15'),
  converted30: count('converted_30'),
  converted45: count('converted_45'),
  withName: count('with_name'),
  withEmail: count('with_email'),
  messages: bigint('messages', { mode: 'number' }).notNull().default(0),
  abandoned: count('abandoned'),
  /** The time from start to last activity of the stored converted and abandoned conversations. */
  endedTime: interval('ended_time').notNull().default('0'),
  gaveChildInfo: count('gave_child_info'),
  gaveEmail: count('gave_email'),
  gaveName: count('gave_name'),
  answeredAQuestion: count('answered_a_question'),
  startedOnly: count('started_only'),
  firstVisits: count('first_visits'),
  leads: count('leads'),
  leadsSubscribed: count('leads_subscribed'),
  leadsUnsubscribed: count('leads_unsubscribed'),
  leadsComplained: count('leads_complained'),
  leadsBounced: count('leads_bounced'),
  visitors: count('visitors'),
});

/** A visitor's conversations after the first, with the start of the one before. */
export const analyticsVisitRepeats = pgTable(
  'analytics_visit_repeats',
  {
    conversationId: uuid('conversation_id').primaryKey(),
    visitorId: text('visitor_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    prevStartedAt: timestamp('prev_started_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('analytics_visit_repeats_started_idx').on(t.startedAt, t.prevStartedAt),
    index('analytics_visit_repeats_visitor_idx').on(t.visitorId),
  ],
);

/** Each lead's first converted conversation, and the lead's email status. */
export const analyticsLeadFirsts = pgTable('analytics_lead_firsts', {
  leadId: uuid('lead_id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  emailStatus: text('email_status').notNull(),
});

/** A lead's converted conversations after the first, with the start of the one before. */
export const analyticsLeadRepeats = pgTable(
  'analytics_lead_repeats',
  {
    conversationId: uuid('conversation_id').primaryKey(),
    leadId: uuid('lead_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    prevStartedAt: timestamp('prev_started_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('analytics_lead_repeats_started_idx').on(t.startedAt, t.prevStartedAt, t.leadId),
    index('analytics_lead_repeats_lead_idx').on(t.leadId),
  ],
);
