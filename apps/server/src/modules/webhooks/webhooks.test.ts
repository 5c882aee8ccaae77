import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLead, makeLead } from '../../test/factories';
import { bearer, createTestApp, loginToken, queryRows, type TestApp } from '../../test/test-app';

const MAILERLITE_SECRET = 'mailerlite-webhook-secret-123';
const EVENTS_SECRET = `whsec_${Buffer.from('email-events-secret-0123456789').toString('base64')}`;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({
    MAILERLITE_WEBHOOK_SECRET: MAILERLITE_SECRET,
    EMAIL_EVENTS_WEBHOOK_SECRET: EVENTS_SECRET,
  });
  token = await loginToken(t.app);
});
afterAll(() => t.close());

/** A local stand-in for MailerLite: signs the exact bytes it posts, and retries as MailerLite does. */
function fakeMailerlite(secret = MAILERLITE_SECRET) {
  const post = (body: string, signature: string | null) =>
    t.app.inject({
      method: 'POST',
      url: '/webhooks/mailerlite',
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { signature }) },
      payload: body,
    });
  const sign = (body: string) => crypto.createHmac('sha256', secret).update(body).digest('hex');
  return {
    sign,
    post,
    send: (event: Record<string, unknown>) => {
      const body = JSON.stringify(event);
      return post(body, sign(body));
    },
    /** The first delivery and MailerLite's three retries (after 10, 100 and 1000 s), same bytes. */
    async sendWithRetries(event: Record<string, unknown>) {
      const body = JSON.stringify(event);
      const responses = [];
      for (const _delay of [0, 10, 100, 1000]) responses.push(await post(body, sign(body)));
      return responses;
    },
  };
}

const mailerlite = fakeMailerlite();
const event = (type: string, email: string, extra: Record<string, unknown> = {}) => ({
  id: '100000000000000000',
  email,
  status: type === 'subscriber.bounced' ? 'bounced' : 'unsubscribed',
  event: type,
  account_id: 0,
  ...extra,
});

const api = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

/** Waits until every stored event has been applied by its job. */
async function settled() {
  for (let i = 0; i < 100; i++) {
    if ((await api('GET', '/api/webhooks/stats')).json().pending === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('webhook events still pending');
}

const statusOf = async (id: string) => (await api('GET', `/api/leads/${id}/email-status`)).json();
const leadRow = async (id: string) =>
  (await queryRows(t.database, sql`select * from leads where id = ${id}::uuid`))[0];

describe('the MailerLite receiver', () => {
  it('marks a lead unsubscribed with the time and reason, once however often MailerLite retries', async () => {
    const lead = await createLead(t.app, token, makeLead());
    const responses = await mailerlite.sendWithRetries(
      event('subscriber.unsubscribed', lead.email, {
        unsubscribed_at: '2026-11-20T10:00:00Z',
        reason: 'Too many emails',
      }),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(responses.map((r) => r.json().duplicates)).toEqual([0, 1, 1, 1]);
    await settled();
    const status = await statusOf(lead.id);
    expect(status).toMatchObject({
      status: 'unsubscribed',
      changed_at: '2026-11-20T10:00:00.000Z',
      reason: 'Too many emails',
      source: 'mailerlite',
    });
    const rows = await queryRows(
      t.database,
      sql`select kind from lead_email_events where lead_id = ${lead.id}::uuid`,
    );
    expect(rows).toHaveLength(1);
  });

  it('bounces a lead at once on a hard bounce and after the second soft bounce, a retry counting once', async () => {
    const hard = await createLead(t.app, token, makeLead());
    await mailerlite.send(event('subscriber.bounced', hard.email));
    const soft = await createLead(t.app, token, makeLead());
    await mailerlite.sendWithRetries(event('subscriber.bounced', soft.email, { bounce_type: 'soft', n: 1 }));
    await settled();
    expect((await statusOf(hard.id)).status).toBe('bounced');
    expect(await statusOf(soft.id)).toMatchObject({ status: 'subscribed', soft_bounces: 1 });
    await mailerlite.send(event('subscriber.bounced', soft.email, { bounce_type: 'soft', n: 2 }));
    await settled();
    expect(await statusOf(soft.id)).toMatchObject({
      status: 'bounced',
      soft_bounces: 2,
      source: 'mailerlite',
    });
  });

  it('marks a spam complaint complained, which no email audience includes', async () => {
    const lead = await createLead(t.app, token, makeLead());
    await mailerlite.send(event('subscriber.spam_reported', lead.email));
    // A later unsubscribe or bounce never turns a complaint into something resubscribable.
    await mailerlite.send(event('subscriber.unsubscribed', lead.email));
    await settled();
    expect((await statusOf(lead.id)).status).toBe('complained');
    const [sendable] = await queryRows(
      t.database,
      sql`select count(*)::int as n from leads where id = ${lead.id}::uuid and email_status = 'subscribed'`,
    );
    expect(sendable?.n).toBe(0);
  });

  it('reads a batched delivery event by event', async () => {
    const a = await createLead(t.app, token, makeLead());
    const b = await createLead(t.app, token, makeLead());
    const body = JSON.stringify({
      events: [event('subscriber.unsubscribed', a.email), event('subscriber.bounced', b.email)],
    });
    const res = await mailerlite.post(body, mailerlite.sign(body));
    expect(res.json()).toEqual({ received: 2, duplicates: 0 });
    await settled();
    expect((await statusOf(a.id)).status).toBe('unsubscribed');
    expect((await statusOf(b.id)).status).toBe('bounced');
  });

  it('refuses unsigned, wrongly signed and malformed deliveries and ignores unknown subscribers, changing no lead', async () => {
    const lead = await createLead(t.app, token, makeLead());
    const before = await leadRow(lead.id);
    const body = JSON.stringify(event('subscriber.unsubscribed', lead.email));
    const forged = fakeMailerlite('not-the-secret');
    const cases = [
      await mailerlite.post(body, null),
      await mailerlite.post(body, forged.sign(body)),
      await mailerlite.post(body, 'zz'),
      await mailerlite.post(`${body} `, mailerlite.sign(body)),
      await mailerlite.post(
        '{"event": "subscriber.unsubscribed", ',
        mailerlite.sign('{"event": "subscriber.unsubscribed", '),
      ),
      await mailerlite.post('[]', mailerlite.sign('[]')),
      await mailerlite.post('{"email": "x@example.com"}', mailerlite.sign('{"email": "x@example.com"}')),
      await mailerlite.send(event('subscriber.unsubscribed', 'nobody-here@example.com')),
      await mailerlite.send(event('subscriber.created', lead.email)),
    ];
    expect(cases.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 400, 400, 400, 200, 200]);
    for (const r of cases.slice(0, 7)) expect(r.json().error).toBeTruthy();
    await settled();
    expect(await leadRow(lead.id)).toEqual(before);
    const stats = (await api('GET', '/api/webhooks/stats')).json();
    expect(stats.rejected_since_start).toBeGreaterThanOrEqual(7);
    expect(stats.failures).toBe(0);
  });
});

describe('the Standard Webhooks receiver', () => {
  const wh = new Webhook(EVENTS_SECRET);
  const post = (body: string, id: string, when = new Date(), signer = wh) =>
    t.app.inject({
      method: 'POST',
      url: '/webhooks/email-events',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(when.getTime() / 1000)),
        'webhook-signature': signer.sign(id, when, body),
      },
      payload: body,
    });

  it('maps hard bounces, soft bounces, complaints and unsubscribes like MailerLite, once per message id', async () => {
    const [hard, soft, complaint, unsub] = await Promise.all(
      [1, 2, 3, 4].map(() => createLead(t.app, token, makeLead())),
    );
    const send = (id: string, type: string, data: Record<string, unknown>) =>
      post(JSON.stringify({ type, timestamp: new Date().toISOString(), data }), id);
    expect(
      (await send('msg_1', 'email.bounced', { email: hard!.email, bounce_type: 'hard' })).statusCode,
    ).toBe(200);
    expect(
      (await send('msg_1', 'email.bounced', { email: hard!.email, bounce_type: 'hard' })).json().duplicates,
    ).toBe(1);
    await send('msg_2', 'email.bounced', { email: soft!.email, bounce_type: 'soft' });
    await send('msg_2', 'email.bounced', { email: soft!.email, bounce_type: 'soft' });
    await send('msg_3', 'email.complained', { email: complaint!.email });
    await send('msg_4', 'email.unsubscribed', { email: unsub!.email, reason: 'Moved away' });
    await settled();
    expect((await statusOf(hard!.id)).status).toBe('bounced');
    expect(await statusOf(soft!.id)).toMatchObject({ status: 'subscribed', soft_bounces: 1 });
    expect((await statusOf(complaint!.id)).status).toBe('complained');
    expect(await statusOf(unsub!.id)).toMatchObject({
      status: 'unsubscribed',
      reason: 'Moved away',
      source: 'email-events',
    });
  });

  it('refuses a wrong signature, an old timestamp and missing headers', async () => {
    const body = JSON.stringify({ type: 'email.unsubscribed', data: { email: 'a@example.com' } });
    const other = new Webhook(`whsec_${Buffer.from('another-secret-0123456789').toString('base64')}`);
    expect((await post(body, 'msg_x', new Date(), other)).statusCode).toBe(401);
    expect((await post(body, 'msg_y', new Date(Date.now() - 3_600_000))).statusCode).toBe(401);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/webhooks/email-events',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(bare.statusCode).toBe(401);
  });
});

describe('email health, stats and the test event', () => {
  it('counts leads by email status and the unsubscribe rate as computed by hand', async () => {
    // The leads of the tests above, by hand: 11 leads; subscribed 2 (the untouched one, the one
    // soft bounce); unsubscribed 3 (MailerLite, batched, email events) and complained 2, counted
    // as unsubscribed: 5; bounced 4 (hard, second soft, batched, email events). 5 / 11 = 45.5%.
    const health = (await api('GET', '/api/leads/email-health')).json();
    const rows = await queryRows(
      t.database,
      sql`select email_status, count(*)::int as n from leads group by 1`,
    );
    const n = (s: string) => Number(rows.find((r) => r.email_status === s)?.n ?? 0);
    const total = rows.reduce((a, r) => a + Number(r.n), 0);
    expect(health).toEqual({
      total,
      subscribed: n('subscribed'),
      unsubscribed: n('unsubscribed') + n('complained'),
      bounced: n('bounced'),
      unsubscribe_rate: Math.round(((n('unsubscribed') + n('complained')) / total) * 1000) / 10,
      webhook_config: { secret_configured: true },
    });
    expect(health).toMatchObject({
      total: 11,
      subscribed: 2,
      unsubscribed: 5,
      bounced: 4,
      unsubscribe_rate: 45.5,
    });
  });

  it('reports events by type, the last one received and failures', async () => {
    const stats = (await api('GET', '/api/webhooks/stats')).json();
    const count = (provider: string, type: string) =>
      stats.by_type.find(
        (b: { provider: string; type: string }) => b.provider === provider && b.type === type,
      )?.count;
    expect(count('mailerlite', 'subscriber.unsubscribed')).toBe(4);
    expect(count('mailerlite', 'subscriber.bounced')).toBe(4);
    expect(count('email-events', 'email.bounced')).toBe(2);
    expect(stats.last_received_at).toBeTruthy();
    expect(stats).toMatchObject({ failures: 0, pending: 0 });
  });

  it('sends a signed test event through the real receiver without changing any lead', async () => {
    const before = await queryRows(
      t.database,
      sql`select id, email_status, updated_at from leads order by id`,
    );
    const res = await api('POST', '/api/webhooks/test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      status_code: 200,
      stored: true,
      event_type: 'subscriber.unsubscribed',
    });
    await settled();
    expect(
      await queryRows(t.database, sql`select id, email_status, updated_at from leads order by id`),
    ).toEqual(before);
  });
});

describe('resubscribe', () => {
  it('needs the caller to confirm, answers 404 for an unknown lead, and is audited', async () => {
    const lead = await createLead(t.app, token, makeLead());
    await mailerlite.send(event('subscriber.unsubscribed', lead.email));
    await settled();
    expect((await api('POST', `/api/leads/${lead.id}/resubscribe`, {})).statusCode).toBe(400);
    expect(
      (await api('POST', `/api/leads/${crypto.randomUUID()}/resubscribe`, { confirm: true })).statusCode,
    ).toBe(404);
    const res = await api('POST', `/api/leads/${lead.id}/resubscribe`, {
      confirm: true,
      reason: 'Asked us by phone',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'subscribed',
      source: 'admin',
      reason: 'Asked us by phone',
      soft_bounces: 0,
    });
    const row = await leadRow(lead.id);
    expect(row).toMatchObject({
      email_status: 'subscribed',
      unsubscribed_at: null,
      unsubscribe_reason: null,
    });
    const audit = await queryRows(
      t.database,
      sql`select details from audit_events where action = 'lead.resubscribed'`,
    );
    expect(audit.map((a) => a.details)).toContainEqual({
      leadId: lead.id,
      from: 'unsubscribed',
      overrideComplaint: false,
    });
  });

  it('refuses a complained lead with 409 unless the override is sent', async () => {
    const lead = await createLead(t.app, token, makeLead());
    await mailerlite.send(event('subscriber.spam_reported', lead.email));
    await settled();
    const refused = await api('POST', `/api/leads/${lead.id}/resubscribe`, { confirm: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/reported an email as spam/);
    expect((await statusOf(lead.id)).status).toBe('complained');
    const ok = await api('POST', `/api/leads/${lead.id}/resubscribe`, {
      confirm: true,
      override_complaint: true,
    });
    expect(ok.json().status).toBe('subscribed');
  });

  it('starts counting soft bounces again after a resubscribe', async () => {
    const lead = await createLead(t.app, token, makeLead());
    await mailerlite.send(event('subscriber.bounced', lead.email, { bounce_type: 'soft', n: 'a' }));
    await mailerlite.send(event('subscriber.bounced', lead.email, { bounce_type: 'soft', n: 'b' }));
    await settled();
    expect((await statusOf(lead.id)).status).toBe('bounced');
    await api('POST', `/api/leads/${lead.id}/resubscribe`, { confirm: true });
    await mailerlite.send(event('subscriber.bounced', lead.email, { bounce_type: 'soft', n: 'c' }));
    await settled();
    expect(await statusOf(lead.id)).toMatchObject({ status: 'subscribed', soft_bounces: 1 });
  });
});

describe('without secrets', () => {
  it('refuses every delivery and says no secret is configured', async () => {
    const bare = await createTestApp();
    try {
      const admin = await loginToken(bare.app);
      const body = JSON.stringify(event('subscriber.unsubscribed', 'a@example.com'));
      const res = await bare.app.inject({
        method: 'POST',
        url: '/webhooks/mailerlite',
        headers: { 'content-type': 'application/json', signature: mailerlite.sign(body) },
        payload: body,
      });
      expect(res.statusCode).toBe(401);
      const health = await bare.app.inject({
        method: 'GET',
        url: '/api/leads/email-health',
        headers: bearer(admin),
      });
      expect(health.json()).toEqual({
        total: 0,
        subscribed: 0,
        unsubscribed: 0,
        bounced: 0,
        unsubscribe_rate: 0,
        webhook_config: { secret_configured: false },
      });
      const test = await bare.app.inject({
        method: 'POST',
        url: '/api/webhooks/test',
        headers: bearer(admin),
      });
      expect(test.json()).toMatchObject({ ok: false, stored: false });
    } finally {
      await bare.close();
    }
  });
});
