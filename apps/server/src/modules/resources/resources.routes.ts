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
import type { Database } from '../../db/client';
import { sessionOf } from '../../http/authenticate';
import { BadInputError } from '../../http/errors';
import { publicRoute } from '../../http/public-routes';
import { StoredFileNotFoundError } from '../../providers/storage/file-storage';
import { cleanFilename } from '../../security/upload-filename';
import { recordAuditEvent } from '../audit/audit.service';
import { LinkProblem, type ResourcesService, type UploadPart } from './resources.service';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };
const tags = ['resources'];

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const PAGE_STYLE = `body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f8fafc;color:#0f172a;margin:0;padding:48px 16px}
main{max-width:560px;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px}
h1{font-size:1.375rem;margin:0 0 12px}p{line-height:1.6;color:#334155}ul{padding:0;list-style:none}
li{margin:8px 0}a{color:#3730a3;font-weight:600}`;

/** A small, plain page for people who follow a download link (no script, everything escaped). */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const LINK_PAGES: Record<LinkProblem['reason'], { status: number; title: string; text: string }> = {
  invalid: {
    status: 400,
    title: 'This download link is not valid',
    text: 'The link may have been copied incompletely. Please use the link from your email, or ask the school for a new one.',
  },
  expired: {
    status: 410,
    title: 'This download link has expired',
    text: 'Download links are valid for a limited time. Please ask the school for a new link, or fill in the enrolment form again.',
  },
  gone: {
    status: 404,
    title: 'This resource is no longer available',
    text: 'The school has removed or paused this resource. Please contact the school if you still need it.',
  },
};

/** RFC 6266: an ASCII fallback name and the exact UTF-8 name. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export async function resourcesRoutes(
  app: FastifyInstance,
  opts: { resources: ResourcesService; db: Database },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { resources, db } = opts;
  const audit = (
    request: FastifyRequest,
    action: 'resource.created' | 'resource.deleted',
    details: Record<string, unknown>,
  ) => recordAuditEvent(db, { actorId: sessionOf(request).user.id, action, details, ip: request.ip });

  await app.register(multipart, {
    limits: {
      fileSize: RESOURCE_MAX_FILE_MB * 1024 * 1024,
      files: RESOURCE_MAX_FILES + 1,
      fields: 50,
      fieldSize: 100_000,
      parts: 100,
    },
  });

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
      const resource = await resources.createFromUpload(parts);
      await audit(request, 'resource.created', { resourceId: resource.id, files: resource.file_count });
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
      await resources.delete(request.params.id);
      await audit(request, 'resource.deleted', { resourceId: request.params.id });
      return { success: true as const };
    },
  );

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
  const html = (status: number, title: string, body: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(title, body));
  try {
    const { link, resource, file } = await resources.redeem(token, fileId);
    if (!file) {
      const items = resource.files
        .map(
          (f) =>
            `<li><a href="/api/resources/download/${encodeURIComponent(token)}?file=${f.id}">${escapeHtml(f.filename)}</a></li>`,
        )
        .join('');
      return html(200, resource.title, `<p>${escapeHtml(resource.description)}</p><ul>${items}</ul>`);
    }
    const { body, size } = await resources.openDownload(link, resource.id, file);
    reply
      .type(file.fileType)
      .header('content-disposition', contentDisposition(cleanFilename(file.filename)))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    if (size !== null) reply.header('content-length', size);
    return reply.send(body);
  } catch (error) {
    if (error instanceof LinkProblem) {
      const p = LINK_PAGES[error.reason];
      return html(p.status, p.title, `<p>${escapeHtml(p.text)}</p>`);
    }
    if (error instanceof StoredFileNotFoundError) {
      const p = LINK_PAGES.gone;
      return html(p.status, p.title, `<p>${escapeHtml(p.text)}</p>`);
    }
    throw error;
  }
}
