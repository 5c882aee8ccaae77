import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Every webhook event received, once: a provider's retry of the same event finds its key taken
 * (insert ... on conflict do nothing). A job applies it and writes the outcome.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** mailerlite or email-events (the Standard Webhooks receiver). */
    provider: text('provider').notNull(),
    /** The provider's id of the event, or a digest of its exact JSON when it has none. */
    eventKey: text('event_key').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** received, then applied, ignored or failed. */
    status: text('status').notNull().default('received'),
    /** What applying it did (changed, counted, unchanged, unknown_lead, not_an_email_event, test). */
    outcome: text('outcome'),
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_events_key_idx').on(t.provider, t.eventKey),
    index('webhook_events_received_idx').on(t.receivedAt),
  ],
);

export type WebhookEventRow = typeof webhookEvents.$inferSelect;
