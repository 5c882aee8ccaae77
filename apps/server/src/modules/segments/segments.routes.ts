import { Readable } from 'node:stream';
import {
  assignLeadsResponseSchema,
  errorSchema,
  evaluateRulesSchema,
  idParamsSchema,
  leadIdsSchema,
  removeLeadsResponseSchema,
  ruleTestResultSchema,
  segmentAnalyticsQuerySchema,
  segmentAnalyticsSchema,
  segmentBatchUpdateResultSchema,
  segmentBatchUpdateSchema,
  segmentCloneSchema,
  segmentCreateSchema,
  segmentExportFilename,
  segmentExportQuerySchema,
  segmentLeadsPageSchema,
  segmentLeadsQuerySchema,
  segmentListSchema,
  segmentResponseSchema,
  segmentUpdateSchema,
  successSchema,
  syncResultSchema,
} from '@lantern/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/authenticate';
import type { SegmentsService } from './segments.service';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['segments'];

const actorOf = (request: FastifyRequest) => ({ userId: sessionOf(request).user.id, ip: request.ip });

export async function segmentsRoutes(app: FastifyInstance, opts: { segments: SegmentsService }) {
  const { segments } = opts;
  segmentEditingRoutes(app, segments);
  membershipRoutes(app, segments);
  segmentCopyRoutes(app, segments);
}

/** Segments and their rules: the list, create, change (one or a batch), analytics, delete, and the rule test. */
function segmentEditingRoutes(app: FastifyInstance, segments: SegmentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/segments', { schema: { tags, response: { 200: segmentListSchema, ...errors } } }, async () => ({
    segments: await segments.listSegments(),
  }));

  r.post(
    '/api/segments',
    {
      schema: {
        tags,
        summary: 'Create a segment; its leads are tagged by a background job',
        body: segmentCreateSchema,
        response: { 201: segmentResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const segment = await segments.createSegment(request.body, actorOf(request));
      return reply.status(201).send({ segment });
    },
  );

  r.put(
    '/api/segments/:id',
    {
      schema: {
        tags,
        summary: 'Change some fields of a segment (e.g. only is_active)',
        params: idParamsSchema,
        body: segmentUpdateSchema,
        response: { 200: segmentResponseSchema, ...errors },
      },
    },
    async (request) => ({
      segment: await segments.updateSegment(request.params.id, request.body, actorOf(request)),
    }),
  );

  r.post(
    '/api/segments/batch-update',
    {
      schema: {
        tags,
        summary: 'Change several segments, each as PUT /api/segments/{id}; success only if none failed',
        body: segmentBatchUpdateSchema,
        response: { 200: segmentBatchUpdateResultSchema, ...errors },
      },
    },
    (request) => segments.batchUpdateSegments(request.body.updates, actorOf(request)),
  );

  r.get(
    '/api/segments/:id/analytics',
    {
      schema: {
        tags,
        summary: 'Lead growth (by the day leads joined), conversion by status and engagement of a segment',
        params: idParamsSchema,
        querystring: segmentAnalyticsQuerySchema,
        response: { 200: segmentAnalyticsSchema, ...errors },
      },
    },
    (request) => segments.segmentAnalytics(request.params.id, request.query.time_range),
  );

  r.delete(
    '/api/segments/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: successSchema, ...errors } } },
    async (request) => {
      await segments.deleteSegment(request.params.id, actorOf(request));
      return { success: true as const };
    },
  );

  r.post(
    '/api/segments/evaluate-rules',
    {
      schema: {
        tags,
        summary: 'Test rules over every lead: counts and up to 3 samples of matching and excluded leads',
        body: evaluateRulesSchema,
        response: { 200: ruleTestResultSchema, ...errors },
      },
    },
    (request) => segments.evaluateRules(request.body.inclusion_rules, request.body.exclusion_rules),
  );
}

/** A segment's members: the filtered page, and adding or taking out leads by hand. */
function membershipRoutes(app: FastifyInstance, segments: SegmentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/segments/:id/leads',
    {
      schema: {
        tags,
        summary: 'A page of the segment’s leads (search, score and assignment filters)',
        params: idParamsSchema,
        querystring: segmentLeadsQuerySchema,
        response: { 200: segmentLeadsPageSchema, ...errors },
      },
    },
    (request) => segments.leadsPage(request.params.id, request.query),
  );

  r.post(
    '/api/segments/:id/assign-leads',
    {
      schema: {
        tags,
        summary: 'Add leads to a segment by hand (marked Manual)',
        params: idParamsSchema,
        body: leadIdsSchema,
        response: { 200: assignLeadsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { assigned, segmentName } = await segments.assignLeads(
        request.params.id,
        request.body.lead_ids,
        actorOf(request),
      );
      const n = request.body.lead_ids.length;
      return {
        success: true as const,
        assigned,
        message: `${n} ${n === 1 ? 'lead' : 'leads'} assigned to ${segmentName}`,
      };
    },
  );

  r.post(
    '/api/segments/:id/remove-leads',
    {
      schema: {
        tags,
        summary: 'Take leads out of a segment',
        params: idParamsSchema,
        body: leadIdsSchema,
        response: { 200: removeLeadsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      removed: await segments.removeLeads(request.params.id, request.body.lead_ids, actorOf(request)),
    }),
  );
}

/** A segment's members elsewhere: exported as a file, cloned into a new segment, synced to MailerLite. */
function segmentCopyRoutes(app: FastifyInstance, segments: SegmentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/segments/:id/export',
    {
      schema: {
        tags,
        summary: 'The segment’s leads as a CSV file (streamed) or as JSON',
        params: idParamsSchema,
        querystring: segmentExportQuerySchema,
      },
    },
    async (request, reply) => {
      const exported = await segments.exportSegment(
        request.params.id,
        request.query.format,
        actorOf(request),
      );
      if (exported.format === 'json')
        return reply
          .header('cache-control', 'no-store')
          .send({ segment: exported.segment, leads: exported.leads });
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${segmentExportFilename(exported.segment.name)}"`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(exported.csv, { highWaterMark: 1 }));
    },
  );

  r.post(
    '/api/segments/:id/clone',
    {
      schema: {
        tags,
        summary: 'Copy a segment (rules, settings and members) under a new name',
        params: idParamsSchema,
        body: segmentCloneSchema,
        response: { 201: segmentResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const segment = await segments.cloneSegment(request.params.id, request.body.name, actorOf(request));
      return reply.status(201).send({ segment });
    },
  );

  r.post(
    '/api/segments/:id/sync-to-mailerlite',
    {
      schema: {
        tags,
        summary: 'Send the segment’s emailable leads to the MailerLite group of the same name',
        params: idParamsSchema,
        response: { 200: syncResultSchema, ...errors, 502: errorSchema },
      },
    },
    (request) => segments.syncToMailerLite(request.params.id, actorOf(request)),
  );
}
