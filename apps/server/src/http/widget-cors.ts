import type { FastifyInstance } from 'fastify';
import { publicRoute } from './public-routes';

/**
 * The widget runs on the school's own website and calls us from there: its public calls answer
 * any origin. No cookies or tokens are involved (the visitor id travels in the body), so no
 * credentials are allowed and nothing private is exposed.
 */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'retry-after, x-request-id',
} as const;

/** For the routes of this plugin: CORS headers on every answer, and the preflight of its paths. */
export function allowAnyOrigin(app: FastifyInstance, preflightPaths: string[] = []) {
  app.addHook('onSend', async (request, reply) => {
    if (!request.routeOptions.url?.startsWith('/widget/')) return;
    for (const [name, value] of Object.entries(CORS_HEADERS)) reply.header(name, value);
  });
  for (const path of preflightPaths) {
    app.options(path, { config: publicRoute('CORS preflight of the widget') }, async (_request, reply) => {
      reply
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', 'content-type, accept')
        .header('access-control-max-age', '86400')
        .status(204)
        .send();
    });
  }
}
