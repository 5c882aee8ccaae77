import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { loggableError, pgErrorCode, UNSTORABLE_TEXT } from '../db/errors';
import { AppError, TooManyRequestsError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The 413 message of a route whose callers are not developers (the widget's visitors). */
    bodyTooLarge?: string;
  }
}

type Detail = { path: string; message: string };

function validationDetails(error: FastifyError): Detail[] {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation.map((v) => {
      const keys = v.keyword === 'unrecognized_keys' ? (v.params as { keys?: string[] }).keys : undefined;
      const message = keys ? `Unknown field(s): ${keys.join(', ')}` : (v.message ?? 'Invalid value');
      return { path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'), message };
    });
  }
  return [];
}

/** One place that turns every failure into `{ error }` with the right status; never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof TooManyRequestsError) {
      return reply
        .status(429)
        .header('retry-after', String(error.retryAfterSeconds))
        .send({ error: error.message, retryAfter: error.retryAfterSeconds });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ error: error.message });
    }
    if (error.validation) {
      const details = validationDetails(error);
      const first = details[0];
      const message = first
        ? `Invalid request: ${first.path ? `${first.path}: ` : ''}${first.message}`
        : 'Invalid request';
      return reply.status(400).send({ error: message, details });
    }
    // Bad input the schemas let through (a NUL character): the failed statement stored nothing.
    if (UNSTORABLE_TEXT.includes(pgErrorCode(error) ?? '')) {
      return reply.status(400).send({ error: 'Text must not contain NUL characters (\\u0000)' });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      // A route may word it for its callers (the widget: 'Your message is too long...').
      const worded = request.routeOptions.config.bodyTooLarge;
      if (worded) return reply.status(413).send({ error: worded });
      const limitMb = Math.max(1, Math.round((request.routeOptions.bodyLimit ?? 1_048_576) / 1_048_576));
      return reply.status(413).send({ error: `Request body is too large (at most ${limitMb} MB)` });
    }
    if (status === 429) {
      const retryAfter = Number(reply.getHeader('retry-after')) || 60;
      return reply.status(429).send({ error: 'Too many requests. Please slow down.', retryAfter });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type...) carry safe messages.
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Malformed JSON body' : error.message;
      return reply.status(status).send({ error: message });
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.status(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });
}
