import multipart from '@fastify/multipart';
import {
  assignResourceSegmentsSchema,
  downloadTokenSchema,
  errorSchema,
  generateTokenSchema,
  idParamsSchema,
  RESOURCE_MAX_FILE_MB,
  RESOURCE_MAX_FILES,
  resourceFilesResponseSchema,
  resourceListQuerySchema,
  resourceListSchema,
  resourceResponseSchema,
  resourcesBySegmentQuerySchema,
  resourcesBySegmentSchema,
  resourceStatsQuerySchema,
  resourceStatsSchema,
  resourceUpdateSchema,
  successSchema,
} from '@lantern/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../http/authenticate';
import { BadInputError } from '../../http/errors';
import { publicRoute } from '../../http/public-routes';
import { StoredFileNotFoundError } from '../../providers/storage/file-storage';
import { cleanFilename } from '../../security/upload-filename';
import { fileListPage, linkProblemPage } from './download-pages';
import { LinkProblem, type ResourcesService, type UploadPart } from './resources.service';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };
const tags = ['resources'];

/** RFC 6266: an ASCII fallback name and the exact UTF-8 name. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

const actorOf = (request: FastifyRequest) => ({ userId: sessionOf(request).user.id, ip: request.ip });

export async function resourcesRoutes(app: FastifyInstance, opts: { resources: ResourcesService }) {
  const { resources } = opts;

  await app.register(multipart, {
    limits: {
      fileSize: RESOURCE_MAX_FILE_MB * 1024 * 1024,
      files: RESOURCE_MAX_FILES + 1,
      fields: 50,
      fieldSize: 100_000,
      parts: 100,
    },
  });

  resourceEditingRoutes(app, resources);
  resourceDetailRoutes(app, resources);
  publicLinkRoutes(app, resources);
}

/** The admin's resources: the list, create (multipart), change and delete. */
function resourceEditingRoutes(app: FastifyInstance, resources: ResourcesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/resources',
    {
      schema: {
        tags,
        querystring: resourceListQuerySchema,
        response: { 200: resourceListSchema, ...errors },
      },
    },
    async (request) => ({ resources: await resources.list(request.query) }),
  );

  r.post(
    '/api/resources',
    {
      schema: {
        tags,
        summary:
          'Create a resource: multipart with title, description, category, priority, require_email, metadata, repeated segment_ids, then repeated files',
        response: { 201: resourceResponseSchema, ...errors, 413: errorSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new BadInputError('Send the resource as multipart/form-data');
      const parts = (async function* () {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            yield {
              type: 'file',
              fieldname: part.fieldname,
              filename: part.filename,
              mimetype: part.mimetype,
              file: part.file,
            } as UploadPart;
          } else yield { type: 'field', fieldname: part.fieldname, value: part.value } as UploadPart;
        }
      })();
      const resource = await resources.createFromUpload(parts, actorOf(request));
      return reply.status(201).send({ resource });
    },
  );

  r.put(
    '/api/resources/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: resourceUpdateSchema,
        response: { 200: resourceResponseSchema, ...errors },
      },
    },
    async (request) => ({ resource: await resources.update(request.params.id, request.body) }),
  );

  r.delete(
    '/api/resources/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: successSchema, ...errors } } },
    async (request) => {
      await resources.delete(request.params.id, actorOf(request));
      return { success: true as const };
    },
  );
}

/** One resource's segments, download statistics and files. */
function resourceDetailRoutes(app: FastifyInstance, resources: ResourcesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/resources/:id/assign-segments',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: assignResourceSegmentsSchema,
        response: { 200: resourceResponseSchema, ...errors },
      },
    },
    async (request) => ({
      resource: await resources.assignSegments(
        request.params.id,
        request.body.segment_ids,
        request.body.clear_existing,
        request.body.primary_segment_id,
      ),
    }),
  );

  r.get(
    '/api/resources/:id/stats',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: resourceStatsQuerySchema,
        response: { 200: resourceStatsSchema, ...errors },
      },
    },
    (request) => resources.stats(request.params.id, request.query.days),
  );

  r.get(
    '/api/resources/:id/files',
    { schema: { tags, params: idParamsSchema, response: { 200: resourceFilesResponseSchema, ...errors } } },
    async (request) => ({ files: await resources.files(request.params.id) }),
  );
}

/** The public side: links for anyone who asks, a segment's resources, following a link. */
function publicLinkRoutes(app: FastifyInstance, resources: ResourcesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/resources/generate-token',
    {
      config: {
        ...publicRoute('a download link for a lead magnet (spec: no auth header; rate-limited)'),
        rateLimit: { max: 60, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: 'An expiring download link for a resource (no token needed; never counted on a lead)',
        body: generateTokenSchema,
        response: { 200: downloadTokenSchema, ...errors, 429: errorSchema },
      },
    },
    (request) =>
      resources.generateToken(
        request.body.resource_id,
        request.body.email ?? null,
        request.body.visitor_uuid ?? null,
      ),
  );

  r.get(
    '/api/resources/by-segment/:segment',
    {
      config: {
        ...publicRoute('titles and descriptions of active resources for a segment (spec: no auth header)'),
        rateLimit: { max: 120, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: 'Active resources for a segment (id or name), primary first (no token needed)',
        params: z.strictObject({ segment: z.string().trim().min(1).max(120) }),
        querystring: resourcesBySegmentQuerySchema,
        response: { 200: resourcesBySegmentSchema, ...errors, 429: errorSchema },
      },
    },
    async (request) => ({
      resources: await resources.bySegment(request.params.segment, request.query.limit),
    }),
  );

  r.get(
    '/api/resources/download/:token',
    {
      config: {
        ...publicRoute('following an expiring download link'),
        rateLimit: { max: 120, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: 'Follow a download link: the file, or a page listing the resource’s files',
        params: z.strictObject({ token: z.string().max(1000) }),
        querystring: z.strictObject({ file: z.string().uuid().optional() }),
      },
    },
    async (request, reply) => followLink(resources, request.params.token, request.query.file, reply),
  );
}

async function followLink(
  resources: ResourcesService,
  token: string,
  fileId: string | undefined,
  reply: FastifyReply,
) {
  const html = (page: { status: number; html: string }) =>
    reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page.html);
  try {
    const { link, resource, file } = await resources.redeem(token, fileId);
    if (!file) return html(fileListPage(token, resource));
    const { body, size } = await resources.openDownload(link, resource.id, file);
    reply
      .type(file.fileType)
      .header('content-disposition', contentDisposition(cleanFilename(file.filename)))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    if (size !== null) reply.header('content-length', size);
    return reply.send(body);
  } catch (error) {
    if (error instanceof LinkProblem) return html(linkProblemPage(error.reason));
    if (error instanceof StoredFileNotFoundError) return html(linkProblemPage('gone'));
    throw error;
  }
}
