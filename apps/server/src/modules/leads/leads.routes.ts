import {
  errorSchema,
  idParamsSchema,
  leadCreatedSchema,
  leadCreateSchema,
  leadDetailSchema,
  leadResponseSchema,
  leadsPageSchema,
  leadsQuerySchema,
  leadUpdateSchema,
  messageResponseSchema,
} from '@lantern/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/authenticate';
import type { LeadsService } from './leads.service';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['leads'];
const actorOf = (request: FastifyRequest) => ({ userId: sessionOf(request).user.id, ip: request.ip });

export async function leadsRoutes(app: FastifyInstance, opts: { leads: LeadsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { leads } = opts;

  r.get(
    '/api/leads',
    {
      schema: {
        tags,
        summary: 'One page of leads, newest first; filters equal to "all" are ignored',
        querystring: leadsQuerySchema,
        response: { 200: leadsPageSchema, ...errors },
      },
    },
    (request) => leads.listLeads(request.query),
  );

  r.post(
    '/api/leads/import/single',
    {
      schema: {
        tags,
        summary: 'Create one lead (manual creation); legacy single-child fields are wrapped into one child',
        body: leadCreateSchema,
        response: { 201: leadCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const lead = await leads.createLead(request.body, 'manual', actorOf(request));
      return reply.status(201).send({ lead, segments: lead.segment_tags });
    },
  );

  r.get(
    '/api/leads/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: leadDetailSchema, ...errors } } },
    (request) => leads.getLeadDetail(request.params.id),
  );

  r.put(
    '/api/leads/:id',
    {
      schema: {
        tags,
        summary: 'Update a lead; children, when given, replace the list',
        params: idParamsSchema,
        body: leadUpdateSchema,
        response: { 200: leadResponseSchema, ...errors },
      },
    },
    async (request) => ({ lead: await leads.updateLead(request.params.id, request.body, actorOf(request)) }),
  );

  r.delete(
    '/api/leads/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      await leads.deleteLead(request.params.id, actorOf(request));
      return { success: true as const, message: 'Lead deleted successfully' };
    },
  );
}
