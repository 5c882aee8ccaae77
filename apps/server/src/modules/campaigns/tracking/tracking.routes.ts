import {
  campaignHistoryFilename,
  campaignHistoryQuerySchema,
  campaignHistorySchema,
  campaignResultStatsResponseSchema,
  errorSchema,
  idParamsSchema,
  trackingSettingsResponseSchema,
  trackingSettingsSchema,
} from '@lantern/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../../http/authenticate';
import { publicRoute } from '../../../http/public-routes';
import { createCampaignHistory, type CampaignHistoryService } from './campaign-history';
import { createCampaignResults, type CampaignResults, type CampaignResultsDeps } from './campaign-stats';
import { createCampaignTracking, type TrackingTokens } from './link-tracking';

// Campaign results (issue 24): the public click (/c/{token}) and open-pixel (/o/{token}) links of
// campaign emails, and the admin's stats, History list, CSV export and open-tracking setting.
//
// /c/ and /o/ are not rate limited: a forged token costs one HMAC and no database work, and a
// genuine one can add at most one row (its recipient's first click of that link, or first open),
// while a school's send can have thousands of parents clicking within the same minute.

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };
const tags = ['campaigns'];
const tokenParamsSchema = z.object({ token: z.string().max(200) });

/**
 * User agents that fetch links without a person: mail security scanners that open every link of
 * a message before it is delivered (Microsoft Safe Links and BingPreview, Barracuda, Proofpoint,
 * Mimecast, Cisco/IronPort, Sophos, Trend Micro, FireEye, Symantec), link previewers (Slack,
 * Facebook, Twitter, LinkedIn, WhatsApp, Telegram, Discord, Skype) and anything calling
 * itself a bot, crawler, spider or scanner. Their clicks and opens are not counted (the redirect
 * still works for them). Gmail's and Yahoo's image proxies are not here: they load the pixel
 * when a person opens the message.
 */
export const SCANNER_USER_AGENT =
  /bingpreview|safelinks|microsoft office|ms-office|msoffice|outlook-safelinks|barracuda|proofpoint|mimecast|ironport|cisco|sophos|trendmicro|trend micro|fireeye|symantec|messagelabs|forcepoint|slackbot|slack-imgproxy|facebookexternalhit|facebot|twitterbot|linkedinbot|whatsapp|telegrambot|discordbot|skypeuripreview|bot\b|bot\/|crawler|spider|scanner|preview/i;

/** Whether a request is a person's: not HEAD (prefetch), not a known scanner or previewer. */
export function isPersonRequest(request: Pick<FastifyRequest, 'method' | 'headers'>): boolean {
  if (request.method !== 'GET') return false;
  const agent = request.headers['user-agent'];
  return !(typeof agent === 'string' && SCANNER_USER_AGENT.test(agent));
}

/** A transparent 1x1 GIF (43 bytes). */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const INVALID_LINK_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Link not valid</title>
<style>body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f8fafc;color:#111827}main{max-width:32rem;margin:15vh auto;padding:1.5rem;background:#fff;border:1px solid #e5e7eb;border-radius:.75rem}h1{font-size:1.25rem;margin:0 0 .75rem}p{margin:0;line-height:1.5;color:#374151}</style>
</head>
<body>
<main>
<h1>This link is not valid</h1>
<p>The link you followed is incomplete or has been changed. Please use the link exactly as it appears in the email.</p>
</main>
</body>
</html>
`;

const noStore = (reply: FastifyReply) =>
  reply
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Robots-Tag', 'noindex, nofollow');

export async function trackingRoutes(
  app: FastifyInstance,
  opts: { results: CampaignResults; history: CampaignHistoryService; tokens: TrackingTokens },
) {
  const { results, history, tokens } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // GET /c/{token} (public): to the campaign's link, once counted per recipient and link.
  r.get(
    '/c/:token',
    {
      config: publicRoute('the click link of a campaign email: a signed token naming one of its links'),
      schema: { hide: true, params: tokenParamsSchema },
    },
    async (request, reply) => {
      noStore(reply);
      const target = tokens.verifyClick(request.params.token);
      const url = target ? await results.click(target, isPersonRequest(request)) : null;
      if (!url) return reply.code(400).type('text/html; charset=utf-8').send(INVALID_LINK_PAGE);
      return reply.redirect(url, 302);
    },
  );

  // GET /o/{token} (public): always the pixel, whatever the token; a person's first open counted.
  r.get(
    '/o/:token',
    {
      config: publicRoute('the open pixel of a campaign email: always the same image, whatever the token'),
      schema: { hide: true, params: tokenParamsSchema },
    },
    async (request, reply) => {
      noStore(reply);
      const target = tokens.verifyOpen(request.params.token.replace(/\.gif$/i, ''));
      // Not counted when the school has turned open tracking off since the email left.
      if (target && isPersonRequest(request)) {
        try {
          if (await results.openTrackingEnabled()) results.open(target);
        } catch (error) {
          request.log.warn({ err: error }, 'open not recorded');
        }
      }
      return reply.type('image/gif').send(PIXEL_GIF);
    },
  );

  // GET /api/campaigns/{id}/stats
  r.get(
    '/api/campaigns/:id/stats',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: campaignResultStatsResponseSchema, ...errors },
      },
    },
    async (request) => ({ stats: await results.stats(request.params.id) }),
  );

  // GET /api/campaigns/history?search=&segment_id=&start_date=&end_date=&limit=&offset=
  r.get(
    '/api/campaigns/history',
    {
      schema: {
        tags,
        querystring: campaignHistoryQuerySchema,
        response: { 200: campaignHistorySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      await results.flush();
      return history.list(request.query);
    },
  );

  // GET /api/campaigns/history/export (same filters): the CSV file.
  r.get(
    '/api/campaigns/history/export',
    { schema: { tags, querystring: campaignHistoryQuerySchema } },
    async (request, reply) => {
      await results.flush();
      const csv = await history.exportCsv(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${campaignHistoryFilename()}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  // GET/PUT /api/campaigns/tracking-settings {open_tracking_enabled}
  r.get(
    '/api/campaigns/tracking-settings',
    { schema: { tags, response: { 200: trackingSettingsResponseSchema, ...errors } } },
    async () => ({ settings: { open_tracking_enabled: await results.openTrackingEnabled() } }),
  );
  r.put(
    '/api/campaigns/tracking-settings',
    {
      schema: {
        tags,
        body: trackingSettingsSchema,
        response: { 200: trackingSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      settings: {
        open_tracking_enabled: await results.setOpenTracking(request.body.open_tracking_enabled, {
          userId: sessionOf(request).user.id,
          ip: request.ip,
        }),
      },
    }),
  );
}

export type CampaignTrackingModuleDeps = {
  db: CampaignResultsDeps['db'];
  /** security/keys.ts `trackingHmac`. */
  key: Buffer;
  /** The site's address for the links in emails (PUBLIC_URL, else http://localhost:{PORT}). */
  publicUrl: string;
  /** The school's IANA time zone (the widget setting) for the History tab's days. */
  timeZone: () => Promise<string>;
  /** MailerLite's figures for campaigns it sent (campaign-stats.ts `providerStats`). */
  providerStats?: CampaignResultsDeps['providerStats'];
};

/**
 * Registers the results routes and answers what the send engine and the unsubscribe link use:
 * `tracking.prepare` (links and pixel in each message) and `results.recordOutcome` (bounces and
 * unsubscribes counted for their campaign).
 */
export async function registerCampaignTracking(app: FastifyInstance, deps: CampaignTrackingModuleDeps) {
  const results = createCampaignResults({ db: deps.db, providerStats: deps.providerStats, log: app.log });
  // Clicks and opens still queued are written before the database closes.
  app.addHook('onClose', async () => results.flush());
  const history = createCampaignHistory({ db: deps.db, timeZone: deps.timeZone });
  const tracking = createCampaignTracking({
    db: deps.db,
    key: deps.key,
    publicUrl: deps.publicUrl,
    openTrackingEnabled: () => results.openTrackingEnabled(),
  });
  await app.register(trackingRoutes, { results, history, tokens: tracking.tokens });
  return { tracking, results, history };
}
