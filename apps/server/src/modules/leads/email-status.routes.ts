import { errorSchema, idParamsSchema, leadEmailStatusSchema, resubscribeSchema } from '@lantern/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/authenticate';
import type { LeadsService } from './leads.service';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['leads'];

/** A lead's email status and the resubscribe action (spec document 2, sections 4 and 7). */
export async function emailStatusRoutes(app: FastifyInstance, opts: { leads: LeadsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { leads } = opts;

  r.get(
    '/api/leads/:id/email-status',
    {
      schema: {
        tags,
        summary: "The lead's email status, when and why it last changed, and who reported it",
        params: idParamsSchema,
        response: { 200: leadEmailStatusSchema, ...errors },
      },
    },
    (request) => leads.getEmailStatus(request.params.id),
  );

  r.post(
    '/api/leads/:id/resubscribe',
    {
      schema: {
        tags,
        summary: 'Subscribe the lead again (confirm: true); a spam complaint also needs override_complaint',
        params: idParamsSchema,
        body: resubscribeSchema,
        response: { 200: leadEmailStatusSchema, ...errors },
      },
    },
    (request) =>
      leads.resubscribe(request.params.id, request.body, {
        userId: sessionOf(request).user.id,
        ip: request.ip,
      }),
  );
}
