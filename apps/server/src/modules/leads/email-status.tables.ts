import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { leads } from './leads.tables';

/**
 * Every change to a lead's email status, and every soft bounce (which changes it only the second
 * time): when, why and who reported it. The lead's row keeps the current status
 * (`leads.email_status`); this history answers "since when, and why" and counts soft bounces.
 */
export const leadEmailEvents = pgTable(
  'lead_email_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** unsubscribe, hard_bounce, soft_bounce, complaint (EMAIL_EVENT_KINDS) or resubscribe. */
    kind: text('kind').notNull(),
    /** The lead's email status after the event. */
    status: text('status').notNull(),
    reason: text('reason'),
    /** mailerlite, email-events (the Standard Webhooks receiver) or admin. */
    source: text('source').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_email_events_lead_idx').on(t.leadId, t.id)],
);

export type LeadEmailEventRow = typeof leadEmailEvents.$inferSelect;
