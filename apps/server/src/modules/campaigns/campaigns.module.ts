import type { FastifyInstance } from 'fastify';
import { campaignsRoutes } from './campaigns.routes';
import { createCampaignsService, type CampaignsDeps, type CampaignsService } from './campaigns.service';
import { voiceSettingsRoutes } from './voice-settings.routes';

/**
 * Campaigns and voice settings (spec document 3, 7.4 and 7.5): the table, editing under the rules
 * of 4.5, drafts (AI or offline), AI edits and versions. Approval, publishing and sending come
 * with the campaign results issue.
 */
export async function registerCampaignsModule(
  app: FastifyInstance,
  deps: Omit<CampaignsDeps, 'log'>,
): Promise<CampaignsService> {
  const campaigns = createCampaignsService({ ...deps, log: app.log });
  await app.register(campaignsRoutes, { campaigns });
  await app.register(voiceSettingsRoutes, { voices: campaigns.voices });
  return campaigns;
}
