import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every email the product sends, whatever the provider: the outbox and the delivery record. */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    status: text('status').$type<'queued' | 'sent' | 'failed'>().notNull().default('queued'),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_messages_created_idx').on(t.createdAt.desc()),
    index('email_messages_to_idx').on(t.to),
  ],
);

export type EmailMessageRow = typeof emailMessages.$inferSelect;
