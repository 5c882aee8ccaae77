/**
 * How a published campaign reaches families: one interface, two providers (issue 23).
 * - the built-in sender (`builtin`): Lantern's own send engine over the email provider (outbox by
 *   default, SMTP with SMTP_URL); schedule and send are durable jobs in the jobs queue;
 * - MailerLite (`mailerlite`, when MAILERLITE_API_KEY is set): publish upserts the segment's
 *   audience into its group and creates a MailerLite campaign; schedule, send and cancel go
 *   through MailerLite's API.
 * The campaigns module chooses the provider at start and calls it from publish, schedule, send now
 * and cancel schedule; the campaign's state (publish_status, scheduled_for) is kept by the caller.
 */

/** What a provider needs of the campaign: the approved, frozen content and its audience. */
export type DeliveryCampaign = {
  id: string;
  name: string;
  subject: string;
  /** The approved content, resource links already resolved; personal placeholders still {{...}}. */
  html: string;
  text: string;
  segmentId: string;
  segmentName: string;
  /** The provider's own id of this campaign, once published there (null for the built-in sender). */
  providerCampaignId: string | null;
};

export interface CampaignDelivery {
  readonly name: 'builtin' | 'mailerlite';
  /** Makes the campaign ready to go; answers the provider's id for it (null when it has none). */
  publish(campaign: DeliveryCampaign): Promise<{ providerCampaignId: string | null }>;
  /** Sends at `at` (an instant; `timeZone` is the IANA zone it was chosen in). */
  schedule(campaign: DeliveryCampaign, at: Date, timeZone: string): Promise<void>;
  /** Withdraws a schedule; the campaign stays published. */
  cancelSchedule(campaign: DeliveryCampaign): Promise<void>;
  /** Starts sending now. */
  sendNow(campaign: DeliveryCampaign): Promise<void>;
}

/**
 * A provider's refusal or failure, with the reason the admin sees after
 * 'Failed to publish to the provider' (never a key, token or stack trace).
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    /** True when trying again later may succeed (rate limit, the provider down). */
    readonly isTransient: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}
