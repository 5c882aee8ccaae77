import {
  campaignActionResultSchema,
  campaignDeliveryResponseSchema,
  campaignScheduleSchema,
  errorSchema,
  idParamsSchema,
} from '@lantern/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../../http/authenticate';
import type { CampaignSending } from './campaign-sending';

// Sending a published campaign (issue 23; spec document 3, 7.4): send now, schedule and its
// DELETE, pause, resume, and the delivery's progress (polled every 2 s). All need a session.

const errors = {
  400: errorSchema,
  401: errorSchema,
  404: errorSchema,
  409: errorSchema,
  502: errorSchema,
};
const tags = ['campaigns'];
const actionSchema = {
  tags,
  params: idParamsSchema,
  response: { 200: campaignActionResultSchema, ...errors },
};

export async function sendingRoutes(app: FastifyInstance, opts: { sending: CampaignSending }) {
  const { sending } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actor = (request: FastifyRequest) => ({ userId: sessionOf(request).user.id, ip: request.ip });

  // POST /api/campaigns/{id}/send {}: published -> sent; 202 while the send goes on.
  r.post(
    '/api/campaigns/:id/send',
    { schema: { tags, params: idParamsSchema, response: { 202: campaignActionResultSchema, ...errors } } },
    async (request, reply) => reply.code(202).send(await sending.sendNow(request.params.id, actor(request))),
  );

  // POST /api/campaigns/{id}/schedule {scheduled_for, time_zone?}
  r.post(
    '/api/campaigns/:id/schedule',
    { schema: { ...actionSchema, body: campaignScheduleSchema.nullish() } },
    async (request) => sending.schedule(request.params.id, request.body, actor(request)),
  );

  // DELETE /api/campaigns/{id}/schedule: back to published.
  r.delete('/api/campaigns/:id/schedule', { schema: actionSchema }, async (request) =>
    sending.cancelSchedule(request.params.id, actor(request)),
  );

  r.post('/api/campaigns/:id/pause', { schema: actionSchema }, async (request) =>
    sending.pause(request.params.id, actor(request)),
  );

  r.post('/api/campaigns/:id/resume', { schema: actionSchema }, async (request) =>
    sending.resume(request.params.id, actor(request)),
  );

  // GET /api/campaigns/{id}/delivery: the counters of one row.
  r.get(
    '/api/campaigns/:id/delivery',
    {
      schema: { tags, params: idParamsSchema, response: { 200: campaignDeliveryResponseSchema, ...errors } },
    },
    async (request) => sending.delivery(request.params.id),
  );
}
