import {
  CHAT_BODY_MAX_BYTES,
  CHAT_MESSAGES,
  errorSchema,
  widgetConversationParamsSchema,
  widgetConversationQuerySchema,
  widgetConversationResponseSchema,
  widgetConversationStartSchema,
  widgetMessageRequestSchema,
  widgetMessageResponseSchema,
  widgetVisitRequestSchema,
  widgetVisitResponseSchema,
} from '@lantern/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, PayloadTooLargeError, TooManyRequestsError } from '../../http/errors';
import { publicRoute } from '../../http/public-routes';
import { allowAnyOrigin, CORS_HEADERS } from '../../http/widget-cors';
import type { ConversationService } from './conversation.service';
import { createVisitorLimiter } from './visitor-limiter';

/**
 * The widget's public calls (no token): visits, conversations, messages (JSON or server-sent
 * events). Rate-limited per visitor id and per address; bodies over 16 KB refused before parsing.
 */

export type ChatLimits = { messagesPerMinutePerVisitor: number; requestsPerMinutePerAddress: number };

const errors = { 400: errorSchema, 404: errorSchema, 413: errorSchema, 429: errorSchema };
const tags = ['widget'];

function tooMany(what: string) {
  return (_request: FastifyRequest, context: { ttl: number }) => {
    const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
    return new TooManyRequestsError(`${what} Please wait ${seconds} seconds and try again.`, seconds);
  };
}

const visitorOf = (request: FastifyRequest) => {
  const body = request.body as { visitor_id?: unknown } | undefined;
  const query = request.query as { visitor_id?: unknown } | undefined;
  const id = body?.visitor_id ?? query?.visitor_id;
  return typeof id === 'string' ? id.slice(0, 64) : 'none';
};

const wantsStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/event-stream');

function sse(reply: FastifyReply, event: string, data: unknown) {
  // A parent who closed the page: the answer is still stored, just not sent.
  if (reply.raw.destroyed || reply.raw.writableEnded) return;
  reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

export async function widgetChatRoutes(
  app: FastifyInstance,
  opts: { conversations: ConversationService; limits: ChatLimits },
) {
  const { conversations, limits } = opts;
  allowAnyOrigin(app, [
    '/widget/visits',
    '/widget/conversations',
    '/widget/conversations/:id',
    '/widget/conversations/:id/messages',
  ]);
  const perAddress = app.rateLimit({
    max: limits.requestsPerMinutePerAddress,
    timeWindow: '1 minute',
    keyGenerator: (request) => `address:${request.ip}`,
    errorResponseBuilder: tooMany('Too many requests from this address.'),
  });
  const visitorLimit = createVisitorLimiter({ max: limits.messagesPerMinutePerVisitor });
  const perVisitor = async (request: FastifyRequest) =>
    visitorLimit.hit(visitorOf(request), 'Too many messages.');
  // Refused from the Content-Length, before anything is read or parsed.
  const bodyCap = async (request: FastifyRequest) => {
    if (Number(request.headers['content-length'] ?? 0) > CHAT_BODY_MAX_BYTES)
      throw new PayloadTooLargeError(CHAT_MESSAGES.bodyTooLarge);
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = {
    onRequest: [bodyCap, perAddress],
    bodyLimit: CHAT_BODY_MAX_BYTES,
    config: {
      ...publicRoute("the widget's chat on the school's website: a visitor has no session"),
      // A body sent without Content-Length stops at the same 16 KB, with the same words.
      bodyTooLarge: CHAT_MESSAGES.bodyTooLarge,
    },
  };

  r.post(
    '/widget/visits',
    {
      ...common,
      schema: {
        tags,
        summary: 'A page view with the widget: a new visitor (server-made id) or one more visit',
        body: widgetVisitRequestSchema,
        response: { 200: widgetVisitResponseSchema, ...errors },
      },
    },
    async (request) => conversations.recordVisit(request.body ?? {}),
  );

  r.post(
    '/widget/conversations',
    {
      ...common,
      preHandler: [perVisitor],
      schema: {
        tags,
        summary: "Resumes the visitor's open conversation or starts one with the welcome message",
        body: widgetConversationStartSchema,
        response: { 200: widgetConversationResponseSchema, ...errors },
      },
    },
    async (request) => ({ conversation: await conversations.startOrResume(request.body.visitor_id) }),
  );

  r.get(
    '/widget/conversations/:id',
    {
      ...common,
      schema: {
        tags,
        summary: "One of the visitor's own conversations (anyone else's: 404)",
        params: widgetConversationParamsSchema,
        querystring: widgetConversationQuerySchema,
        response: { 200: widgetConversationResponseSchema, ...errors },
      },
    },
    async (request) => ({
      conversation: await conversations.get(request.params.id, request.query.visitor_id),
    }),
  );

  r.post(
    '/widget/conversations/:id/messages',
    {
      ...common,
      preHandler: [perVisitor],
      schema: {
        tags,
        summary:
          'A parent message and the answer; with Accept: text/event-stream, streamed as delta/done events',
        params: widgetConversationParamsSchema,
        body: widgetMessageRequestSchema,
        response: { 200: widgetMessageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { visitor_id, content } = request.body;
      if (!wantsStream(request)) return conversations.send(id, visitor_id, content);
      // Ownership is checked before the stream opens, so a forged id is a plain 404.
      await conversations.get(id, visitor_id);
      reply.hijack();
      reply.raw.writeHead(200, {
        ...CORS_HEADERS,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      try {
        const answer = await conversations.send(id, visitor_id, content, (text) =>
          sse(reply, 'delta', { text }),
        );
        sse(reply, 'done', answer);
      } catch (error) {
        const message = error instanceof AppError ? error.message : CHAT_MESSAGES.failed;
        if (!(error instanceof AppError))
          request.log.error({ err: (error as Error).message }, 'chat stream failed');
        sse(reply, 'error', { error: message });
      }
      if (!reply.raw.destroyed) reply.raw.end();
    },
  );
}
