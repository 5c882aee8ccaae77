import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeMailerLite, type FakeMailerLite } from './fake-mailerlite';
import {
  createMailerLiteClient,
  MailerLiteError,
  type MailerLiteCampaignInput,
  type MailerLiteClient,
  type MailerLiteField,
  type MailerLiteSubscriber,
} from './mailerlite-client';

const API_KEY = 'ml-test-key-5f3a9c1e7b';

let fake: FakeMailerLite;
beforeEach(async () => {
  fake = await startFakeMailerLite({ apiKey: API_KEY });
});
afterEach(() => fake.close());

/** A client on the fake whose sleeps are recorded instead of waited. */
function makeClient(
  overrides: { apiKey?: string; baseUrl?: string; maxRetries?: number; concurrency?: number } = {},
) {
  const waits: number[] = [];
  const client: MailerLiteClient = createMailerLiteClient({
    apiKey: API_KEY,
    baseUrl: fake.url,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...overrides,
  });
  return { client, waits };
}

const requestsTo = (method: string, path: string) =>
  fake.requests.filter((r) => r.method === method && r.path === `/api${path}`);

const FIELDS: MailerLiteField[] = [
  { key: 'name', name: 'Name', type: 'text' },
  { key: 'phone', name: 'Phone', type: 'text' },
  { key: 'lead_score', name: 'Lead score', type: 'number' },
  { key: 'timeline', name: 'Timeline', type: 'text' },
];

let n = 0;
const makeSubscriber = (overrides: Partial<MailerLiteSubscriber> = {}): MailerLiteSubscriber => {
  n += 1;
  return {
    email: `parent${n}@example.org`,
    fields: { name: `Parent ${n}`, lead_score: 40 + n },
    ...overrides,
  };
};

async function prepareGroup(client: MailerLiteClient, name = 'Lantern: Spring open day') {
  await client.ensureFields(FIELDS);
  return client.findOrCreateGroup(name);
}

describe('findOrCreateGroup', () => {
  it('creates the group once and finds it on the next sync', async () => {
    const { client } = makeClient();
    const decoy = await client.findOrCreateGroup('Open day waitlist');
    const first = await client.findOrCreateGroup('Open day');
    const second = await client.findOrCreateGroup('Open day');

    expect(first).not.toEqual(decoy);
    expect(second).toEqual(first);
    expect(fake.state.groups.map((g) => g.name)).toEqual(['Open day waitlist', 'Open day']);
    expect(requestsTo('POST', '/groups')).toHaveLength(2);
    expect(requestsTo('GET', '/groups').at(-1)?.query['filter[name]']).toBe('Open day');
  });

  it('looks again instead of creating a duplicate when the create answer is lost', async () => {
    const { client } = makeClient();
    fake.failNext(1, 502, { request: 'POST /api/groups', afterApplying: true });

    const group = await client.findOrCreateGroup('Open day');

    expect(fake.state.groups).toEqual([{ id: group.id, name: 'Open day' }]);
    expect(requestsTo('POST', '/groups')).toHaveLength(1);
    expect(requestsTo('GET', '/groups')).toHaveLength(2);
  });

  it('retries a server fault while looking for the group', async () => {
    const { client, waits } = makeClient();
    fake.failNext(2, 503);

    const group = await client.findOrCreateGroup('Open day');

    expect(fake.state.groups).toEqual([{ id: group.id, name: 'Open day' }]);
    expect(requestsTo('GET', '/groups')).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });
});

describe('ensureFields', () => {
  it('creates only the missing custom fields, and only the first time', async () => {
    const { client } = makeClient();
    await client.ensureFields(FIELDS);
    await client.ensureFields(FIELDS);

    expect(requestsTo('POST', '/fields').map((r) => r.body)).toEqual([
      { name: 'Lead score', type: 'number' },
      { name: 'Timeline', type: 'text' },
    ]);
    expect(fake.state.fields.filter((f) => ['lead_score', 'timeline'].includes(f.key))).toMatchObject([
      { key: 'lead_score', type: 'number' },
      { key: 'timeline', type: 'text' },
    ]);
  });

  it('refuses a field whose key MailerLite would store differently', async () => {
    const { client } = makeClient();
    const error = await client
      .ensureFields([{ key: 'score', name: 'Lead score', type: 'number' }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailerLiteError);
    expect((error as Error).message).toBe(
      'MailerLite saved the field "Lead score" under the key "lead_score" instead of "score"',
    );
  });
});

describe('upsertSubscribers', () => {
  it('upserts every subscriber with its fields into the group, leaving their status alone', async () => {
    const { client } = makeClient();
    const group = await prepareGroup(client);
    const subscribers = [
      makeSubscriber(),
      makeSubscriber({ fields: { name: 'Ana', timeline: 'Immediately' } }),
    ];

    const result = await client.upsertSubscribers(group.id, subscribers);

    expect(result).toEqual({ synced: 2, errors: [] });
    const [a, b] = subscribers.map((s) => fake.state.subscribers.get(s.email));
    expect(a?.fields).toEqual(subscribers[0]!.fields);
    expect(b?.fields).toEqual({ name: 'Ana', timeline: 'Immediately' });
    expect([...a!.groups]).toEqual([group.id]);
    expect(requestsTo('POST', '/subscribers')[0]?.body).toEqual({
      email: subscribers[0]!.email,
      fields: subscribers[0]!.fields,
      groups: [group.id],
    });
  });

  it('updates the same subscribers on a second sync without duplicates or leaving other groups', async () => {
    const { client } = makeClient();
    const spring = await prepareGroup(client);
    const autumn = await client.findOrCreateGroup('Lantern: Autumn tour');
    const subscribers = [makeSubscriber(), makeSubscriber()];
    await client.upsertSubscribers(spring.id, subscribers);

    const changed = subscribers.map((s) => ({ ...s, fields: { ...s.fields, lead_score: 90 } }));
    const result = await client.upsertSubscribers(autumn.id, changed);

    expect(result).toEqual({ synced: 2, errors: [] });
    expect(fake.state.subscribers.size).toBe(2);
    const stored = fake.state.subscribers.get(subscribers[0]!.email)!;
    expect(stored.fields.lead_score).toBe(90);
    expect([...stored.groups].sort()).toEqual([spring.id, autumn.id].sort());
  });

  it('reports each refused email with MailerLite’s reason while the others sync', async () => {
    const { client } = makeClient();
    const group = await prepareGroup(client);
    fake.rejectEmail('blocked@example.org', 'This email address is on the suppression list.');
    const good = [makeSubscriber(), makeSubscriber(), makeSubscriber()];
    const subscribers = [good[0]!, makeSubscriber({ email: 'not-an-email' }), good[1]!];
    subscribers.push(makeSubscriber({ email: 'blocked@example.org' }), good[2]!);

    const result = await client.upsertSubscribers(group.id, subscribers);

    expect(result.synced).toBe(3);
    expect(result.errors.sort((x, y) => x.email.localeCompare(y.email))).toEqual([
      { email: 'blocked@example.org', error: 'This email address is on the suppression list.' },
      { email: 'not-an-email', error: 'The email must be a valid email address.' },
    ]);
    expect([...fake.state.subscribers.keys()].sort()).toEqual(good.map((s) => s.email).sort());
  });

  it('waits as long as Retry-After asks after a 429, then succeeds', async () => {
    const { client, waits } = makeClient({ concurrency: 1 });
    const group = await prepareGroup(client);
    fake.rateLimitNext(1, 7);

    const result = await client.upsertSubscribers(group.id, [makeSubscriber()]);

    expect(result).toEqual({ synced: 1, errors: [] });
    expect(waits).toEqual([7000]);
    expect(requestsTo('POST', '/subscribers')).toHaveLength(2);
  });

  it('never waits longer than a minute, whatever Retry-After says', async () => {
    const { client, waits } = makeClient({ concurrency: 1 });
    const group = await prepareGroup(client);
    fake.rateLimitNext(1, 3600);

    await client.upsertSubscribers(group.id, [makeSubscriber()]);

    expect(waits).toEqual([60_000]);
  });

  it('retries server faults with growing waits and then succeeds', async () => {
    const { client, waits } = makeClient({ concurrency: 1 });
    const group = await prepareGroup(client);
    fake.failNext(2, 503);

    const result = await client.upsertSubscribers(group.id, [makeSubscriber()]);

    expect(result).toEqual({ synced: 1, errors: [] });
    expect(requestsTo('POST', '/subscribers')).toHaveLength(3);
    expect(waits).toHaveLength(2);
    // Exponential with jitter: about 1 s, then about 2 s.
    expect(waits[0]).toBeGreaterThanOrEqual(500);
    expect(waits[0]).toBeLessThanOrEqual(1000);
    expect(waits[1]).toBeGreaterThanOrEqual(1000);
    expect(waits[1]).toBeLessThanOrEqual(2000);
  });

  it('gives up on a subscriber after the last retry and says so in plain words', async () => {
    const { client } = makeClient({ concurrency: 1, maxRetries: 2 });
    const group = await prepareGroup(client);
    const subscriber = makeSubscriber();
    fake.failNext(3, 500);

    const result = await client.upsertSubscribers(group.id, [subscriber, makeSubscriber()]);

    expect(result).toEqual({
      synced: 1,
      errors: [
        {
          email: subscriber.email,
          error: 'MailerLite had a problem on its side (status 500); try again later',
        },
      ],
    });
  });
});

describe('an outage', () => {
  it('stops the sync after 5 subscribers in a row fail for a passing reason, instead of trying them all', async () => {
    const { client } = makeClient({ concurrency: 1, maxRetries: 0 });
    const group = await prepareGroup(client);
    fake.failNext(1000, 503);
    const subscribers = Array.from({ length: 50 }, () => makeSubscriber());

    await expect(client.upsertSubscribers(group.id, subscribers)).rejects.toThrow(
      'MailerLite is not answering: the sync stopped after 5 failures in a row',
    );
    expect(requestsTo('POST', '/subscribers')).toHaveLength(5);
  });
});

describe('a wrong API key', () => {
  const wrongKey = 'ml-wrong-key-0000000000';

  it('stops at the first request with a readable error that does not contain the key', async () => {
    const { client } = makeClient({ apiKey: wrongKey });
    const error = await client.findOrCreateGroup('Open day').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(MailerLiteError);
    expect(error).toMatchObject({ message: 'MailerLite rejected the API key', status: 401 });
    expect(String((error as Error).stack)).not.toContain(wrongKey);
    expect(fake.requests).toHaveLength(1);
  });

  it('stops the whole subscriber sync instead of failing every subscriber', async () => {
    const { client } = makeClient({ apiKey: wrongKey, concurrency: 2 });
    const subscribers = Array.from({ length: 20 }, () => makeSubscriber());

    await expect(client.upsertSubscribers('1', subscribers)).rejects.toMatchObject({
      message: 'MailerLite rejected the API key',
      status: 401,
    });
    expect(requestsTo('POST', '/subscribers').length).toBeLessThanOrEqual(2);
  });
});

describe('an unreachable MailerLite', () => {
  let silent: http.Server;
  let silentUrl: string;
  let received = 0;
  beforeEach(async () => {
    received = 0;
    silent = http.createServer(() => {
      received += 1; // never answers
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/api`;
  });
  afterEach(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('times out a server that never answers, after retrying once', async () => {
    const waits: number[] = [];
    const client = createMailerLiteClient({
      apiKey: API_KEY,
      baseUrl: silentUrl,
      timeoutMs: 200,
      maxRetries: 1,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const started = Date.now();

    const error = await client.findOrCreateGroup('Open day').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(MailerLiteError);
    expect(error).toMatchObject({ message: 'MailerLite did not answer within 0.2 seconds', status: null });
    expect(received).toBe(2);
    expect(waits).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reports a timeout per subscriber rather than throwing', async () => {
    const client = createMailerLiteClient({
      apiKey: API_KEY,
      baseUrl: silentUrl,
      timeoutMs: 200,
      maxRetries: 0,
    });
    const subscriber = makeSubscriber();

    const result = await client.upsertSubscribers('1', [subscriber]);

    expect(result).toEqual({
      synced: 0,
      errors: [{ email: subscriber.email, error: 'MailerLite did not answer within 0.2 seconds' }],
    });
  });

  it('says MailerLite could not be reached when nothing listens', async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
    silent = http.createServer(); // afterEach closes this one
    const { client } = makeClient({ baseUrl: silentUrl, maxRetries: 1 });

    await expect(client.findOrCreateGroup('Open day')).rejects.toMatchObject({
      message: 'Could not reach MailerLite; check the internet connection',
      status: null,
    });
  });
});

const campaignInput = (groupId: string, overrides: Partial<MailerLiteCampaignInput> = {}) => ({
  name: 'Spring open day [Lantern 1a2b3c4d]',
  subject: 'Come and see us, {$name}',
  fromName: 'Lantern Admissions',
  from: 'admissions@lantern.example.org',
  content: '<p>Hello {$name}</p><a href="{$unsubscribe}">Unsubscribe</a>',
  groupIds: [groupId],
  ...overrides,
});

describe('campaigns', () => {
  it('creates a regular campaign for the group with one email, as MailerLite documents it', async () => {
    const { client } = makeClient();
    const group = await client.findOrCreateGroup('Open day');

    const created = await client.createCampaign(campaignInput(group.id));

    expect(created).toEqual({
      id: expect.any(String),
      name: 'Spring open day [Lantern 1a2b3c4d]',
      status: 'draft',
      scheduledFor: null,
      stats: { sent: 0, uniqueOpens: 0, uniqueClicks: 0, unsubscribes: 0, hardBounces: 0 },
    });
    expect(requestsTo('POST', '/campaigns').map((r) => r.body)).toEqual([
      {
        name: 'Spring open day [Lantern 1a2b3c4d]',
        type: 'regular',
        emails: [
          {
            subject: 'Come and see us, {$name}',
            from_name: 'Lantern Admissions',
            from: 'admissions@lantern.example.org',
            content: '<p>Hello {$name}</p><a href="{$unsubscribe}">Unsubscribe</a>',
          },
        ],
        groups: [group.id],
      },
    ]);
    expect(await client.getCampaign(created.id)).toEqual(created);
  });

  it('surfaces MailerLite’s 422 reason and does not retry a refusal', async () => {
    const { client } = makeClient();
    const group = await client.findOrCreateGroup('Open day');

    const error = await client
      .createCampaign(campaignInput(group.id, { from: 'admissions@localhost' }))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(MailerLiteError);
    expect(error).toMatchObject({
      message: 'The emails.0.from must be a valid email address.',
      status: 422,
      isTransient: false,
    });
    expect(requestsTo('POST', '/campaigns')).toHaveLength(1);
    const noLink = await client
      .createCampaign(campaignInput(group.id, { content: '<p>No way out</p>' }))
      .catch((e: unknown) => e);
    expect(noLink).toMatchObject({ message: 'The emails.0.content must contain an unsubscribe link.' });
  });

  it('finds the campaign again instead of creating a second when the create answer is lost', async () => {
    const { client } = makeClient();
    const group = await client.findOrCreateGroup('Open day');
    fake.failNext(1, 502, { request: 'POST /api/campaigns', afterApplying: true });

    const created = await client.createCampaign(campaignInput(group.id));

    expect(fake.state.campaigns.map((c) => c.id)).toEqual([created.id]);
    expect(requestsTo('POST', '/campaigns')).toHaveLength(1);
    expect(requestsTo('GET', '/campaigns').at(-1)?.query['filter[status]']).toBe('draft');
  });

  it('does not resend a create after a plain server fault', async () => {
    const { client } = makeClient({ maxRetries: 0 });
    const group = await client.findOrCreateGroup('Open day');
    fake.failNext(1, 500, { request: 'POST /api/campaigns' });

    await expect(client.createCampaign(campaignInput(group.id))).rejects.toMatchObject({ status: 500 });
    expect(requestsTo('POST', '/campaigns')).toHaveLength(1);
    expect(fake.state.campaigns).toEqual([]);
  });

  it('schedules a draft, cancels it back to draft, sends it at once, and refuses to touch a sent one', async () => {
    const { client } = makeClient();
    const group = await client.findOrCreateGroup('Open day');
    const { id } = await client.createCampaign(campaignInput(group.id));
    const [london] = (await client.listTimezones()).filter((t) => t.name === 'Europe/London');

    const scheduled = await client.scheduleCampaign(id, {
      delivery: 'scheduled',
      schedule: { date: '2099-07-01', hours: '09', minutes: '30', timezone_id: london!.id },
    });
    expect(scheduled).toMatchObject({ status: 'ready', scheduledFor: '2099-07-01T08:30:00.000Z' });
    await expect(client.scheduleCampaign(id, { delivery: 'instant' })).rejects.toMatchObject({
      status: 422,
      message: 'Only draft campaigns can be scheduled.',
    });

    expect(await client.cancelCampaign(id)).toMatchObject({ status: 'draft', scheduledFor: null });
    await expect(client.cancelCampaign(id)).rejects.toMatchObject({
      status: 422,
      message: 'Only campaigns in status Ready can be canceled.',
    });

    expect(await client.scheduleCampaign(id, { delivery: 'instant' })).toMatchObject({ status: 'sent' });
    await expect(client.updateCampaign(id, campaignInput(group.id))).rejects.toMatchObject({ status: 422 });
    expect(requestsTo('POST', `/campaigns/${id}/schedule`).map((r) => r.body)).toContainEqual({
      delivery: 'instant',
    });
  });

  it('refuses a schedule in the past or in a time zone MailerLite does not have', async () => {
    const { client } = makeClient();
    const group = await client.findOrCreateGroup('Open day');
    const { id } = await client.createCampaign(campaignInput(group.id));

    await expect(
      client.scheduleCampaign(id, {
        delivery: 'scheduled',
        schedule: { date: '2001-01-01', hours: '09', minutes: '00', timezone_id: 1 },
      }),
    ).rejects.toMatchObject({ status: 422, message: 'The schedule time must be in the future.' });
    await expect(
      client.scheduleCampaign(id, {
        delivery: 'scheduled',
        schedule: { date: '2099-01-01', hours: '09', minutes: '00', timezone_id: 999_999 },
      }),
    ).rejects.toMatchObject({ status: 422, message: 'The selected schedule.timezone_id is invalid.' });
  });

  it('answers null for a campaign MailerLite does not have', async () => {
    const { client } = makeClient();
    expect(await client.getCampaign('424242')).toBeNull();
  });

  it('lists MailerLite’s time zones with its own numeric ids', async () => {
    const { client } = makeClient();
    const zones = await client.listTimezones();
    expect(zones.map((z) => z.name)).toEqual(
      expect.arrayContaining(['UTC', 'Europe/London', 'America/New_York', 'America/Los_Angeles']),
    );
    for (const zone of zones) expect(Number.isInteger(zone.id)).toBe(true);
  });
});

describe('group members', () => {
  it('lists every member of a group across cursor pages, and takes one out of it', async () => {
    const { client } = makeClient();
    const group = await client.findOrCreateGroup('Open day');
    const other = await client.findOrCreateGroup('Other');
    for (let i = 0; i < 1500; i++) {
      const email = `member${i}@example.org`;
      const groups = new Set([i === 7 ? other.id : group.id]);
      fake.state.subscribers.set(email, { id: `s${i}`, email, status: 'active', fields: {}, groups });
    }

    const members = await client.listGroupSubscribers(group.id);

    expect(members).toHaveLength(1499);
    expect(new Set(members.map((m) => m.email)).size).toBe(1499);
    expect(requestsTo('GET', `/groups/${group.id}/subscribers`)).toHaveLength(2);

    await client.removeFromGroup('s1', group.id);
    await client.removeFromGroup('s1', group.id); // not a member any more: fine
    expect([...fake.state.subscribers.get('member1@example.org')!.groups]).toEqual([]);
    expect(await client.listGroupSubscribers(group.id)).toHaveLength(1498);
  });
});

describe('unsubscribe', () => {
  it('marks a known subscriber unsubscribed, keeping their groups, and never adds an unknown address', async () => {
    const { client } = makeClient();
    const group = await prepareGroup(client);
    const subscriber = makeSubscriber();
    await client.upsertSubscribers(group.id, [subscriber]);

    expect(await client.unsubscribe(subscriber.email)).toBe(true);
    expect(await client.unsubscribe('never.seen@example.org')).toBe(false);

    const stored = fake.state.subscribers.get(subscriber.email)!;
    expect(stored.status).toBe('unsubscribed');
    expect([...stored.groups]).toEqual([group.id]);
    expect(fake.state.subscribers.has('never.seen@example.org')).toBe(false);
    // A later sync (no status sent) leaves them unsubscribed.
    await client.upsertSubscribers(group.id, [subscriber]);
    expect(fake.state.subscribers.get(subscriber.email)?.status).toBe('unsubscribed');
  });
});

describe('the rate limit', () => {
  it('never starts more than 120 requests in any 60 seconds, by itself', async () => {
    let clock = 0;
    await fake.close();
    fake = await startFakeMailerLite({ apiKey: API_KEY, clock: () => clock });
    const waits: number[] = [];
    const client = createMailerLiteClient({
      apiKey: API_KEY,
      baseUrl: fake.url,
      concurrency: 1,
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    const group = await client.findOrCreateGroup('Open day');

    const result = await client.upsertSubscribers(
      group.id,
      Array.from({ length: 300 }, () => makeSubscriber()),
    );

    expect(result.synced).toBe(300);
    const times = fake.requests.map((r) => r.at);
    expect(times).toHaveLength(302);
    let busiest = 0;
    for (let i = 0; i < times.length; i++) {
      const inWindow = times.filter((at) => at >= times[i]! && at < times[i]! + 60_000).length;
      busiest = Math.max(busiest, inWindow);
    }
    expect(busiest).toBe(120);
    // 302 requests at 120 a minute: the third minute starts at 120 s.
    expect(clock).toBe(120_000);
    expect(waits).toEqual([60_000, 60_000]);
  });

  it('keeps under a MailerLite limit over real HTTP, so MailerLite never answers 429', async () => {
    await fake.close();
    fake = await startFakeMailerLite({ apiKey: API_KEY, rateLimit: { requests: 5, windowMs: 400 } });
    const client = createMailerLiteClient({
      apiKey: API_KEY,
      baseUrl: fake.url,
      concurrency: 3,
      // A margin over MailerLite's window for the time a request takes to arrive.
      rateLimit: { requests: 5, windowMs: 600 },
    });
    const group = await client.findOrCreateGroup('Open day');

    const result = await client.upsertSubscribers(
      group.id,
      Array.from({ length: 12 }, () => makeSubscriber()),
    );

    expect(result).toEqual({ synced: 12, errors: [] });
    expect(fake.requests).toHaveLength(14);
    const times = fake.requests.map((r) => r.at);
    // 14 requests, 5 a window: the 11th starts two windows after the first.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(2 * 500);
  });

  it('waits out Retry-After when MailerLite’s own window is full, then succeeds', async () => {
    await fake.close();
    fake = await startFakeMailerLite({ apiKey: API_KEY, rateLimit: { requests: 3, windowMs: 1000 } });
    const client = createMailerLiteClient({
      apiKey: API_KEY,
      baseUrl: fake.url,
      concurrency: 2,
      rateLimit: null,
    });
    const started = Date.now();

    const zones = await client.listTimezones();
    const group = await client.findOrCreateGroup('Open day');
    const result = await client.upsertSubscribers(group.id, [makeSubscriber(), makeSubscriber()]);

    expect(zones.length).toBeGreaterThan(0);
    expect(result).toEqual({ synced: 2, errors: [] });
    expect(fake.requests.length).toBeGreaterThan(5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});
