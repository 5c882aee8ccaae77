import type { CampaignDelivery } from './campaign-delivery';
import type { SendEngine } from './send-engine';

/** The durable job a schedule is: it starts the send at the instant, once, on one instance. */
export const SCHEDULED_SEND_JOB = 'campaign.scheduled-send';

/**
 * The built-in sender (issue 23): Lantern's own send engine over the email provider (outbox by
 * default, SMTP with SMTP_URL). Publish has nothing to prepare; a schedule is a durable job in
 * the jobs queue (it survives restarts; the queue's claim runs it on one instance); when it fires
 * it starts the send only if the campaign is still scheduled for exactly that instant, so a
 * cancelled or moved schedule leaves its old job a no-op. Send now starts the engine at once.
 */
export function createBuiltinDelivery(deps: {
  engine: SendEngine;
  /** The jobs queue (jobs module), given by the app: register a handler, enqueue a delayed job. */
  jobs: {
    register: (kind: string, handler: (payload: Record<string, unknown>) => Promise<void>) => void;
    enqueue: (
      kind: string,
      payload: Record<string, unknown>,
      opts: { dedupeKey?: string; delayMs?: number; maxAttempts?: number },
    ) => Promise<unknown>;
  };
}): CampaignDelivery {
  const { engine, jobs } = deps;
  jobs.register(SCHEDULED_SEND_JOB, async (payload) => {
    const campaignId = String(payload.campaignId);
    const at = new Date(String(payload.at));
    if (Number.isNaN(at.getTime())) return;
    await engine.start(campaignId, { scheduledFor: at });
  });

  return {
    name: 'builtin',
    async publish() {
      return { providerCampaignId: null };
    },
    async schedule(campaign, at) {
      await jobs.enqueue(
        SCHEDULED_SEND_JOB,
        { campaignId: campaign.id, at: at.toISOString() },
        {
          dedupeKey: `${campaign.id}@${at.toISOString()}`,
          delayMs: Math.max(0, at.getTime() - Date.now()),
          maxAttempts: 5,
        },
      );
    },
    async cancelSchedule() {
      // The job stays queued and finds the campaign no longer scheduled for its instant.
    },
    async sendNow(campaign) {
      await engine.start(campaign.id);
    },
  };
}
