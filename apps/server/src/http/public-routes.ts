import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Why this route answers without a session. Absent, the route needs one: every route is
     * protected unless it says it is public where it is registered (see authenticate.ts).
     */
    public?: string;
  }
}

/** Route config of a route that answers without a session: `config: { ...publicRoute('why') }`. */
export function publicRoute(why: string): { public: string } {
  return { public: why };
}

/**
 * Declares every route registered inside `scope` public, for plugins whose routes we do not write
 * ourselves (static files, the API docs). Register the plugin inside the scope after this call.
 */
export function markRoutesPublic(scope: FastifyInstance, why: string): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, public: why };
  });
}

/** Paths the SPA never owns: API calls, admin calls and the widget's files (`/widget` itself is the SPA's widget settings). */
export function isServerPath(pathname: string): boolean {
  return (
    ['/api', '/admin', '/webhooks'].some((p) => pathname === p || pathname.startsWith(`${p}/`)) ||
    pathname.startsWith('/widget/')
  );
}
