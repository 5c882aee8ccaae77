import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeMailerLite, type FakeMailerLite } from './fake-mailerlite';
import {
  createMailerLiteClient,
  MailerLiteError,
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
