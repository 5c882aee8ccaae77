import {
  errorSchema,
  idParamsSchema,
  successSchema,
  TEMPLATE_BODY_MAX_BYTES,
  templateCategoriesSchema,
  templateCreateDefaultsSchema,
  templateCreateSchema,
  templateExtractRequestSchema,
  templateExtractSchema,
  templateListQuerySchema,
  templateListSchema,
  templatePreviewRequestSchema,
  templatePreviewSchema,
  templateResponseSchema,
  templateStatsSchema,
  templateUpdateSchema,
  templateValidateRequestSchema,
  templateValidationSchema,
} from '@lantern/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/authenticate';
import { TemplateInvalidError } from './template-editing';
import type { TemplatesService } from './templates.service';

// The calls of spec document 3, 7.6. Every one needs a session (the app's default).

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 413: errorSchema };
const tags = ['templates'];
const bodyLimit = TEMPLATE_BODY_MAX_BYTES;

/** A save refused by validation: the spec's message, and each error as a detail. */
async function orInvalid<T>(reply: FastifyReply, save: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await save();
  } catch (error) {
    if (!(error instanceof TemplateInvalidError)) throw error;
    return reply.status(400).send({
      error: error.message,
      details: error.errors.map((message) => ({ path: '', message })),
    });
  }
}

export async function templatesRoutes(app: FastifyInstance, opts: { templates: TemplatesService }) {
  const { templates } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/templates',
    {
      schema: {
        tags,
        querystring: templateListQuerySchema,
        response: { 200: templateListSchema, ...errors },
      },
    },
    async (request) => templates.list(request.query),
  );

  // Fixed paths (categories, stats, validate...) win over /:id in the router whatever the order.
  r.get(
    '/api/templates/categories',
    { schema: { tags, response: { 200: templateCategoriesSchema, ...errors } } },
    async () => templates.categories(),
  );

  r.get(
    '/api/templates/stats',
    { schema: { tags, response: { 200: templateStatsSchema, ...errors } } },
    async () => templates.stats(),
  );

  r.post(
    '/api/templates/validate',
    {
      bodyLimit,
      schema: {
        tags,
        body: templateValidateRequestSchema,
        response: { 200: templateValidationSchema, ...errors },
      },
    },
    async (request) => templates.validate(request.body),
  );

  r.post(
    '/api/templates/extract-variables',
    {
      bodyLimit,
      schema: {
        tags,
        body: templateExtractRequestSchema,
        response: { 200: templateExtractSchema, ...errors },
      },
    },
    async (request) => templates.extractVariables(request.body),
  );

  r.post(
    '/api/templates/create-defaults',
    { schema: { tags, response: { 200: templateCreateDefaultsSchema, ...errors } } },
    async (request) => templates.createDefaults(sessionOf(request).user.id),
  );

  r.get(
    '/api/templates/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: templateResponseSchema, ...errors } } },
    async (request) => ({ template: await templates.get(request.params.id) }),
  );

  r.post(
    '/api/templates',
    {
      bodyLimit,
      schema: { tags, body: templateCreateSchema, response: { 201: templateResponseSchema, ...errors } },
    },
    async (request, reply) =>
      orInvalid(reply, async () => {
        const template = await templates.create(request.body, sessionOf(request).user.id);
        return reply.status(201).send({ template });
      }),
  );

  r.put(
    '/api/templates/:id',
    {
      bodyLimit,
      schema: {
        tags,
        params: idParamsSchema,
        body: templateUpdateSchema,
        response: { 200: templateResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      orInvalid(reply, async () => ({ template: await templates.update(request.params.id, request.body) })),
  );

  r.delete(
    '/api/templates/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: successSchema, ...errors } } },
    async (request) => {
      await templates.delete(request.params.id);
      return { success: true as const };
    },
  );

  r.post(
    '/api/templates/:id/preview',
    {
      bodyLimit,
      schema: {
        tags,
        params: idParamsSchema,
        body: templatePreviewRequestSchema,
        response: { 200: templatePreviewSchema, ...errors },
      },
    },
    async (request) => templates.preview(request.params.id, request.body.variables),
  );
}
