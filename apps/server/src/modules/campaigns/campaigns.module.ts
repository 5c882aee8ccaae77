import type { FastifyInstance } from 'fastify';
import { createApproval, type ApprovalDeps } from './approval';
import { campaignsRoutes } from './campaigns.routes';
import { createCampaignsService, type CampaignsDeps, type CampaignsService } from './campaigns.service';
import { voiceSettingsRoutes } from './voice-settings.routes';

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
  },
): Promise<CampaignsService> {
  const campaigns = createCampaignsService({ ...deps, log: app.log });
  const approval = createApproval({
    db: deps.db,
    repo: campaigns.repo,
    linkDays: deps.approvalLinkDays,
    sendEmail: deps.sendEmail,
    schoolName: deps.schoolName,
    log: app.log,
  });
  await app.register(campaignsRoutes, { campaigns, approval, publicUrl: deps.publicUrl });
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
