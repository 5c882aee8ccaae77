import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginToken, type TestApp } from '../test/test-app';

// Whether a route needs a session is a property of the route (public-routes.ts). These tests
// speak real HTTP, so every path reaches the router exactly as an attacker would send it.

let t: TestApp;
let origin: string;
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});

/** Sends the path byte for byte (no normalising client in between). */
function send(method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const body = method === 'GET' || method === 'HEAD' ? undefined : '{}';
    const req = http.request(
      `${origin}${path}`,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Spellings of a path that decode (or might be normalised) to the same route. */
export function pathSpellings(path: string): string[] {
  const [, first = '', ...rest] = path.split('/');
  const tail = rest.length ? `/${rest.join('/')}` : '';
  const spellings = new Set<string>([path]);
  for (let i = 0; i < first.length; i++) {
    const hex = first.charCodeAt(i).toString(16);
    for (const code of [hex, hex.toUpperCase()])
      spellings.add(`/${first.slice(0, i)}%${code}${first.slice(i + 1)}${tail}`);
  }
  const upper = `/${first.toUpperCase()}${tail}`;
  const capital = `/${first.charAt(0).toUpperCase()}${first.slice(1)}${tail}`;
  for (const p of [
    upper,
    capital,
    `/${first}%2F${rest.join('/')}`,
    `/${first}%2f${rest.join('/')}`,
    `//${first}${tail}`,
    `/${first}/${tail}`,
    `/./${first}${tail}`,
    `/${first}/.${tail}`,
    `/x/../${first}${tail}`,
    `${path}/`,
    `/${first};x=1${tail}`,
    `${path};x=1`,
    `${path}%20`,
    `${path}%00`,
  ])
    spellings.add(p);
  return [...spellings];
}

describe('who may call which route', () => {
  it('declares every public route where it is registered, and keeps that list short', () => {
    const declared = t.app.routeTable
      .filter((r) => r.public && r.method !== 'HEAD')
      .filter((r) => !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    // A new public route is a decision: add it here with its reason in the route's options.
    expect(declared).toEqual([
      'GET /admin/login-hint',
      // A campaign's approval link: the token is the credential (spec document 3, 7.4).
      'GET /api/campaigns/preview/:token',
      'GET /api/resources/by-segment/:segment',
      'GET /api/resources/download/:token',
      // A campaign email's click link and open pixel: a signed token naming one of its links, or
      // always the same image (modules/campaigns/tracking).
      'GET /c/:token',
      'GET /healthz',
      'GET /o/:token',
      // The unsubscribe link of a campaign email (its page) and RFC 8058 one-click: the signed token
      // is the credential; mail apps post without a session (modules/campaigns/unsubscribe).
      'GET /u/:token',
      'GET /widget/config',
      'GET /widget/conversations/:id',
      // The school's avatar and logo, shown by the widget on the school's site and by /enroll.
      'GET /widget/images/:name',
      'OPTIONS /widget/conversations',
      'OPTIONS /widget/conversations/:id',
      'OPTIONS /widget/conversations/:id/messages',
      'OPTIONS /widget/visits',
      'POST /admin/login',
      'POST /api/campaigns/preview/:token/approve',
      'POST /api/resources/generate-token',
      'POST /u/:token',
      // Providers post signed events: the signature over the raw body is the check (modules/webhooks).
      'POST /webhooks/email-events',
      'POST /webhooks/mailerlite',
      'POST /widget/conversations',
      'POST /widget/conversations/:id/messages',
      'POST /widget/submit-lead',
      'POST /widget/visits',
    ]);
  });

  it('refuses every other route without a session or with a forged one, under every spelling of its path', async () => {
    const guarded = t.app.routeTable.filter((r) => !r.public && r.method !== 'HEAD');
    expect(guarded.length).toBeGreaterThanOrEqual(50);
    const failures: string[] = [];
    for (const route of guarded) {
      const path = route.url.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000').replace('*', 'x');
      const forged = bearer('forged-token-forged-token-forged-token-00');
      for (const spelling of pathSpellings(path)) {
        for (const headers of [{}, forged]) {
          const res = await send(route.method, spelling, headers).catch((e: Error) => ({
            status: 0,
            body: e.message,
          }));
          if (res.status !== 401 && res.status !== 404)
            failures.push(`${route.method} ${spelling} -> ${res.status} ${res.body.slice(0, 80)}`);
        }
      }
      // The canonical spelling is the route itself: refused as unauthenticated, with a message.
      const plain = await send(route.method, path);
      expect(plain.status, `${route.method} ${path}`).toBe(401);
      expect(JSON.parse(plain.body).error).toBeTruthy();
    }
    expect(failures).toEqual([]);
  });

  it('answers 404 for a path that matches no route, with or without a session, however it is spelled', async () => {
    const token = await loginToken(t.app);
    for (const path of ['/api/nothing-here', '/%61pi/nothing-here', '/admin/nothing', '/API/leads']) {
      for (const headers of [{}, bearer(token)]) {
        const res = await send('GET', path, headers);
        expect(res.status, path).toBe(404);
        expect(JSON.parse(res.body)).toEqual({ error: 'Not found' });
      }
    }
  });

  it('serves a signed-in request under the route it matched', async () => {
    const token = await loginToken(t.app);
    const res = await send('GET', '/api/leads?limit=1', bearer(token));
    expect(res.status).toBe(200);
    // The encoded spelling reaches the same route and so the same check: 200 with a session only.
    expect((await send('GET', '/%61pi/leads?limit=1', bearer(token))).status).toBe(200);
    expect((await send('GET', '/%61pi/leads?limit=1')).status).toBe(401);
  });
});
