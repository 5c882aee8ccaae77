import {
  availableTemplatesQuerySchema,
  availableTemplatesSchema,
  CAMPAIGN_BODY_MAX_BYTES,
  campaignCreatedSchema,
  campaignCreateSchema,
  campaignListQuerySchema,
  campaignListSchema,
  campaignResponseSchema,
  campaignSegmentOptionsSchema,
  campaignSegmentsSchema,
  campaignStatsSchema,
  campaignUpdateSchema,
  campaignVersionContentSchema,
  compatibilityRequestSchema,
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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../http/authenticate';
import type { CampaignsService } from './campaigns.service';

// The calls of spec document 3, 7.4, but approval links, the public preview and decision,
// publish, schedule and send (the campaign results issue). Every one needs a session.

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

export async function campaignsRoutes(app: FastifyInstance, opts: { campaigns: CampaignsService }) {
  const { campaigns } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const editor = (request: Parameters<typeof sessionOf>[0]) => ({ userId: sessionOf(request).user.id });

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

  // GET /api/campaigns/{id}/stats
  r.get(
    '/api/campaigns/:id/stats',
    { schema: { tags, params: idParamsSchema, response: { 200: campaignStatsSchema, ...errors } } },
    async (request) => campaigns.stats(request.params.id),
  );
}
