/**
 * Client for MailerLite's current API (connect.mailerlite.com). Subscribers are upserted one request
 * each rather than through POST /batch: a batch made only of subscriber upserts runs as a MailerLite
 * import with its own 5-per-minute limit, so single requests at small concurrency are both faster
 * within the 120-per-minute limit and report each email's error directly.
 *
 * Rate limits, one mechanism for every call: a sliding window shared by all requests of a client
 * keeps it under MailerLite's 120 requests a minute by itself, and should MailerLite still answer
 * 429 (another client on the same account), every request waits out its Retry-After together.
 *
 * Campaigns (issue 23; https://developers.mailerlite.com/docs/campaigns.html, read through the
 * search tool and MailerLite's own Node SDK): POST /campaigns (type regular, one email with subject,
 * from_name, from and content, the groups), PUT /campaigns/{id}, GET /campaigns/{id},
 * POST /campaigns/{id}/schedule ({delivery: 'instant'} or {delivery: 'scheduled', schedule: {date,
 * hours, minutes, timezone_id}}), POST /campaigns/{id}/cancel (a ready campaign back to draft),
 * GET /timezones; and a group's subscribers (GET /groups/{id}/subscribers, cursor paged) with
 * DELETE /subscribers/{id}/groups/{groupId} to take one out of a group.
 */
export type MailerLiteSubscriber = { email: string; fields: Record<string, string | number | null> };
export type MailerLiteField = { key: string; name: string; type: 'text' | 'number' | 'date' };
export type UpsertResult = { synced: number; errors: { email: string; error: string }[] };

/** The email of a regular campaign: MailerLite's personalisation tags ({$name}) already in place. */
export type MailerLiteCampaignInput = {
  name: string;
  subject: string;
  fromName: string;
  from: string;
  content: string;
  groupIds: string[];
};
/** draft, ready (scheduled or about to go), sent; MailerLite may add others (treated as gone out). */
/** A campaign's results as MailerLite counts them (GET /campaigns/{id}: its `stats`). */
export type MailerLiteCampaignStats = {
  sent: number;
  uniqueOpens: number;
  uniqueClicks: number;
  unsubscribes: number;
  hardBounces: number;
};
export type MailerLiteCampaign = {
  id: string;
  name: string;
  status: string;
  scheduledFor: string | null;
  /** Null before MailerLite has any (a draft). */
  stats: MailerLiteCampaignStats | null;
};
export type MailerLiteSchedule =
  | { delivery: 'instant' }
  | {
      delivery: 'scheduled';
      /** date YYYY-MM-DD, hours HH, minutes mm: the wall-clock time in that MailerLite time zone. */
      schedule: { date: string; hours: string; minutes: string; timezone_id: number };
    };
export type MailerLiteTimezone = { id: number; name: string; offset: number };
export type MailerLiteGroupMember = { id: string; email: string; status: string };

export interface MailerLiteClient {
  findOrCreateGroup(name: string): Promise<{ id: string; name: string }>;
  /** Creates the custom fields that do not exist yet (default fields name, last_name, phone always exist). */
  ensureFields(fields: MailerLiteField[]): Promise<void>;
  /** Upserts every subscriber into the group; one subscriber's failure never stops the others. */
  upsertSubscribers(groupId: string, subscribers: MailerLiteSubscriber[]): Promise<UpsertResult>;
  /** Every subscriber in the group, whatever their status (read page by page). */
  listGroupSubscribers(groupId: string): Promise<MailerLiteGroupMember[]>;
  /** Takes a subscriber out of a group (they stay a subscriber); already out is fine. */
  removeFromGroup(subscriberId: string, groupId: string): Promise<void>;
  /**
   * Creates a regular campaign. A create that failed ambiguously (5xx, timeout) is not resent blindly:
   * a draft of the same name is looked for first (give campaigns unique names).
   */
  createCampaign(input: MailerLiteCampaignInput): Promise<MailerLiteCampaign>;
  /** Replaces a draft campaign's email and groups. */
  updateCampaign(id: string, input: MailerLiteCampaignInput): Promise<MailerLiteCampaign>;
  /** The campaign, or null when MailerLite has none of that id (deleted there). */
  getCampaign(id: string): Promise<MailerLiteCampaign | null>;
  scheduleCampaign(id: string, schedule: MailerLiteSchedule): Promise<MailerLiteCampaign>;
  /** A ready (scheduled) campaign back to draft. */
  cancelCampaign(id: string): Promise<MailerLiteCampaign>;
  listTimezones(): Promise<MailerLiteTimezone[]>;
  /**
   * Marks a subscriber unsubscribed in MailerLite (a parent who said stop in Lantern), so a campaign
   * MailerLite already holds cannot reach them; answers false when MailerLite never had the address.
   */
  unsubscribe(email: string): Promise<boolean>;
}

export class MailerLiteError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** True when a later attempt may succeed (rate limit, MailerLite fault, network, timeout). */
    readonly isTransient = false,
  ) {
    super(message);
    this.name = 'MailerLiteError';
  }
}

export type MailerLiteClientOptions = {
  apiKey: string;
  baseUrl?: string;
  maxRetries?: number;
  concurrency?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** The clock of the rate limiter (tests pass a fake one with a matching sleep). */
  now?: () => number;
  /**
   * At most `requests` requests start in any `windowMs` (default MailerLite's 120 a minute);
   * null lifts the limit (tests of the 429 path).
   */
  rateLimit?: { requests: number; windowMs: number } | null;
};

export const DEFAULT_MAILERLITE_API_URL = 'https://connect.mailerlite.com/api';
const MAX_WAIT_MS = 60_000;
const BASE_BACKOFF_MS = 1_000;
const MAX_PAGES = 100;
const BAD_KEY_MESSAGE = 'MailerLite rejected the API key';
/** Stop a sync when this many subscribers in a row failed for a passing reason (an outage). */
const MAX_TRANSIENT_IN_A_ROW = 5;
/** MailerLite's documented limit: 120 requests a minute per account. */
export const MAILERLITE_RATE_LIMIT = { requests: 120, windowMs: 60_000 };
/** Page size of GET /groups/{id}/subscribers (MailerLite allows up to 1000). */
const MEMBERS_PAGE = 1000;

type ApiResponse = { status: number; body: unknown };
type RequestOptions = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  isIdempotent: boolean;
};
type Page<T> = { data: T[]; meta?: { last_page?: number } };
type ApiGroup = { id: string; name: string };
type ApiField = { id: string; key: string; name: string; type: string };
type ApiCampaignStats = {
  sent?: number;
  unique_opens_count?: number;
  unique_clicks_count?: number;
  unsubscribes_count?: number;
  hard_bounces_count?: number;
};
type ApiCampaign = {
  id: string | number;
  name: string;
  status: string;
  scheduled_for?: string | null;
  stats?: ApiCampaignStats | null;
};
type ApiTimezone = { id: string | number; name: string; offset?: number };
type ApiMember = { id: string | number; email: string; status: string };

const toCampaign = (c: ApiCampaign): MailerLiteCampaign => ({
  id: String(c.id),
  name: c.name,
  status: c.status,
  scheduledFor: c.scheduled_for ?? null,
  stats: c.stats
    ? {
        sent: Number(c.stats.sent ?? 0),
        uniqueOpens: Number(c.stats.unique_opens_count ?? 0),
        uniqueClicks: Number(c.stats.unique_clicks_count ?? 0),
        unsubscribes: Number(c.stats.unsubscribes_count ?? 0),
        hardBounces: Number(c.stats.hard_bounces_count ?? 0),
      }
    : null,
});

const campaignBody = (input: MailerLiteCampaignInput) => ({
  name: input.name,
  type: 'regular',
  emails: [{ subject: input.subject, from_name: input.fromName, from: input.from, content: input.content }],
  groups: input.groupIds,
});

/**
 * A sliding window over request starts: the (limit+1)th request waits until the first of the last
 * `limit` is `windowMs` old. Turns are taken in order, so concurrent callers share one window.
 */
function slidingWindow(
  limit: { requests: number; windowMs: number } | null,
  now: () => number,
  sleep: (ms: number) => Promise<void>,
): () => Promise<void> {
  if (!limit || limit.requests <= 0) return () => Promise.resolve();
  const starts: number[] = [];
  let queue: Promise<void> = Promise.resolve();
  return () => {
    const turn = queue.then(async () => {
      if (starts.length >= limit.requests) {
        const wait = starts[0]! + limit.windowMs - now();
        if (wait > 0) await sleep(wait);
        starts.shift();
      }
      starts.push(now());
    });
    queue = turn.catch(() => undefined);
    return turn;
  };
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Exponential backoff with jitter: half the step is fixed, half random, capped at MAX_WAIT_MS. */
function backoffMs(attempt: number): number {
  const step = Math.min(MAX_WAIT_MS, BASE_BACKOFF_MS * 2 ** attempt);
  return Math.round(step / 2 + (Math.random() * step) / 2);
}

/** Retry-After is seconds or an HTTP date; null when absent or unreadable. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(MAX_WAIT_MS, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.min(MAX_WAIT_MS, Math.max(0, date - Date.now()));
}

/** MailerLite's own words for a refusal: the first field error, else its message. */
function mailerLiteMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { message, errors } = body as { message?: unknown; errors?: Record<string, unknown> };
  const firstFieldError = errors ? Object.values(errors).flat()[0] : undefined;
  if (typeof firstFieldError === 'string') return firstFieldError;
  return typeof message === 'string' ? message : null;
}

function failureFor(response: ApiResponse): MailerLiteError {
  const { status, body } = response;
  if (status === 401) return new MailerLiteError(BAD_KEY_MESSAGE, 401);
  if (status === 429) {
    return new MailerLiteError(
      'MailerLite is receiving too many requests; try again in a few minutes',
      429,
      true,
    );
  }
  if (status >= 500) {
    return new MailerLiteError(
      `MailerLite had a problem on its side (status ${status}); try again later`,
      status,
      true,
    );
  }
  const detail = mailerLiteMessage(body);
  return new MailerLiteError(detail ?? `MailerLite refused the request (status ${status})`, status);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createMailerLiteClient(options: MailerLiteClientOptions): MailerLiteClient {
  const baseUrl = (options.baseUrl ?? DEFAULT_MAILERLITE_API_URL).replace(/\/+$/, '');
  const maxRetries = options.maxRetries ?? 3;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const sleep = options.sleep ?? realSleep;
  const takeTurn = slidingWindow(
    options.rateLimit === undefined ? MAILERLITE_RATE_LIMIT : options.rateLimit,
    options.now ?? Date.now,
    sleep,
  );
  const headers = {
    Authorization: `Bearer ${options.apiKey}`,
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };

  // After a 429 every request waits on the same pause, so parallel workers do not hammer MailerLite.
  let rateLimitPause: Promise<void> | null = null;
  function pauseForRateLimit(ms: number): Promise<void> {
    rateLimitPause ??= sleep(ms).finally(() => {
      rateLimitPause = null;
    });
    return rateLimitPause;
  }

  async function sendOnce(request: RequestOptions): Promise<ApiResponse & { retryAfter: string | null }> {
    try {
      const response = await fetch(`${baseUrl}${request.path}`, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = await readBody(response);
      return { status: response.status, body, retryAfter: response.headers.get('retry-after') };
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new MailerLiteError(`MailerLite did not answer within ${timeoutMs / 1000} seconds`, null, true);
      }
      throw new MailerLiteError('Could not reach MailerLite; check the internet connection', null, true);
    }
  }

  /** Sends a request, retrying 429 always and 5xx/network failures when repeating it is harmless. */
  async function send<T>(request: RequestOptions): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      if (rateLimitPause) await rateLimitPause;
      await takeTurn();
      let failure: MailerLiteError;
      let retryAfter: string | null = null;
      try {
        const response = await sendOnce(request);
        if (response.status >= 200 && response.status < 300) return response.body as T;
        failure = failureFor(response);
        retryAfter = response.retryAfter;
      } catch (error) {
        if (!(error instanceof MailerLiteError)) throw error;
        failure = error;
      }
      // A 429 means MailerLite did not act on the request, so even a create may be resent.
      const isRetryable = failure.status === 429 || (failure.isTransient && request.isIdempotent);
      if (!isRetryable || attempt >= maxRetries) throw failure;
      if (failure.status === 429) await pauseForRateLimit(retryAfterMs(retryAfter) ?? backoffMs(attempt));
      else await sleep(backoffMs(attempt));
    }
  }

  async function getAllPages<T>(path: string): Promise<T[]> {
    const items: T[] = [];
    const separator = path.includes('?') ? '&' : '?';
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const result = await send<Page<T>>({
        method: 'GET',
        path: `${path}${separator}limit=100&page=${page}`,
        isIdempotent: true,
      });
      items.push(...(result.data ?? []));
      if (!result.meta?.last_page || page >= result.meta.last_page) break;
    }
    return items;
  }

  /**
   * Creating twice would leave a duplicate, so a create that failed ambiguously (5xx, timeout) is not
   * resent blindly: look again first, and only create when it is still missing.
   */
  async function findOrCreate<T>(
    find: (isRetry: boolean) => Promise<T | undefined>,
    create: () => Promise<T>,
  ): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const existing = await find(attempt > 0);
      if (existing) return existing;
      try {
        return await create();
      } catch (error) {
        if (!(error instanceof MailerLiteError) || !error.isTransient || attempt >= maxRetries) throw error;
        await sleep(backoffMs(attempt));
      }
    }
  }

  async function findGroup(name: string): Promise<ApiGroup | undefined> {
    // filter[name] matches partially, so keep only the group with exactly this name.
    const groups = await getAllPages<ApiGroup>(`/groups?filter[name]=${encodeURIComponent(name)}`);
    return groups.find((group) => group.name.trim().toLowerCase() === name.trim().toLowerCase());
  }

  async function upsertOne(groupId: string, subscriber: MailerLiteSubscriber): Promise<void> {
    // No status: new subscribers start active, and people who unsubscribed stay unsubscribed.
    await send({
      method: 'POST',
      path: '/subscribers',
      body: { email: subscriber.email, fields: subscriber.fields, groups: [groupId] },
      isIdempotent: true,
    });
  }

  return {
    async findOrCreateGroup(name) {
      const group = await findOrCreate(
        () => findGroup(name),
        async () =>
          (
            await send<{ data: ApiGroup }>({
              method: 'POST',
              path: '/groups',
              body: { name },
              isIdempotent: false,
            })
          ).data,
      );
      return { id: String(group.id), name: group.name };
    },

    async ensureFields(fields) {
      let existing = await getAllPages<ApiField>('/fields');
      for (const field of fields) {
        const created = await findOrCreate(
          async (isRetry) => {
            if (isRetry) existing = await getAllPages<ApiField>('/fields');
            return existing.find((f) => f.key === field.key);
          },
          async () => {
            const body = { name: field.name, type: field.type };
            return (
              await send<{ data: ApiField }>({ method: 'POST', path: '/fields', body, isIdempotent: false })
            ).data;
          },
        );
        // MailerLite derives the key from the name; under another key the values would be dropped silently.
        if (created.key !== field.key) {
          throw new MailerLiteError(
            `MailerLite saved the field "${field.name}" under the key "${created.key}" instead of "${field.key}"`,
            null,
          );
        }
        if (!existing.includes(created)) existing.push(created);
      }
    },

    async upsertSubscribers(groupId, subscribers) {
      const result: UpsertResult = { synced: 0, errors: [] };
      let next = 0;
      let fatal: MailerLiteError | null = null;
      // Subscribers in a row that failed for a passing reason even after retries: MailerLite is down.
      let transientInARow = 0;
      const worker = async () => {
        while (!fatal && next < subscribers.length) {
          const subscriber = subscribers[next++]!;
          try {
            await upsertOne(groupId, subscriber);
            result.synced += 1;
            transientInARow = 0;
          } catch (error) {
            // A rejected key fails every later request too, so the whole sync stops.
            if (error instanceof MailerLiteError && error.status === 401) fatal ??= error;
            else {
              result.errors.push({ email: subscriber.email, error: messageOf(error) });
              transientInARow =
                error instanceof MailerLiteError && error.isTransient ? transientInARow + 1 : 0;
              if (transientInARow >= MAX_TRANSIENT_IN_A_ROW)
                fatal ??= new MailerLiteError(
                  `MailerLite is not answering: the sync stopped after ${MAX_TRANSIENT_IN_A_ROW} failures in a row`,
                  null,
                  true,
                );
            }
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, subscribers.length) }, worker));
      if (fatal) throw fatal;
      return result;
    },

    async listGroupSubscribers(groupId) {
      const members: MailerLiteGroupMember[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < MAX_PAGES * 10; page += 1) {
        const query: string = `limit=${MEMBERS_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const result = await send<{ data: ApiMember[]; meta?: { next_cursor?: string | null } }>({
          method: 'GET',
          path: `/groups/${encodeURIComponent(groupId)}/subscribers?${query}`,
          isIdempotent: true,
        });
        for (const m of result.data ?? [])
          members.push({ id: String(m.id), email: m.email, status: m.status });
        cursor = result.meta?.next_cursor ?? null;
        if (!cursor) break;
      }
      return members;
    },

    async removeFromGroup(subscriberId, groupId) {
      try {
        await send({
          method: 'DELETE',
          path: `/subscribers/${encodeURIComponent(subscriberId)}/groups/${encodeURIComponent(groupId)}`,
          isIdempotent: true,
        });
      } catch (error) {
        // Already out of the group (or gone): what was asked for is true.
        if (!(error instanceof MailerLiteError && error.status === 404)) throw error;
      }
    },

    async createCampaign(input) {
      const created = await findOrCreate(
        async (isRetry) => {
          if (!isRetry) return undefined;
          const drafts = await getAllPages<ApiCampaign>('/campaigns?filter[status]=draft');
          return drafts.find((c) => c.name === input.name);
        },
        async () =>
          (
            await send<{ data: ApiCampaign }>({
              method: 'POST',
              path: '/campaigns',
              body: campaignBody(input),
              isIdempotent: false,
            })
          ).data,
      );
      return toCampaign(created);
    },

    async updateCampaign(id, input) {
      const result = await send<{ data: ApiCampaign }>({
        method: 'PUT',
        path: `/campaigns/${encodeURIComponent(id)}`,
        body: campaignBody(input),
        isIdempotent: true,
      });
      return toCampaign(result.data);
    },

    async getCampaign(id) {
      try {
        const result = await send<{ data: ApiCampaign }>({
          method: 'GET',
          path: `/campaigns/${encodeURIComponent(id)}`,
          isIdempotent: true,
        });
        return toCampaign(result.data);
      } catch (error) {
        if (error instanceof MailerLiteError && error.status === 404) return null;
        throw error;
      }
    },

    async scheduleCampaign(id, schedule) {
      // Not resent after an ambiguous failure: the caller reads the campaign's status instead.
      const result = await send<{ data: ApiCampaign }>({
        method: 'POST',
        path: `/campaigns/${encodeURIComponent(id)}/schedule`,
        body: schedule,
        isIdempotent: false,
      });
      return toCampaign(result.data);
    },

    async cancelCampaign(id) {
      const result = await send<{ data: ApiCampaign }>({
        method: 'POST',
        path: `/campaigns/${encodeURIComponent(id)}/cancel`,
        isIdempotent: false,
      });
      return toCampaign(result.data);
    },

    async unsubscribe(email) {
      try {
        // GET /subscribers/{email} first: an upsert alone would add an address MailerLite never had.
        await send({ method: 'GET', path: `/subscribers/${encodeURIComponent(email)}`, isIdempotent: true });
      } catch (error) {
        if (error instanceof MailerLiteError && error.status === 404) return false;
        throw error;
      }
      await send({
        method: 'POST',
        path: '/subscribers',
        body: { email, status: 'unsubscribed' },
        isIdempotent: true,
      });
      return true;
    },

    async listTimezones() {
      const result = await send<{ data: ApiTimezone[] }>({
        method: 'GET',
        path: '/timezones',
        isIdempotent: true,
      });
      return (result.data ?? []).map((t) => ({ id: Number(t.id), name: t.name, offset: t.offset ?? 0 }));
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof MailerLiteError ? error.message : 'Unexpected error while syncing to MailerLite';
}
