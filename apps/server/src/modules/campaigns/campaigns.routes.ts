import {
  adminApproveSchema,
  approvalDecisionResultSchema,
  approvalDecisionSchema,
  approvalLinkSchema,
  approvalPreviewSchema,
  availableTemplatesQuerySchema,
  availableTemplatesSchema,
  CAMPAIGN_BODY_MAX_BYTES,
  campaignActionResultSchema,
  campaignCreatedSchema,
  campaignCreateSchema,
  campaignListQuerySchema,
  campaignListSchema,
  campaignResponseSchema,
  campaignSegmentOptionsSchema,
  campaignSegmentsSchema,
  campaignUpdateSchema,
  campaignVersionContentSchema,
  compatibilityRequestSchema,
  createApprovalLinkSchema,
  compatibilitySchema,
  editHistorySchema,
  editWithAiResultSchema,
  editWithAiSchema,
  errorSchema,
  generateContentResultSchema,
  generateContentSchema,
  idParamsSchema,
  personalizationVariablesSchema,
  setFinalVersionResultSchema,
  setFinalVersionSchema,
  successSchema,
  testTemplateGenerationResultSchema,
  testTemplateGenerationSchema,
} from '@lantern/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../http/authenticate';
import { publicRoute } from '../../http/public-routes';
import type { Approval } from './approval';
import type { CampaignsService } from './campaigns.service';

// The calls of spec document 3, 7.4, but schedule and send (the campaign results issue). Every one
// needs a session but the approval link's preview and decision (public, rate limited).

const errors = {
  400: errorSchema,
  401: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  502: errorSchema,
  503: errorSchema,
};
const tags = ['campaigns'];
const bodyLimit = CAMPAIGN_BODY_MAX_BYTES;
const versionParamsSchema = idParamsSchema.extend({
  version: z.coerce.number().int().min(1, 'Version not found').max(1_000_000, 'Version not found'),
});

const tokenParamsSchema = z.object({ token: z.string().max(200) });
/** The site's address for links: PUBLIC_URL, else the request's own origin. */
const originOf = (request: FastifyRequest, publicUrl: string | undefined) =>
  publicUrl ?? `${request.protocol}://${request.host}`;
/** A token page's answer is never indexed, cached or leaked through the Referer header. */
const privateAnswer = (reply: FastifyReply) =>
  reply
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Robots-Tag', 'noindex, nofollow')
    .header('Cache-Control', 'no-store');

export async function campaignsRoutes(
  app: FastifyInstance,
  opts: { campaigns: CampaignsService; approval: Approval; publicUrl: string | undefined },
) {
  const { campaigns, approval } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const editor = (request: Parameters<typeof sessionOf>[0]) => ({ userId: sessionOf(request).user.id });
  const actor = (request: FastifyRequest) => {
    const { user } = sessionOf(request);
    return { userId: user.id, email: user.email, ip: request.ip };
  };

  // GET /api/campaigns/preview/{token} (public): what the reviewer sees, or the decision made.
  r.get(
    '/api/campaigns/preview/:token',
    {
      config: {
        ...publicRoute('the approval link of a campaign: the token is the credential (spec 7.4: no auth)'),
        rateLimit: { max: 60, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        params: tokenParamsSchema,
        response: { 200: approvalPreviewSchema, ...errors, 429: errorSchema },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return approval.preview(request.params.token);
    },
  );

  // POST /api/campaigns/preview/{token}/approve (public) {approved, feedback, email}: once.
  r.post(
    '/api/campaigns/preview/:token/approve',
    {
      config: {
        ...publicRoute('the reviewer decides through the approval link (spec 7.4: no auth)'),
        rateLimit: { max: 10, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        params: tokenParamsSchema,
        body: approvalDecisionSchema,
        response: { 200: approvalDecisionResultSchema, ...errors, 429: errorSchema },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return approval.decide(request.params.token, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
    },
  );

  // POST /api/campaigns/{id}/create-approval-link {version_number?}: a new link, pending.
  r.post(
    '/api/campaigns/:id/create-approval-link',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: createApprovalLinkSchema,
        response: { 200: approvalLinkSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return approval.createLink(
        request.params.id,
        request.body.version_number,
        actor(request),
        originOf(request, opts.publicUrl),
      );
    },
  );

  // POST /api/campaigns/{id}/approve {feedback?}: a signed-in admin approves directly (audited).
  r.post(
    '/api/campaigns/:id/approve',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: adminApproveSchema,
        response: { 200: campaignActionResultSchema, ...errors },
      },
    },
    async (request) => approval.approveDirectly(request.params.id, request.body.feedback, actor(request)),
  );

  // POST /api/campaigns/{id}/publish: approved and ready -> published (built-in sender).
  r.post(
    '/api/campaigns/:id/publish',
    {
      schema: { tags, params: idParamsSchema, response: { 200: campaignActionResultSchema, ...errors } },
    },
    async (request) => approval.publish(request.params.id, actor(request)),
  );

  // GET /api/campaigns?status&approval_status
  r.get(
    '/api/campaigns',
    {
      schema: {
        tags,
        querystring: campaignListQuerySchema,
        response: { 200: campaignListSchema, ...errors },
      },
    },
    async (request) => campaigns.list(request.query),
  );

  // POST /api/campaigns: one call per chosen segment.
  r.post(
    '/api/campaigns',
    {
      bodyLimit,
      schema: { tags, body: campaignCreateSchema, response: { 201: campaignCreatedSchema, ...errors } },
    },
    async (request, reply) => {
      const campaign = await campaigns.create(request.body, editor(request));
      return reply.status(201).send({ id: campaign.id, campaign });
    },
  );

  // Fixed paths win over /:id in the router whatever the order.
  // POST /api/campaigns/generate-content
  r.post(
    '/api/campaigns/generate-content',
    {
      bodyLimit,
      schema: {
        tags,
        body: generateContentSchema,
        response: { 200: generateContentResultSchema, ...errors },
      },
    },
    async (request) => campaigns.generateContent(request.body),
  );

  // POST /api/campaigns/check-segment-compatibility
  r.post(
    '/api/campaigns/check-segment-compatibility',
    { schema: { tags, body: compatibilityRequestSchema, response: { 200: compatibilitySchema, ...errors } } },
    async (request) => campaigns.checkCompatibility(request.body.segment_ids),
  );

  // GET /api/campaigns/segment-options: the editor's segment cards (id, name, description, active_leads).
  r.get(
    '/api/campaigns/segment-options',
    { schema: { tags, response: { 200: campaignSegmentOptionsSchema, ...errors } } },
    async () => ({ segments: await campaigns.segmentOptions() }),
  );

  // GET /api/campaigns/available-templates?category
  r.get(
    '/api/campaigns/available-templates',
    {
      schema: {
        tags,
        querystring: availableTemplatesQuerySchema,
        response: { 200: availableTemplatesSchema, ...errors },
      },
    },
    async (request) => campaigns.availableTemplates(request.query.category),
  );

  // POST /api/campaigns/test-template-generation {template_id}
  r.post(
    '/api/campaigns/test-template-generation',
    {
      schema: {
        tags,
        body: testTemplateGenerationSchema,
        response: { 200: testTemplateGenerationResultSchema, ...errors },
      },
    },
    async (request) => campaigns.testTemplateGeneration(request.body.template_id),
  );

  // GET /api/campaigns/personalization-variables
  r.get(
    '/api/campaigns/personalization-variables',
    { schema: { tags, response: { 200: personalizationVariablesSchema, ...errors } } },
    async () => campaigns.personalizationVariables(),
  );

  // GET /api/campaigns/{id}
  r.get(
    '/api/campaigns/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: campaignResponseSchema, ...errors } } },
    async (request) => ({ campaign: await campaigns.get(request.params.id) }),
  );

  // PUT /api/campaigns/{id}: subject, content_html, or the full form plus segment_id.
  r.put(
    '/api/campaigns/:id',
    {
      bodyLimit,
      schema: {
        tags,
        params: idParamsSchema,
        body: campaignUpdateSchema,
        response: { 200: campaignResponseSchema, ...errors },
      },
    },
    async (request) => ({
      campaign: await campaigns.update(request.params.id, request.body, editor(request)),
    }),
  );

  // DELETE /api/campaigns/{id}
  r.delete(
    '/api/campaigns/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: successSchema, ...errors } } },
    async (request) => {
      await campaigns.delete(request.params.id);
      return { success: true as const };
    },
  );

  // POST /api/campaigns/{id}/edit-with-ai {instruction, personalization_level}
  r.post(
    '/api/campaigns/:id/edit-with-ai',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: editWithAiSchema,
        response: { 200: editWithAiResultSchema, ...errors },
      },
    },
    async (request) => campaigns.editWithAi(request.params.id, request.body, editor(request)),
  );

  // GET /api/campaigns/{id}/edit-history
  r.get(
    '/api/campaigns/:id/edit-history',
    { schema: { tags, params: idParamsSchema, response: { 200: editHistorySchema, ...errors } } },
    async (request) => campaigns.editHistory(request.params.id),
  );

  // GET /api/campaigns/{id}/versions/{version}
  r.get(
    '/api/campaigns/:id/versions/:version',
    {
      schema: {
        tags,
        params: versionParamsSchema,
        response: { 200: campaignVersionContentSchema, ...errors },
      },
    },
    async (request) => campaigns.version(request.params.id, request.params.version),
  );

  // POST /api/campaigns/{id}/set-final-version {version_number | null}
  r.post(
    '/api/campaigns/:id/set-final-version',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: setFinalVersionSchema,
        response: { 200: setFinalVersionResultSchema, ...errors },
      },
    },
    async (request) => campaigns.setFinalVersion(request.params.id, request.body.version_number),
  );

  // GET /api/campaigns/{id}/segments
  r.get(
    '/api/campaigns/:id/segments',
    { schema: { tags, params: idParamsSchema, response: { 200: campaignSegmentsSchema, ...errors } } },
    async (request) => campaigns.segmentsOf(request.params.id),
  );

  // GET /api/campaigns/{id}/stats: tracking/tracking.routes.ts (campaign results).
}
