import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService, AuthenticatedSession } from '../modules/auth/auth.service';
import { UnauthorizedError } from './errors';
import { isProtectedPath, isPublicRoute } from './public-routes';

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

/** Every /api/* and /admin/* request needs a live session unless its route is on the public list. */
export function registerAuthentication(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (isPublicRoute(request.method, request.routeOptions.url)) return;
    if (!isProtectedPath(request.url.split('?')[0] ?? '')) return;
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
