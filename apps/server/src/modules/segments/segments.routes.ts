import {
  assignLeadsResponseSchema,
  errorSchema,
  idParamsSchema,
  leadIdsSchema,
  segmentListSchema,
} from '@lantern/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { sessionOf } from '../../http/authenticate';
import { recordAuditEvent } from '../audit/audit.service';
import type { SegmentsService } from './segments.service';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };
const tags = ['segments'];

export async function segmentsRoutes(
  app: FastifyInstance,
  opts: { segments: SegmentsService; db: Database },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { segments, db } = opts;

  r.get('/api/segments', { schema: { tags, response: { 200: segmentListSchema, ...errors } } }, async () => ({
    segments: await segments.listSegments(),
  }));

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
      await recordAuditEvent(db, {
        actorId: sessionOf(request).user.id,
        action: 'segment.leads_assigned',
        details: { segmentId: request.params.id, count: request.body.lead_ids.length },
        ip: request.ip,
      });
      const n = request.body.lead_ids.length;
      return {
        success: true as const,
        assigned,
        message: `${n} ${n === 1 ? 'lead' : 'leads'} assigned to ${segmentName}`,
      };
    },
  );
}
