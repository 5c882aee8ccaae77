import { buffer as readAll } from 'node:stream/consumers';
import multipart from '@fastify/multipart';
import {
  chunkCreateSchema,
  chunkListQuerySchema,
  chunkListSchema,
  chunkResponseSchema,
  chunkUpdateSchema,
  errorSchema,
  extractionListQuerySchema,
  extractionListSchema,
  extractionReviewResponseSchema,
  extractionReviewSchema,
  extractionStatsSchema,
  idParamsSchema,
  KNOWLEDGE_MAX_FILE_BYTES,
  KNOWLEDGE_MESSAGES,
  knowledgeDeleteResponseSchema,
  knowledgeDocumentListSchema,
  knowledgeDocumentResponseSchema,
  knowledgeDocumentUpdateSchema,
  knowledgeSearchRequestSchema,
  knowledgeSearchResponseSchema,
  knowledgeStatsSchema,
  knowledgeUploadFieldsSchema,
  knowledgeUploadResponseSchema,
  successSchema,
} from '@lantern/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/authenticate';
import { AppError, BadInputError, UnprocessableError } from '../../http/errors';
import type { KnowledgeService } from './knowledge.service';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };
const tags = ['knowledge'];
/** How long an upload waits for its ingestion job, so small files answer with real counts. */
const UPLOAD_WAIT_MS = 5000;
/** Larger files answer 202 at once: reading them takes longer than anyone should wait for a reply. */
const UPLOAD_WAIT_MAX_BYTES = 2 * 1024 * 1024;

type UploadForm = { filename: string; content: Buffer; fields: Record<string, string> };

/** Reads the multipart upload: the file part named `document` (the first file part otherwise) and the fields. */
async function readUpload(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart()) throw new BadInputError(KNOWLEDGE_MESSAGES.noFile);
  const fields: Record<string, string> = {};
  let file: { filename: string; content: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (file) {
        part.file.resume(); // only the first file is used (spec 2.1)
        continue;
      }
      const content = await readAll(part.file);
      if (part.file.truncated) throw new AppError(413, KNOWLEDGE_MESSAGES.fileSize);
      file = { filename: part.filename, content };
    }
  } catch (error) {
    const e = error as { code?: string; statusCode?: number };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413)
      throw new AppError(413, KNOWLEDGE_MESSAGES.fileSize);
    throw error;
  }
  if (!file || !file.filename) throw new BadInputError(KNOWLEDGE_MESSAGES.noFile);
  return { ...file, fields };
}

export async function knowledgeRoutes(app: FastifyInstance, opts: { knowledge: KnowledgeService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { knowledge } = opts;
  const actorOf = (request: FastifyRequest) => sessionOf(request).user.id;

  await app.register(multipart, {
    limits: { fileSize: KNOWLEDGE_MAX_FILE_BYTES, files: 2, fields: 10, fieldSize: 1000, parts: 20 },
  });

  r.get(
    '/api/knowledge',
    { schema: { tags, response: { 200: knowledgeDocumentListSchema, ...errors } } },
    async () => ({ documents: await knowledge.listDocuments() }),
  );

  r.post(
    '/api/knowledge/upload',
    {
      schema: {
        tags,
        summary:
          'Upload a document (multipart: document, category, priority). Files up to 2 MB are waited for up to 5 s: 201 when processed, 422 when the file could not be read; otherwise 202 while it is processed (poll GET /api/knowledge)',
        response: {
          201: knowledgeUploadResponseSchema,
          202: knowledgeUploadResponseSchema,
          ...errors,
          413: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const form = await readUpload(request);
      const fields = knowledgeUploadFieldsSchema.safeParse({
        category: form.fields.category || undefined,
        priority: form.fields.priority || undefined,
      });
      if (!fields.success) throw new BadInputError(fields.error.issues[0]?.message ?? 'Invalid upload');
      const id = await knowledge.ingestion.accept({
        filename: form.filename,
        content: form.content,
        category: fields.data.category,
        priority: fields.data.priority,
        uploadedBy: actorOf(request),
      });
      if (form.content.length <= UPLOAD_WAIT_MAX_BYTES) await knowledge.ingestion.settle(id, UPLOAD_WAIT_MS);
      const document = await knowledge.getDocument(id);
      if (document.status === 'failed')
        throw new UnprocessableError(document.failure_reason ?? KNOWLEDGE_MESSAGES.uploadFailed);
      return reply.status(document.status === 'processing' ? 202 : 201).send({
        success: true as const,
        status: document.status,
        totalChunks: document.total_chunks,
        extractedQAs: document.question_answers.length,
        textExtractions: document.pending_extractions,
        document,
      });
    },
  );

  r.put(
    '/api/knowledge/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: knowledgeDocumentUpdateSchema,
        response: { 200: knowledgeDocumentResponseSchema, ...errors },
      },
    },
    async (request) => ({ document: await knowledge.updateDocument(request.params.id, request.body) }),
  );

  r.delete(
    '/api/knowledge/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: knowledgeDeleteResponseSchema, ...errors } } },
    async (request) => {
      const { deletedChunks } = await knowledge.deleteDocument(request.params.id, {
        userId: actorOf(request),
        ip: request.ip,
      });
      return { success: true as const, deletedChunks };
    },
  );

  r.post(
    '/api/knowledge/test-search',
    {
      schema: {
        tags,
        summary: 'The chatbot’s knowledge search: chunks over the similarity threshold, best first',
        body: knowledgeSearchRequestSchema,
        response: { 200: knowledgeSearchResponseSchema, ...errors },
      },
    },
    (request) => knowledge.search(request.body),
  );

  r.get(
    '/api/knowledge/stats',
    { schema: { tags, response: { 200: knowledgeStatsSchema, ...errors } } },
    () => knowledge.stats(),
  );

  r.get(
    '/api/knowledge/extractions',
    {
      schema: {
        tags,
        querystring: extractionListQuerySchema,
        response: { 200: extractionListSchema, ...errors },
      },
    },
    (request) => knowledge.extractions.list(request.query),
  );

  r.get(
    '/api/knowledge/extractions/stats',
    { schema: { tags, response: { 200: extractionStatsSchema, ...errors } } },
    () => knowledge.extractions.stats(),
  );

  r.get(
    '/api/knowledge/extractions/:id/image',
    {
      schema: {
        tags,
        summary: 'The image a text extraction was read from (for the reviewer to compare)',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const image = await knowledge.extractionImage(request.params.id);
      reply
        .type(image.contentType)
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff');
      if (image.size !== null) reply.header('content-length', image.size);
      return reply.send(image.body);
    },
  );

  r.put(
    '/api/knowledge/extractions/:id',
    {
      schema: {
        tags,
        summary: 'Approve (the reviewed text becomes chunks) or reject a pending text extraction',
        params: idParamsSchema,
        body: extractionReviewSchema,
        response: { 200: extractionReviewResponseSchema, ...errors, 409: errorSchema },
      },
    },
    (request) => knowledge.extractions.review(request.params.id, request.body, actorOf(request)),
  );

  r.get(
    '/api/knowledge/chunks',
    { schema: { tags, querystring: chunkListQuerySchema, response: { 200: chunkListSchema, ...errors } } },
    (request) => knowledge.listChunks(request.query),
  );

  r.get(
    '/api/knowledge/chunks/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: chunkResponseSchema, ...errors } } },
    async (request) => ({ chunk: await knowledge.getChunk(request.params.id) }),
  );

  r.put(
    '/api/knowledge/chunks/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: chunkUpdateSchema,
        response: { 200: chunkResponseSchema, ...errors },
      },
    },
    async (request) => ({ chunk: await knowledge.updateChunk(request.params.id, request.body.chunk_text) }),
  );

  r.delete(
    '/api/knowledge/chunks/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: successSchema, ...errors } } },
    async (request) => {
      await knowledge.deleteChunk(request.params.id, { userId: actorOf(request), ip: request.ip });
      return { success: true as const };
    },
  );

  r.post(
    '/api/knowledge/chunks',
    { schema: { tags, body: chunkCreateSchema, response: { 201: chunkResponseSchema, ...errors } } },
    async (request, reply) => reply.status(201).send({ chunk: await knowledge.createChunk(request.body) }),
  );
}
