import {
  emailHealthSchema,
  errorSchema,
  webhookStatsSchema,
  webhookTestResultSchema,
} from '@lantern/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute } from '../../http/public-routes';
import type { WebhooksService } from './webhooks.service';

const errors = { 400: errorSchema, 401: errorSchema };
const receivedSchema = z.object({ received: z.number().int(), duplicates: z.number().int() });
const receiverLimit = { max: 600, timeWindow: '1 minute' };

/**
 * The receivers: public (the provider has no session; the signature is the check), in a scope of
 * their own whose only body parser keeps the raw bytes, which the signatures are computed over.
 */
export async function webhookReceiverRoutes(app: FastifyInstance, opts: { webhooks: WebhooksService }) {
  const { webhooks } = opts;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rawBody = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

  r.post(
    '/webhooks/mailerlite',
    {
      config: {
        ...publicRoute('MailerLite posts events; its Signature header is checked'),
        rateLimit: receiverLimit,
      },
      schema: { tags: ['webhooks'], response: { 200: receivedSchema, ...errors } },
    },
    (request) => webhooks.receiveMailerlite(rawBody(request.body), request.headers.signature),
  );

  r.post(
    '/webhooks/email-events',
    {
      config: {
        ...publicRoute('an email provider posts events; the Standard Webhooks signature is checked'),
        rateLimit: receiverLimit,
      },
      schema: { tags: ['webhooks'], response: { 200: receivedSchema, ...errors } },
    },
    (request) => webhooks.receiveEmailEvents(rawBody(request.body), request.headers),
  );
}

/** The admin's view: email health, the receivers' statistics, and a test delivery. */
export async function webhookAdminRoutes(app: FastifyInstance, opts: { webhooks: WebhooksService }) {
  const { webhooks } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/leads/email-health',
    {
      schema: {
        tags: ['leads'],
        summary: 'Leads by email status, the unsubscribe rate, and whether a webhook secret is configured',
        response: { 200: emailHealthSchema, 401: errorSchema },
      },
    },
    () => webhooks.emailHealth(),
  );

  r.get(
    '/api/webhooks/stats',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Events received by provider and type, the last one, failures and refused deliveries',
        response: { 200: webhookStatsSchema, 401: errorSchema },
      },
    },
    () => webhooks.stats(),
  );

  r.post(
    '/api/webhooks/test',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Send a signed test event through the real receiver; no lead is changed',
        response: { 200: webhookTestResultSchema, 401: errorSchema },
      },
    },
    () =>
      webhooks.sendTestEvent(async ({ url, headers, body }) => {
        const res = await app.inject({ method: 'POST', url, headers, payload: body });
        return { statusCode: res.statusCode, body: res.body };
      }),
  );
}
