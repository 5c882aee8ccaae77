import type { FastifyInstance } from 'fastify';
import type { MailerLiteClient } from '../../providers/mailerlite/mailerlite-client';
import type { LeadsService } from '../leads/leads.service';
import { createApproval, type ApprovalDeps } from './approval';
import { campaignsRoutes } from './campaigns.routes';
import { createCampaignsService, type CampaignsDeps, type CampaignsService } from './campaigns.service';
import { registerCampaignTracking } from './tracking/tracking.routes';
import { createUnsubscribeLinks } from './unsubscribe/unsubscribe-links';
import { unsubscribeRoutes } from './unsubscribe/unsubscribe.routes';
import { voiceSettingsRoutes } from './voice-settings.routes';
import { createBuiltinDelivery } from './delivery/builtin-delivery';
import type { CampaignDelivery } from './delivery/campaign-delivery';
import { createCampaignSending } from './delivery/campaign-sending';
import { createMailerLiteDelivery, type MailerLiteDeliveryDeps } from './delivery/mailerlite-delivery';
import { sendingRoutes } from './delivery/sending.routes';
import { createSendEngine, type SendEngineDeps } from './delivery/send-engine';

/**
 * Campaigns and voice settings (spec document 3, 7.4 and 7.5): the table, editing under the rules
 * of 4.5, drafts (AI or offline), AI edits and versions, approval links and publishing
 * (approval.ts). Scheduling and sending come with the rest of the campaign results issue.
 */
export async function registerCampaignsModule(
  app: FastifyInstance,
  deps: Omit<CampaignsDeps, 'log'> & {
    /** Approval links (issue 23): their lifetime, the site's address, the creator's notification. */
    approvalLinkDays: number;
    publicUrl: string | undefined;
    sendEmail: ApprovalDeps['sendEmail'];
    /** Unsubscribe links (unsubscribe/): their key, the port for a site address when PUBLIC_URL is unset, the leads they change. */
    unsubscribeKey: Buffer;
    port: number;
    leads: Pick<LeadsService, 'getEmailStatus' | 'applyEmailEvent'>;
    /** Campaign results (tracking/): the click and pixel links' key, the school's time zone. */
    trackingKey: Buffer;
    schoolTimeZone: () => Promise<string>;
    /** Sending (delivery/): the email provider, the jobs queue for schedules, the engine's settings. */
    segments: CampaignsDeps['segments'] &
      Pick<SendEngineDeps['segments'], 'sendableLeadSql'> &
      Pick<MailerLiteDeliveryDeps['segments'], 'syncToMailerLite'>;
    sending: Pick<
      SendEngineDeps,
      'provider' | 'prepareContent' | 'rate' | 'concurrency' | 'pauseAfterFailures' | 'resourceLinks'
    > & {
      jobs: Parameters<typeof createBuiltinDelivery>[0]['jobs'];
      /** MailerLite (MAILERLITE_API_KEY): it publishes, schedules and sends instead of the built-in sender. */
      mailerlite: MailerLiteClient | null;
      /** EMAIL_FROM, MailerLite campaigns' sender. */
      from: string;
    };
  },
): Promise<CampaignsService> {
  const campaigns = createCampaignsService({ ...deps, log: app.log });
  const publicUrl = deps.publicUrl ?? `http://localhost:${deps.port}`;
  // Results (issue 24): click and open links in each message, stats, the History tab. The send
  // engine takes `tracking.prepare`; bounces and unsubscribes are counted by `results.recordOutcome`.
  const { results, tracking } = await registerCampaignTracking(app, {
    db: deps.db,
    key: deps.trackingKey,
    publicUrl: deps.publicUrl ?? `http://localhost:${deps.port}`,
    timeZone: deps.schoolTimeZone,
    // A campaign MailerLite sent is counted by MailerLite: its figures are the campaign's.
    providerStats: deps.sending.mailerlite
      ? async ({ providerCampaignId }) => {
          const stats = (await deps.sending.mailerlite!.getCampaign(providerCampaignId))?.stats;
          return stats
            ? {
                sent: stats.sent,
                opens: stats.uniqueOpens,
                clicks: stats.uniqueClicks,
                clickers: stats.uniqueClicks,
                bounced: stats.hardBounces,
                unsubscribed: stats.unsubscribes,
              }
            : null;
        }
      : undefined,
  });
  // The built-in send engine: a loop on every instance, stopped (its leases given back) on close.
  const engine = createSendEngine({
    db: deps.db,
    log: app.log,
    segments: deps.segments,
    reportHardBounce: (email, reason) =>
      deps.leads.applyEmailEvent({
        email,
        kind: 'hard_bounce',
        reason,
        source: 'campaign',
        occurredAt: new Date(),
      }),
    recordTemplateUse: (id) => deps.templates.recordUse(id),
    unsubscribe: createUnsubscribeLinks({ key: deps.unsubscribeKey, publicUrl }),
    schoolName: deps.schoolName,
    messageHost: new URL(publicUrl).hostname || 'localhost',
    providerName: deps.sending.provider.name === 'smtp' ? 'smtp' : 'outbox',
    ...deps.sending,
    resourceLinks: deps.sending.resourceLinks && withOrigin(deps.sending.resourceLinks, publicUrl),
    tracking,
    onBounce: (campaignId, leadId) => results.recordOutcome(campaignId, leadId, 'bounce'),
  });
  const builtin = createBuiltinDelivery({ engine, jobs: deps.sending.jobs });
  // MailerLite, when configured, publishes, schedules and sends; the engine stays for any send
  // the built-in sender began (its recipients are already fixed).
  const delivery: CampaignDelivery = deps.sending.mailerlite
    ? createMailerLiteDelivery({
        client: deps.sending.mailerlite,
        db: deps.db,
        segments: deps.segments,
        from: deps.sending.from,
        schoolName: deps.schoolName,
        log: app.log,
      })
    : builtin;
  const sending = createCampaignSending({
    db: deps.db,
    repo: campaigns.repo,
    delivery,
    engine,
    schoolTimeZone: deps.schoolTimeZone,
    log: app.log,
    jobs: deps.sending.jobs,
  });
  app.addHook('onReady', async () => engine.startLoop());
  app.addHook('onClose', async () => engine.stop());
  await app.register(sendingRoutes, { sending });
  const approval = createApproval({
    db: deps.db,
    repo: campaigns.repo,
    linkDays: deps.approvalLinkDays,
    sendEmail: deps.sendEmail,
    schoolName: deps.schoolName,
    log: app.log,
    delivery,
  });
  await app.register(campaignsRoutes, { campaigns, approval, publicUrl: deps.publicUrl });
  // Every campaign email's unsubscribe link, and the public /u/{token} pages it leads to; an
  // unsubscribe through it is counted in its campaign's results.
  await app.register(unsubscribeRoutes, {
    links: createUnsubscribeLinks({ key: deps.unsubscribeKey, publicUrl }),
    leads: deps.leads,
    campaignName: async (id) => (await campaigns.repo.findCampaign(id))?.name ?? null,
    schoolName: deps.schoolName,
    log: app.log,
    onUnsubscribed: (campaignId, leadId) => results.recordOutcome(campaignId, leadId, 'unsubscribe'),
    // A campaign MailerLite holds (scheduled there) must not reach a parent who said stop here.
    tellProvider: deps.sending.mailerlite
      ? (email) => deps.sending.mailerlite!.unsubscribe(email)
      : undefined,
  });
  // The public approval page (/preview/{token}, served by the web app): never indexed, cached, or
  // its token leaked to the sites its email links to through the Referer header.
  app.addHook('onSend', async (request, reply) => {
    if (!/^\/preview\//i.test(request.url)) return;
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-robots-tag', 'noindex, nofollow');
    reply.header('cache-control', 'no-store');
  });
  await app.register(voiceSettingsRoutes, { voices: campaigns.voices });
  return campaigns;
}

/** Download paths made absolute for an email: the site's address in front. */
function withOrigin(
  links: NonNullable<SendEngineDeps['resourceLinks']>,
  origin: string,
): NonNullable<SendEngineDeps['resourceLinks']> {
  return async (ids, recipients) => {
    const out = await links(ids, recipients);
    for (const [lead, paths] of out)
      out.set(
        lead,
        paths.map((p) => (p ? `${origin}${p}` : '')),
      );
    return out;
  };
}
