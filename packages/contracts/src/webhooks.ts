import { z } from 'zod';
import { EMAIL_STATUSES } from './lead-options';

/**
 * Email health and the webhooks that keep leads' email status true (spec document 2, sections 3,
 * 4 and 7). The email health card's answer is `emailHealthSchema` (analytics.ts); a complaint
 * counts there as unsubscribed, so subscribed + unsubscribed + bounced = total.
 */

export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** What moved a lead's email status: a provider's webhook or an admin. */
export const EMAIL_STATUS_SOURCES = ['mailerlite', 'email-events', 'admin'] as const;
export type EmailStatusSource = (typeof EMAIL_STATUS_SOURCES)[number];

/** The events that change a lead's email status, whichever provider reported them. */
export const EMAIL_EVENT_KINDS = ['unsubscribe', 'hard_bounce', 'soft_bounce', 'complaint'] as const;
export type EmailEventKind = (typeof EMAIL_EVENT_KINDS)[number];

/** Soft bounces in a row that make a lead bounced (a hard bounce does at once). */
export const SOFT_BOUNCES_TO_BOUNCED = 2;

export const EMAIL_STATUS_MESSAGES = {
  complained:
    'This lead reported an email as spam. Resubscribe them only with their explicit consent, confirmed with override_complaint.',
  alreadySubscribed: 'This lead is already subscribed',
  resubscribed: 'Lead resubscribed',
} as const;

/** GET /api/leads/{id}/email-status. */
export const leadEmailStatusSchema = z.object({
  lead_id: z.string(),
  email: z.string(),
  status: z.enum(EMAIL_STATUSES),
  /** When the status last changed; null when it never changed since the lead was made. */
  changed_at: z.string().nullable(),
  reason: z.string().nullable(),
  source: z.string().nullable(),
  /** Soft bounces since the lead was last subscribed. */
  soft_bounces: z.number().int(),
});
export type LeadEmailStatus = z.infer<typeof leadEmailStatusSchema>;

/** POST /api/leads/{id}/resubscribe: the admin confirms; a complaint needs the override as well. */
export const resubscribeSchema = z.strictObject({
  confirm: z.literal(true, { message: 'Confirm the resubscription with confirm: true' }),
  override_complaint: z.boolean().optional(),
  reason: z.string().trim().max(500).optional(),
});
export type ResubscribeInput = z.infer<typeof resubscribeSchema>;

/** GET /api/webhooks/stats. */
export const webhookStatsSchema = z.object({
  total_events: z.number().int(),
  by_type: z.array(
    z.object({
      provider: z.string(),
      type: z.string(),
      count: z.number().int(),
      last_received_at: z.string(),
    }),
  ),
  last_received_at: z.string().nullable(),
  /** Events whose application failed (after the job's retries). */
  failures: z.number().int(),
  /** Events still waiting for their job. */
  pending: z.number().int(),
  /** Deliveries refused since the server started (no or wrong signature, malformed body). */
  rejected_since_start: z.number().int(),
});
export type WebhookStats = z.infer<typeof webhookStatsSchema>;

/** POST /api/webhooks/test: a signed test event sent through the real receiver. */
export const webhookTestResultSchema = z.object({
  ok: z.boolean(),
  status_code: z.number().int().nullable(),
  event_type: z.string(),
  stored: z.boolean(),
  message: z.string(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;
