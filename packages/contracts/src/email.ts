import { z } from 'zod';
import { offsetQueryShape } from './common';

/** Email the product sends (welcome emails now, campaigns later), as the outbox keeps it. */
export const emailMessageSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** queued, sent (handed to the provider or kept in the outbox) or failed. */
  status: z.enum(['queued', 'sent', 'failed']),
  provider: z.string(),
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type EmailMessage = z.infer<typeof emailMessageSchema>;

export const outboxQuerySchema = z.strictObject({
  to: z.string().trim().max(254).optional(),
  ...offsetQueryShape({ size: 50, max: 200 }),
});
export type OutboxQuery = z.output<typeof outboxQuerySchema>;
export const outboxSchema = z.object({
  messages: z.array(emailMessageSchema),
  provider: z.string(),
  total: z.number().int(),
  hasMore: z.boolean(),
});
