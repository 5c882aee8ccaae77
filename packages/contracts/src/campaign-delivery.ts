import { z } from 'zod';

/**
 * Sending a published campaign (issue 23; spec document 3, 2.6, 4.5, 5.4, 7.4, 8.6): the delivery's
 * progress as the campaign carries it, the schedule and send calls' bodies, and their messages.
 */

export const CAMPAIGN_DELIVERY_STATUSES = ['preparing', 'sending', 'paused', 'completed'] as const;
export type CampaignDeliveryStatus = (typeof CAMPAIGN_DELIVERY_STATUSES)[number];

export const CAMPAIGN_DELIVERY_PROVIDERS = ['outbox', 'smtp', 'mailerlite'] as const;
export type CampaignDeliveryProvider = (typeof CAMPAIGN_DELIVERY_PROVIDERS)[number];

/**
 * A send's progress: null on the campaign until a send starts. total = the recipients fixed when
 * the send started; skipped = unsubscribed or suppressed after that, before their message left;
 * pending = total - sent - failed - skipped.
 */
export const campaignDeliverySchema = z.object({
  status: z.enum(CAMPAIGN_DELIVERY_STATUSES),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  pending: z.number().int(),
  /** Why the send is paused (by an admin, or by itself after consecutive failures). */
  paused_reason: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  provider: z.enum(CAMPAIGN_DELIVERY_PROVIDERS),
});
export type CampaignDelivery = z.infer<typeof campaignDeliverySchema>;

/** GET /api/campaigns/{id}/delivery (polled every 2 s while sending). */
export const campaignDeliveryResponseSchema = z.object({ delivery: campaignDeliverySchema.nullable() });
export type CampaignDeliveryResponse = z.infer<typeof campaignDeliveryResponseSchema>;

/** How often the screen polls the delivery while a send is under way. */
export const DELIVERY_POLL_MS = 2000;

const count = (n: number) => n.toLocaleString('en-US');

/** 'sent X of Y' (numbers with thousands separators). */
export const deliveryProgressText = (d: Pick<CampaignDelivery, 'sent' | 'total'>) =>
  `sent ${count(d.sent)} of ${count(d.total)}`;

export const DELIVERY_MESSAGES = {
  scheduleMissing: 'Please select both date and time',
  schedulePast: 'Schedule time must be in the future',
  scheduleInvalid: 'Please enter a valid date and time',
  invalidTimeZone: 'Please choose a valid time zone (e.g., Europe/London)',
  scheduleFailed: 'Failed to schedule campaign',
  sendFailed: 'Failed to send campaign',
  cancelFailed: 'Failed to cancel schedule',
  publishFailed: 'Failed to publish to the provider',
  pauseFailed: 'Failed to pause sending',
  resumeFailed: 'Failed to resume sending',
  sendConfirmTitle: 'Send Now',
  sendConfirm: (recipients: number) =>
    `Send this campaign now to ${count(recipients)} ${recipients === 1 ? 'family' : 'families'}? This cannot be undone.`,
  sendConfirmYes: 'Send Now',
  sendStarted: 'Sending started.',
  scheduled: 'Campaign scheduled.',
  scheduleCancelled: 'Schedule cancelled. The campaign is still published.',
  paused: 'Sending paused.',
  resumed: 'Sending resumed.',
  pausedByAdmin: 'Paused by an administrator.',
  autoPaused: (failures: number) =>
    `Paused automatically after ${count(failures)} consecutive failed messages. Check the email settings, then resume.`,
  completed: 'Sending complete.',
  // 409s
  cannotSend: 'Only a published campaign can be sent.',
  cannotSchedule: 'Only a published or scheduled campaign can be scheduled.',
  cannotCancelSchedule: 'Only a scheduled campaign has a schedule to cancel.',
  cannotPause: 'Only a campaign that is sending can be paused.',
  cannotResume: 'Only a paused campaign can be resumed.',
  // the public unsubscribe page (/u/{token})
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeQuestion: 'Stop receiving emails from us?',
  unsubscribeNote: 'You will not receive any more campaign emails at this address.',
  unsubscribeButton: 'Unsubscribe',
  unsubscribedTitle: 'You have been unsubscribed',
  unsubscribedNote: 'You will not receive any more campaign emails from us.',
  unsubscribeInvalidTitle: 'This link is not valid',
  unsubscribeInvalidNote:
    'The unsubscribe link is incomplete or has been changed. Please use the link in the email.',
  unsubscribeRateLimited: 'Too many requests. Please try again in a minute.',
} as const;

/** POST /api/campaigns/{id}/schedule { scheduled_for: ISO-8601 instant, time_zone?: IANA id }. */
export const campaignScheduleSchema = z.object({
  scheduled_for: z.string().nullish(),
  time_zone: z.string().nullish(),
});
export type CampaignScheduleInput = z.input<typeof campaignScheduleSchema>;
