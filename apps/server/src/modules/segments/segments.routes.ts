import { Readable } from 'node:stream';
import {
  assignLeadsResponseSchema,
  errorSchema,
  evaluateRulesSchema,
  idParamsSchema,
  leadIdsSchema,
  neutraliseCsvCell,
  removeLeadsResponseSchema,
  ruleTestResultSchema,
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
  type SegmentLead,
} from '@lantern/contracts';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { sessionOf } from '../../http/authenticate';
import { recordAuditEvent, type AuditAction } from '../audit/audit.service';
import type { SegmentsService } from './segments.service';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['segments'];

const EXPORT_COLUMNS = [
  'email',
  'parent_name',
  'child_name',
  'child_age',
  'phone',
  'special_needs',
  'lead_score',
  'timeline',
  'assignment',
  'assigned_at',
] as const;

function exportCells(lead: SegmentLead): (string | null)[] {
  const cells: Record<(typeof EXPORT_COLUMNS)[number], string | null> = {
    email: lead.email,
    parent_name: lead.parent_name,
    child_name: lead.child_name,
    child_age: lead.child_age === null ? null : String(lead.child_age),
    phone: lead.phone,
    special_needs: lead.special_needs.join(', ') || null,
    lead_score: String(lead.lead_score),
    timeline: lead.timeline,
    assignment: lead.manually_assigned ? 'Manual' : 'Auto',
    assigned_at: lead.assigned_at,
  };
  return EXPORT_COLUMNS.map((c) => (cells[c] === null ? null : neutraliseCsvCell(cells[c])));
}

export async function segmentsRoutes(
  app: FastifyInstance,
  opts: { segments: SegmentsService; db: Database },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { segments, db } = opts;
  const audit = (request: FastifyRequest, action: AuditAction, details: Record<string, unknown>) =>
    recordAuditEvent(db, { actorId: sessionOf(request).user.id, action, details, ip: request.ip });

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
      const segment = await segments.createSegment(request.body);
      await audit(request, 'segment.created', { segmentId: segment.id });
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
    async (request) => {
      const segment = await segments.updateSegment(request.params.id, request.body);
      await audit(request, 'segment.updated', { segmentId: segment.id, fields: Object.keys(request.body) });
      return { segment };
    },
  );

  r.delete(
    '/api/segments/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: successSchema, ...errors } } },
    async (request) => {
      await segments.deleteSegment(request.params.id);
      await audit(request, 'segment.deleted', { segmentId: request.params.id });
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
      const { assigned, segmentName } = await segments.assignLeads(request.params.id, request.body.lead_ids);
      const n = request.body.lead_ids.length;
      await audit(request, 'segment.leads_assigned', { segmentId: request.params.id, count: n });
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
    async (request) => {
      const removed = await segments.removeLeads(request.params.id, request.body.lead_ids);
      await audit(request, 'segment.leads_removed', { segmentId: request.params.id, count: removed });
      return { success: true as const, removed };
    },
  );

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
      const segment = await segments.getOrThrow(request.params.id);
      const { format } = request.query;
      await audit(request, 'segment.exported', { segmentId: segment.id, format, rows: segment.active_leads });
      if (format === 'json') {
        const leads: SegmentLead[] = [];
        for await (const page of segments.membersInPages(segment.id)) leads.push(...page);
        return reply
          .header('cache-control', 'no-store')
          .send({ segment: { id: segment.id, name: segment.name }, leads });
      }
      async function* csv() {
        yield stringify([[...EXPORT_COLUMNS]]);
        for await (const page of segments.membersInPages(segment.id)) yield stringify(page.map(exportCells));
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${segmentExportFilename(segment.name)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(csv(), { highWaterMark: 1 }));
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
      const segment = await segments.cloneSegment(request.params.id, request.body.name);
      await audit(request, 'segment.cloned', { from: request.params.id, segmentId: segment.id });
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
    async (request) => {
      const result = await segments.syncToMailerLite(request.params.id);
      await audit(request, 'segment.synced', {
        segmentId: request.params.id,
        found: result.results.leads_found,
        synced: result.results.synced,
        errors: result.results.errors,
      });
      return result;
    },
  );
}
