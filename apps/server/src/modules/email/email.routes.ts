import { errorSchema, outboxQuerySchema, outboxSchema } from '@lantern/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { EmailService } from './email.service';

export async function emailRoutes(app: FastifyInstance, opts: { email: EmailService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/outbox',
    {
      schema: {
        tags: ['email'],
        summary: 'Emails the product sent or queued, newest first (the outbox)',
        querystring: outboxQuerySchema,
        response: { 200: outboxSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => ({ ...(await opts.email.list(request.query)), provider: opts.email.providerName }),
  );
}
