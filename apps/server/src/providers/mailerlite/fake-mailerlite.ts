import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for MailerLite's API (the endpoints the client uses), for tests: in-memory groups,
 * fields and subscribers, the same status codes and error shapes, and switches for rate limits,
 * server faults and rejected emails. Test support kept in src so other modules' tests can start it.
 */
export type FakeGroup = { id: string; name: string };
export type FakeField = { id: string; name: string; key: string; type: 'text' | 'number' | 'date' };
export type FakeSubscriber = {
  id: string;
  email: string;
  status: string;
  fields: Record<string, string | number | null>;
  groups: Set<string>;
};
export type FakeMailerLiteState = {
  groups: FakeGroup[];
  fields: FakeField[];
  subscribers: Map<string, FakeSubscriber>;
};
export type RecordedRequest = { method: string; path: string; query: Record<string, string>; body: unknown };

export type FakeMailerLite = {
  /** Base URL to pass as the client's baseUrl, e.g. http://127.0.0.1:PORT/api */
  url: string;
  state: FakeMailerLiteState;
  requests: RecordedRequest[];
  /** The next n requests answer 429 with Retry-After. */
  rateLimitNext(n: number, retryAfterSeconds: number): void;
  /**
   * The next n requests answer this status (a 5xx). `request` ('POST /api/groups') limits it to one
   * endpoint; `afterApplying` makes the change happen before the failure, like a lost response.
   */
  failNext(n: number, status?: number, options?: FailOptions): void;
  /** Upserting this email answers 422, as MailerLite does for an address it refuses. */
  rejectEmail(email: string, message?: string): void;
  close(): Promise<void>;
};

const DEFAULT_FIELDS: [string, string][] = [
  ['Name', 'name'],
  ['Last name', 'last_name'],
  ['Email', 'email'],
  ['Company', 'company'],
  ['Country', 'country'],
  ['City', 'city'],
  ['Phone', 'phone'],
  ['State', 'state'],
  ['ZIP', 'z_i_p'],
];
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const STATUSES = ['active', 'unsubscribed', 'unconfirmed', 'bounced', 'junk'];

export type FailOptions = { request?: string; afterApplying?: boolean };
type Reply = { status: number; body: unknown; headers?: Record<string, string> };

const invalid = (field: string, message: string): Reply => ({
  status: 422,
  body: { message, errors: { [field]: [message] } },
});

function paginate<T>(items: T[], query: Record<string, string>): Reply {
  const perPage = Math.min(Math.max(Number(query.limit) || 100, 1), 100);
  const page = Math.max(Number(query.page) || 1, 1);
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  const data = items.slice((page - 1) * perPage, page * perPage);
  return {
    status: 200,
    body: { data, meta: { current_page: page, last_page: lastPage, per_page: perPage, total: items.length } },
  };
}

const fieldKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

export async function startFakeMailerLite(options: { apiKey: string }): Promise<FakeMailerLite> {
  let nextId = 1000;
  const newId = () => String((nextId += 1));
  const state: FakeMailerLiteState = {
    groups: [],
    fields: DEFAULT_FIELDS.map(([name, key]) => ({ id: newId(), name, key, type: 'text' })),
    subscribers: new Map(),
  };
  const requests: RecordedRequest[] = [];
  const rejected = new Map<string, string>();
  let rateLimited = { count: 0, retryAfterSeconds: 0 };
  let failing: { count: number; status: number } & FailOptions = { count: 0, status: 500 };

  function upsertSubscriber(body: Record<string, unknown>): Reply {
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (!email) return invalid('email', 'The email field is required.');
    if (!EMAIL_PATTERN.test(email)) return invalid('email', 'The email must be a valid email address.');
    const rejection = rejected.get(email);
    if (rejection) return invalid('email', rejection);
    if (body.status !== undefined && !STATUSES.includes(String(body.status))) {
      return invalid('status', 'The selected status is invalid.');
    }
    const groupIds = Array.isArray(body.groups) ? body.groups.map(String) : [];
    const unknownGroup = groupIds.findIndex((id) => !state.groups.some((g) => g.id === id));
    if (unknownGroup >= 0)
      return invalid(`groups.${unknownGroup}`, `The selected groups.${unknownGroup} is invalid.`);

    const existing = state.subscribers.get(email);
    const subscriber = existing ?? {
      id: newId(),
      email,
      status: 'active',
      fields: {},
      groups: new Set<string>(),
    };
    // Like MailerLite: unknown field keys are ignored, groups are only ever added.
    const fields = (body.fields ?? {}) as Record<string, string | number | null>;
    for (const [key, value] of Object.entries(fields)) {
      if (state.fields.some((f) => f.key === key)) subscriber.fields[key] = value;
    }
    for (const id of groupIds) subscriber.groups.add(id);
    if (typeof body.status === 'string') subscriber.status = body.status;
    state.subscribers.set(email, subscriber);
    const data = {
      ...subscriber,
      groups: [...subscriber.groups].map((id) => state.groups.find((g) => g.id === id)),
    };
    return { status: existing ? 200 : 201, body: { data } };
  }

  function route(
    method: string,
    path: string,
    query: Record<string, string>,
    body: Record<string, unknown>,
  ): Reply {
    if (method === 'GET' && path === '/api/groups') {
      const filter = (query['filter[name]'] ?? '').toLowerCase();
      return paginate(
        state.groups.filter((g) => g.name.toLowerCase().includes(filter)),
        query,
      );
    }
    if (method === 'POST' && path === '/api/groups') {
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (!name) return invalid('name', 'The name field is required.');
      if (name.length > 255) return invalid('name', 'The name may not be greater than 255 characters.');
      const group = { id: newId(), name };
      state.groups.push(group);
      return { status: 201, body: { data: group } };
    }
    if (method === 'GET' && path === '/api/fields') return paginate(state.fields, query);
    if (method === 'POST' && path === '/api/fields') {
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (!name) return invalid('name', 'The name field is required.');
      if (body.type !== 'text' && body.type !== 'number' && body.type !== 'date') {
        return invalid('type', 'The selected type is invalid.');
      }
      const key = fieldKey(name);
      if (state.fields.some((f) => f.key === key)) return invalid('name', 'The name has already been taken.');
      const field: FakeField = { id: newId(), name, key, type: body.type };
      state.fields.push(field);
      return { status: 200, body: { data: field } };
    }
    if (method === 'POST' && path === '/api/subscribers') return upsertSubscriber(body);
    return { status: 404, body: { message: 'Not Found' } };
  }

  function respond(res: http.ServerResponse, reply: Reply) {
    res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
    res.end(JSON.stringify(reply.body));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake.mailerlite');
      const query = Object.fromEntries(url.searchParams);
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        requests.push({ method: req.method ?? 'GET', path: url.pathname, query, body: raw });
        return respond(res, { status: 400, body: { message: 'The request body is not valid JSON.' } });
      }
      requests.push({ method: req.method ?? 'GET', path: url.pathname, query, body });

      if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
        return respond(res, { status: 401, body: { message: 'Unauthenticated.' } });
      }
      if (rateLimited.count > 0) {
        rateLimited.count -= 1;
        return respond(res, {
          status: 429,
          body: { message: 'Too Many Attempts.' },
          headers: { 'Retry-After': String(rateLimited.retryAfterSeconds), 'X-RateLimit-Remaining': '0' },
        });
      }
      const method = req.method ?? 'GET';
      const isFailing =
        failing.count > 0 && (!failing.request || failing.request === `${method} ${url.pathname}`);
      if (isFailing) failing.count -= 1;
      if (isFailing && !failing.afterApplying) {
        return respond(res, { status: failing.status, body: { message: 'Server Error' } });
      }
      const reply = route(method, url.pathname, query, (body ?? {}) as Record<string, unknown>);
      if (isFailing) return respond(res, { status: failing.status, body: { message: 'Server Error' } });
      respond(res, { ...reply, headers: { 'X-RateLimit-Limit': '120', 'X-RateLimit-Remaining': '119' } });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api`,
    state,
    requests,
    rateLimitNext(n, retryAfterSeconds) {
      rateLimited = { count: n, retryAfterSeconds };
    },
    failNext(n, status = 500, options = {}) {
      failing = { count: n, status, ...options };
    },
    rejectEmail(email, message = 'The email must be a valid email address.') {
      rejected.set(email.trim().toLowerCase(), message);
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
