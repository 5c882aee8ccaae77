import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService, AuthenticatedSession } from '../modules/auth/auth.service';
import { UnauthorizedError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthenticatedSession | null;
  }
}

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * Every route needs a live session unless its own options say it is public (public-routes.ts).
 * The decision is read from the route the router actually matched, never from the URL's text, so
 * no spelling of a path (percent-encoding, case, slashes) can reach a route around it. A request
 * that matches no route is left to the not-found handler: a 404 whatever its spelling.
 */
export function registerAuthentication(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    if (request.routeOptions.config.public) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new UnauthorizedError('Authentication required');
    const session = await auth.authenticate(token);
    if (!session) throw new UnauthorizedError('Your session has expired. Please sign in again.');
    request.auth = session;
  });
}

/** The session of a protected route's request (always set by the hook above). */
export function sessionOf(request: FastifyRequest): AuthenticatedSession {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}
