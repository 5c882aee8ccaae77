import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for MailerLite's API (the endpoints the client uses), for tests: in-memory groups,
 * fields, subscribers, campaigns (draft -> ready by a schedule, back to draft by cancel, sent by an
 * instant delivery or when its time comes) and time zones, the same status codes and 422 error
 * shapes, and switches for rate limits (a sliding window answering 429 with Retry-After, or the next
 * n requests), server faults and rejected emails. Test support kept in src so other modules' tests
 * can start it.
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
export type FakeCampaignEmail = { subject: string; from_name: string; from: string; content: string | null };
export type FakeCampaign = {
  id: string;
  name: string;
  type: string;
  status: 'draft' | 'ready' | 'sent';
  emails: FakeCampaignEmail[];
  groups: string[];
  /** The instant a schedule stands for (ISO), and the schedule as it was asked. */
  scheduled_for: string | null;
  schedule: { date: string; hours: string; minutes: string; timezone_id: number } | null;
  delivery: 'instant' | 'scheduled' | null;
  /** Emails of the group members it went to (active ones, when it was sent). */
  sentTo: string[];
  /** Results a test sets (MailerLite counts opens and clicks itself); sent is sentTo's length. */
  results?: {
    unique_opens_count?: number;
    unique_clicks_count?: number;
    unsubscribes_count?: number;
    hard_bounces_count?: number;
  };
};
export type FakeTimezone = { id: string; name: string };
export type FakeMailerLiteState = {
  groups: FakeGroup[];
  fields: FakeField[];
  subscribers: Map<string, FakeSubscriber>;
  campaigns: FakeCampaign[];
  timezones: FakeTimezone[];
};
export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** When it arrived, by the fake's clock (ms). */
  at: number;
};
export type FakeMailerLiteOptions = {
  apiKey: string;
  /** Answer 429 with Retry-After once more than `requests` arrived within `windowMs`. */
  rateLimit?: { requests: number; windowMs: number };
  /** The clock the fake records and rate-limits by (default Date.now). */
  clock?: () => number;
};

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
  /** Sends the ready campaigns whose time has come (MailerLite's own scheduler). */
  runScheduled(now?: number): FakeCampaign[];
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
/** A handful of MailerLite's time zones (its ids are its own numbers, not IANA's). */
const TIMEZONES: FakeTimezone[] = [
  { id: '1', name: 'UTC' },
  { id: '142', name: 'America/New_York' },
  { id: '145', name: 'America/Chicago' },
  { id: '152', name: 'America/Los_Angeles' },
  { id: '326', name: 'Europe/London' },
  { id: '340', name: 'Europe/Paris' },
  { id: '370', name: 'Europe/Vilnius' },
  { id: '408', name: 'Australia/Sydney' },
];
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

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

/** Minutes a zone is ahead of UTC at an instant. */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((local - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The instant a wall-clock time in a zone stands for (the later one in a DST overlap). */
function zonedInstant(date: string, hours: number, minutes: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hours, minutes);
  let instant = wall - offsetMinutes(wall, timeZone) * 60_000;
  instant = wall - offsetMinutes(instant, timeZone) * 60_000;
  return instant;
}

const fieldKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

export async function startFakeMailerLite(options: FakeMailerLiteOptions): Promise<FakeMailerLite> {
  let nextId = 1000;
  const newId = () => String((nextId += 1));
  const clock = options.clock ?? Date.now;
  const state: FakeMailerLiteState = {
    groups: [],
    fields: DEFAULT_FIELDS.map(([name, key]) => ({ id: newId(), name, key, type: 'text' })),
    subscribers: new Map(),
    campaigns: [],
    timezones: TIMEZONES.map((t) => ({ ...t })),
  };
  /** Arrival times of the requests the sliding-window limit counted. */
  const windowStarts: number[] = [];
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

  const campaignData = (c: FakeCampaign) => ({
    id: c.id,
    name: c.name,
    type: c.type,
    status: c.status,
    scheduled_for: c.scheduled_for,
    delivery_schedule: c.delivery,
    emails: c.emails.map((e, i) => ({ id: `${c.id}${i}`, ...e })),
    groups: c.groups.map((id) => state.groups.find((g) => g.id === id)).filter(Boolean),
    stats: {
      sent: c.sentTo.length,
      unique_opens_count: 0,
      unique_clicks_count: 0,
      unsubscribes_count: 0,
      hard_bounces_count: 0,
      ...c.results,
    },
  });

  /** A campaign body checked as MailerLite does: the first problem, in its 422 shape. */
  function campaignInput(body: Record<string, unknown>): Reply | Omit<FakeCampaign, 'id' | 'status'> {
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!name) return invalid('name', 'The name field is required.');
    if (name.length > 255) return invalid('name', 'The name may not be greater than 255 characters.');
    if (!['regular', 'ab', 'resend'].includes(String(body.type)))
      return invalid('type', 'The selected type is invalid.');
    if (!Array.isArray(body.emails) || body.emails.length === 0)
      return invalid('emails', 'The emails field is required.');
    const emails: FakeCampaignEmail[] = [];
    for (const [i, raw] of (body.emails as Record<string, unknown>[]).entries()) {
      const email = raw ?? {};
      for (const key of ['subject', 'from_name', 'from'] as const) {
        if (typeof email[key] !== 'string' || !String(email[key]).trim())
          return invalid(`emails.${i}.${key}`, `The emails.${i}.${key} field is required.`);
      }
      if (!EMAIL_PATTERN.test(String(email.from)))
        return invalid(`emails.${i}.from`, `The emails.${i}.from must be a valid email address.`);
      const content = typeof email.content === 'string' ? email.content : null;
      if (content !== null && !content.includes('{$unsubscribe}'))
        return invalid(`emails.${i}.content`, `The emails.${i}.content must contain an unsubscribe link.`);
      emails.push({
        subject: String(email.subject),
        from_name: String(email.from_name),
        from: String(email.from),
        content,
      });
    }
    const groups = Array.isArray(body.groups) ? body.groups.map(String) : [];
    const unknownGroup = groups.findIndex((id) => !state.groups.some((g) => g.id === id));
    if (unknownGroup >= 0)
      return invalid(`groups.${unknownGroup}`, `The selected groups.${unknownGroup} is invalid.`);
    return {
      name,
      type: String(body.type),
      emails,
      groups,
      scheduled_for: null,
      schedule: null,
      delivery: null,
      sentTo: [],
    };
  }
  const isReply = (value: unknown): value is Reply =>
    typeof value === 'object' && value !== null && 'status' in value && 'body' in value;

  function send(campaign: FakeCampaign) {
    campaign.status = 'sent';
    campaign.sentTo = [...state.subscribers.values()]
      .filter((s) => s.status === 'active' && campaign.groups.some((g) => s.groups.has(g)))
      .map((s) => s.email);
  }

  function schedule(campaign: FakeCampaign, body: Record<string, unknown>): Reply {
    if (campaign.status !== 'draft')
      return { status: 422, body: { message: 'Only draft campaigns can be scheduled.' } };
    const delivery = body.delivery;
    if (delivery !== 'instant' && delivery !== 'scheduled' && delivery !== 'timezone_based')
      return invalid('delivery', 'The selected delivery is invalid.');
    if (delivery === 'instant') {
      campaign.delivery = 'instant';
      send(campaign);
      return { status: 200, body: { data: campaignData(campaign) } };
    }
    const s = (body.schedule ?? {}) as Record<string, unknown>;
    if (typeof s.date !== 'string' || !DATE_PATTERN.test(s.date) || Number.isNaN(Date.parse(s.date)))
      return invalid('schedule.date', 'The schedule.date does not match the format Y-m-d.');
    const hours = typeof s.hours === 'string' && /^\d{2}$/.test(s.hours) ? Number(s.hours) : -1;
    if (hours < 0 || hours > 23)
      return invalid('schedule.hours', 'The schedule.hours must be between 00 and 23.');
    const minutes = typeof s.minutes === 'string' && /^\d{2}$/.test(s.minutes) ? Number(s.minutes) : -1;
    if (minutes < 0 || minutes > 59)
      return invalid('schedule.minutes', 'The schedule.minutes must be between 00 and 59.');
    const zone = state.timezones.find((t) => t.id === String(s.timezone_id));
    if (!zone) return invalid('schedule.timezone_id', 'The selected schedule.timezone_id is invalid.');
    const instant = zonedInstant(s.date, hours, minutes, zone.name);
    if (instant <= clock()) return invalid('schedule.date', 'The schedule time must be in the future.');
    campaign.status = 'ready';
    campaign.delivery = 'scheduled';
    campaign.schedule = {
      date: s.date,
      hours: s.hours as string,
      minutes: s.minutes as string,
      timezone_id: Number(zone.id),
    };
    campaign.scheduled_for = new Date(instant).toISOString();
    return { status: 200, body: { data: campaignData(campaign) } };
  }

  function campaignRoute(method: string, path: string, body: Record<string, unknown>): Reply | null {
    const match = /^\/api\/campaigns\/([^/]+)(?:\/(schedule|cancel))?$/.exec(path);
    if (!match) return null;
    const campaign = state.campaigns.find((c) => c.id === match[1]);
    if (!campaign) return { status: 404, body: { message: 'Resource not found.' } };
    const action = match[2];
    if (!action && method === 'GET') return { status: 200, body: { data: campaignData(campaign) } };
    if (!action && method === 'PUT') {
      if (campaign.status !== 'draft')
        return { status: 422, body: { message: 'Only draft campaigns can be updated.' } };
      const input = campaignInput(body);
      if (isReply(input)) return input;
      Object.assign(campaign, input);
      return { status: 200, body: { data: campaignData(campaign) } };
    }
    if (action === 'schedule' && method === 'POST') return schedule(campaign, body);
    if (action === 'cancel' && method === 'POST') {
      if (campaign.status !== 'ready')
        return { status: 422, body: { message: 'Only campaigns in status Ready can be canceled.' } };
      Object.assign(campaign, { status: 'draft', scheduled_for: null, schedule: null, delivery: null });
      return { status: 200, body: { data: campaignData(campaign) } };
    }
    return { status: 405, body: { message: 'Method Not Allowed' } };
  }

  /** A group's subscribers, MailerLite style: cursor paging (the cursor here is the next offset). */
  function groupSubscribers(groupId: string, query: Record<string, string>): Reply {
    if (!state.groups.some((g) => g.id === groupId))
      return { status: 404, body: { message: 'Resource not found.' } };
    const limit = Math.min(Math.max(Number(query.limit) || 50, 1), 1000);
    const offset = query.cursor ? Number(Buffer.from(query.cursor, 'base64url').toString()) || 0 : 0;
    const members = [...state.subscribers.values()].filter((s) => s.groups.has(groupId));
    const data = members
      .slice(offset, offset + limit)
      .map((s) => ({ id: s.id, email: s.email, status: s.status }));
    const next =
      offset + limit < members.length ? Buffer.from(String(offset + limit)).toString('base64url') : null;
    return { status: 200, body: { data, meta: { per_page: limit, next_cursor: next } } };
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
    const one = /^\/api\/subscribers\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const key = decodeURIComponent(one[1]!).toLowerCase();
      const found = state.subscribers.get(key) ?? [...state.subscribers.values()].find((s) => s.id === key);
      if (!found) return { status: 404, body: { message: 'Resource not found.' } };
      const data = { ...found, groups: [...found.groups].map((id) => state.groups.find((g) => g.id === id)) };
      return { status: 200, body: { data } };
    }
    const members = /^\/api\/groups\/([^/]+)\/subscribers$/.exec(path);
    if (method === 'GET' && members) return groupSubscribers(members[1]!, query);
    const unassign = /^\/api\/subscribers\/([^/]+)\/groups\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && unassign) {
      const subscriber = [...state.subscribers.values()].find((s) => s.id === unassign[1]);
      if (!subscriber || !state.groups.some((g) => g.id === unassign[2]))
        return { status: 404, body: { message: 'Resource not found.' } };
      subscriber.groups.delete(unassign[2]!);
      return { status: 204, body: null };
    }
    if (method === 'GET' && path === '/api/timezones') {
      const now = clock();
      const data = state.timezones.map((t) => {
        const offset = offsetMinutes(now, t.name);
        const sign = offset < 0 ? '-' : '+';
        const abs = Math.abs(offset);
        const offsetName = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
        return {
          id: t.id,
          name: t.name,
          name_for_humans: `${t.name} (${offsetName})`,
          offset_name: offsetName,
          offset,
        };
      });
      return { status: 200, body: { data } };
    }
    if (method === 'GET' && path === '/api/campaigns') {
      const status = query['filter[status]'];
      const list = state.campaigns.filter((c) => !status || c.status === status).map(campaignData);
      return paginate(list, query);
    }
    if (method === 'POST' && path === '/api/campaigns') {
      const input = campaignInput(body);
      if (isReply(input)) return input;
      const campaign: FakeCampaign = { id: newId(), status: 'draft', ...input };
      state.campaigns.push(campaign);
      return { status: 201, body: { data: campaignData(campaign) } };
    }
    const campaignReply = campaignRoute(method, path, body);
    if (campaignReply) return campaignReply;
    return { status: 404, body: { message: 'Not Found' } };
  }

  function respond(res: http.ServerResponse, reply: Reply) {
    if (reply.status === 204) {
      res.writeHead(204, reply.headers);
      return res.end();
    }
    res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
    res.end(JSON.stringify(reply.body));
  }

  /** The sliding window: null when this request may pass (and is counted), else its Retry-After. */
  function windowRetryAfter(): number | null {
    const limit = options.rateLimit;
    if (!limit) return null;
    const now = clock();
    while (windowStarts.length && windowStarts[0]! <= now - limit.windowMs) windowStarts.shift();
    if (windowStarts.length < limit.requests) {
      windowStarts.push(now);
      return null;
    }
    return Math.max(1, Math.ceil((windowStarts[0]! + limit.windowMs - now) / 1000));
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
        requests.push({ method: req.method ?? 'GET', path: url.pathname, query, body: raw, at: clock() });
        return respond(res, { status: 400, body: { message: 'The request body is not valid JSON.' } });
      }
      requests.push({ method: req.method ?? 'GET', path: url.pathname, query, body, at: clock() });

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
      const retryAfter = windowRetryAfter();
      if (retryAfter !== null) {
        return respond(res, {
          status: 429,
          body: { message: 'Too Many Attempts.' },
          headers: { 'Retry-After': String(retryAfter), 'X-RateLimit-Remaining': '0' },
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
    runScheduled(now = clock()) {
      const due = state.campaigns.filter(
        (c) => c.status === 'ready' && c.scheduled_for && Date.parse(c.scheduled_for) <= now,
      );
      for (const campaign of due) send(campaign);
      return due;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
