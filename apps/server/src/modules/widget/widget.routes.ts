import crypto from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  clearAnalyticsPreviewSchema,
  clearAnalyticsRequestSchema,
  clearAnalyticsResponseSchema,
  errorSchema,
  WIDGET_IMAGE_MAX_BYTES,
  WIDGET_IMAGE_MESSAGES,
  widgetImageDeleteResponseSchema,
  widgetImageTypeSchema,
  widgetImageUploadResponseSchema,
  widgetPublicConfigSchema,
  widgetSettingsHistoryQuerySchema,
  widgetSettingsHistoryResponseSchema,
  widgetSettingsResponseSchema,
  widgetSettingsUpdateSchema,
  widgetThemesResponseSchema,
  type WidgetImageType,
} from '@lantern/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../http/authenticate';
import { BadInputError, PayloadTooLargeError } from '../../http/errors';
import { publicRoute } from '../../http/public-routes';
import { allowAnyOrigin } from '../../http/widget-cors';
import { readImageUpload } from './widget-images';
import type { WidgetActor, WidgetService } from './widget.service';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };
const tags = ['widget'];

const actorOf = (request: FastifyRequest): WidgetActor => {
  const { user } = sessionOf(request);
  return { userId: user.id, ip: request.ip, email: user.email };
};

/** @fastify/multipart's error for a file over the limit (a truncated stream is caught on reading). */
const isFileTooLarge = (error: unknown) => (error as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';

export async function widgetRoutes(app: FastifyInstance, opts: { widget: WidgetService }) {
  const { widget } = opts;
  allowAnyOrigin(app);
  await app.register(multipart, {
    limits: { fileSize: WIDGET_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  });
  publicWidgetRoutes(app, widget);
  settingsRoutes(app, widget);
  imageRoutes(app, widget);
  clearAnalyticsRoutes(app, widget);
}

/** What the widget and the enrolment form read on the school's site: the config and the images. */
function publicWidgetRoutes(app: FastifyInstance, widget: WidgetService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/widget/config',
    {
      config: publicRoute('branding for the public enrolment form and the widget'),
      schema: {
        tags,
        summary: 'Public branding for the enrolment form and the widget (no token)',
        response: { 200: widgetPublicConfigSchema, 304: z.null() },
      },
    },
    async (request, reply) => {
      const config = await widget.publicConfig();
      // Revalidated on every view (cheap: 304), so a saved change shows at once.
      const etag = `W/"${crypto.createHash('sha256').update(JSON.stringify(config)).digest('base64url').slice(0, 22)}"`;
      reply.header('cache-control', 'public, no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return config;
    },
  );

  r.get(
    '/widget/images/:name',
    {
      config: publicRoute('the school’s avatar and logo, shown by the widget and the enrolment form'),
      schema: {
        tags,
        summary: 'An uploaded avatar or logo (re-encoded, from our origin, cached for a year)',
        params: z.object({ name: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const image = await widget.image(request.params.name);
      if (!image) return reply.status(404).send({ error: 'Image not found' });
      return reply
        .header('content-type', image.contentType)
        .header('content-length', String(image.size))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(image.body);
    },
  );
}

/** The admin's settings: read, change, reset, themes and the history of changes. */
function settingsRoutes(app: FastifyInstance, widget: WidgetService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/widget/settings',
    {
      schema: {
        tags,
        summary:
          'Every widget setting (spec document 3, 3.6) and the school time zone, defaults where none was saved',
        response: { 200: widgetSettingsResponseSchema, ...errors },
      },
    },
    async () => ({ settings: await widget.current() }),
  );

  r.put(
    '/api/widget/settings',
    {
      schema: {
        tags,
        summary:
          'Changes the fields given (validated: #RRGGBB colours, position, radius, delay, time zone, our own images); audited',
        body: widgetSettingsUpdateSchema,
        response: { 200: widgetSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({ settings: await widget.update(request.body, actorOf(request)) }),
  );

  r.get(
    '/api/widget/settings/history',
    {
      schema: {
        tags,
        summary: 'The newest settings changes: who, when, which fields, before and after',
        querystring: widgetSettingsHistoryQuerySchema,
        response: { 200: widgetSettingsHistoryResponseSchema, ...errors },
      },
    },
    async (request) => ({ entries: await widget.history(request.query.limit) }),
  );

  r.get(
    '/api/widget/themes',
    {
      schema: {
        tags,
        summary: 'The built-in themes',
        response: { 200: widgetThemesResponseSchema, ...errors },
      },
    },
    async () => ({ themes: widget.themes() }),
  );

  r.post(
    '/api/widget/themes/:id/apply',
    {
      schema: {
        tags,
        summary: 'Applies a built-in theme (only its three colours change); answers the settings',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: widgetSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({ settings: await widget.applyTheme(request.params.id, actorOf(request)) }),
  );

  r.post(
    '/api/widget/reset-defaults',
    {
      schema: {
        tags,
        summary: 'Every setting back to its default (the school time zone is kept); answers the settings',
        response: { 200: widgetSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({ settings: await widget.reset(actorOf(request)) }),
  );
}

/** The avatar and logo: upload (multipart) and delete. */
function imageRoutes(app: FastifyInstance, widget: WidgetService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/widget/upload-image',
    {
      schema: {
        tags,
        summary:
          "Upload the avatar or logo: multipart `image` (JPEG, PNG, GIF or WebP by content, at most 5 MB) and `imageType` ('avatar' or 'logo')",
        response: { 200: widgetImageUploadResponseSchema, ...errors, 413: errorSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new BadInputError(WIDGET_IMAGE_MESSAGES.missingFile);
      let content: Buffer | null = null;
      let filename = '';
      let imageType: unknown;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'image' || content) {
              part.file.resume();
              continue;
            }
            filename = part.filename;
            content = await readImageUpload(part.file);
          } else if (part.fieldname === 'imageType') imageType = part.value;
        }
      } catch (error) {
        if (isFileTooLarge(error)) throw new PayloadTooLargeError(WIDGET_IMAGE_MESSAGES.tooLarge);
        throw error;
      }
      const type = widgetImageTypeSchema.safeParse(imageType);
      if (!type.success) throw new BadInputError(WIDGET_IMAGE_MESSAGES.invalidImageType);
      if (!content) throw new BadInputError(WIDGET_IMAGE_MESSAGES.missingFile);
      return widget.uploadImage({ content, filename, type: type.data }, actorOf(request));
    },
  );

  r.delete(
    '/api/widget/image/:type',
    {
      schema: {
        tags,
        summary: 'Removes the avatar or logo (the widget then shows initials)',
        params: z.object({ type: widgetImageTypeSchema }),
        response: { 200: widgetImageDeleteResponseSchema, ...errors },
      },
    },
    async (request) => widget.deleteImage(request.params.type as WidgetImageType, actorOf(request)),
  );
}

/** Production Data Management: the dry run and the clearing (step-up, one transaction, audited). */
function clearAnalyticsRoutes(app: FastifyInstance, widget: WidgetService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/admin/clear-analytics/preview',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'The dry run: how many visitors, conversations, download records and tokens (and leads) would go',
        response: { 200: clearAnalyticsPreviewSchema, ...errors },
      },
    },
    async (request) => widget.previewClearAnalytics(sessionOf(request).user.id),
  );

  r.post(
    '/admin/clear-analytics',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['analytics'],
        summary:
          'Clears visitors, conversations, resource download records and tokens (leads only with include_leads); needs the password and, with two-factor on, a current code',
        body: clearAnalyticsRequestSchema,
        response: { 200: clearAnalyticsResponseSchema, ...errors, 429: errorSchema },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return widget.clearAnalytics(
        { userId: session.user.id, ip: request.ip, sessionId: session.sessionId, email: session.user.email },
        request.body,
      );
    },
  );
}
