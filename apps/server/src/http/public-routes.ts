/**
 * The only routes under /api/* and /admin/* that answer without a session. Everything else
 * there needs a valid bearer token (see authenticate.ts); a test walks the route table to prove it.
 */
export const PUBLIC_ROUTES: readonly { method: string; url: string; prefix?: true; why: string }[] = [
  { method: 'POST', url: '/admin/login', why: 'signing in' },
  { method: 'GET', url: '/admin/login-hint', why: 'the development credentials hint on the login page' },
  { method: 'GET', url: '/api/docs', prefix: true, why: 'OpenAPI documentation: the API shape, no data' },
  {
    method: 'POST',
    url: '/api/resources/generate-token',
    why: 'a download link for a lead magnet (spec: no auth header; rate-limited, email required when the resource says so)',
  },
  {
    method: 'GET',
    url: '/api/resources/by-segment/:segment',
    why: 'titles and descriptions of active resources for a segment (spec: no auth header)',
  },
  {
    method: 'GET',
    url: '/api/resources/download/:token',
    why: 'following a signed, expiring download link',
  },
];

/** Paths under these prefixes need a session unless listed above. */
export const PROTECTED_PREFIXES = ['/api/', '/admin/'] as const;

export function isPublicRoute(method: string, routeUrl: string | undefined): boolean {
  if (!routeUrl) return false;
  const m = method === 'HEAD' ? 'GET' : method;
  return PUBLIC_ROUTES.some(
    (r) =>
      r.method === m &&
      (r.prefix ? routeUrl === r.url || routeUrl.startsWith(`${r.url}/`) : routeUrl === r.url),
  );
}

export function isProtectedPath(path: string): boolean {
  return PROTECTED_PREFIXES.some((p) => path.startsWith(p) || path === p.slice(0, -1));
}
