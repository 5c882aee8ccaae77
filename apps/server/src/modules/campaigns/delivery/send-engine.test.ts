import { DELIVERY_MESSAGES } from '@lantern/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../app';
import { createLogger } from '../../../logger';
import { loadKeys } from '../../../security/keys';
import { multipart, SAMPLE_FILES } from '../../../test/multipart';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { bearer, createTestApp, loginToken, queryRows, type TestApp } from '../../../test/test-app';
import {
  assign,
  campaignPayload,
  createCampaign,
  leadsIn,
  makeSegment,
  setEmail,
  setEmailStatus,
} from '../campaign-test-helpers';
import { UNSUBSCRIBE_FOOTER_TEXT } from '../unsubscribe/unsubscribe-links';

// The built-in sender over HTTP with the real SMTP sink: exactly once per recipient, the headers,
// suppression, retries, hard bounces, auto-pause, pause/resume, and the durable schedule.

const PUBLIC_URL = 'https://school.example';
// Each test starts its own app (migrations included): generous time on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
let sink: SmtpSink;
/** Per-test refusals at RCPT TO (address -> SMTP code), consumed `times` times (default forever). */
const refusals = new Map<string, { code: number; times: number }>();

beforeAll(async () => {
  sink = await startSmtpSink({
    refuse: (address) => {
      const rule = refusals.get(address.toLowerCase()) ?? refusals.get('*');
      if (!rule || rule.times === 0) return null;
      rule.times -= 1;
      return { code: rule.code, message: rule.code >= 500 ? 'No such user here' : 'Try again later' };
    },
  });
});
afterAll(async () => sink?.close());
afterEach(() => {
  refusals.clear();
  sink.messages.length = 0;
});

const env = (extra: Record<string, string> = {}) => ({
  EMAIL_PROVIDER: 'smtp',
  SMTP_URL: sink.url,
  PUBLIC_URL,
  EMAIL_SEND_RATE: '0',
  ...extra,
});

async function setup(extra: Record<string, string> = {}) {
  const t = await createTestApp(env(extra));
  const token = await loginToken(t.app);
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
  return { t, token, call };
}

type Ctx = Awaited<ReturnType<typeof setup>>;

/** A published campaign for a new segment with `count` leads. */
async function publishedCampaign(ctx: Ctx, count: number, html?: string) {
  const segment = await makeSegment(ctx.t, ctx.token, `Families ${Math.random().toString(36).slice(2, 8)}`);
  const leads = await leadsIn(ctx.t, ctx.token, [segment], count);
  const campaign = await createCampaign(
    ctx.t,
    ctx.token,
    campaignPayload(segment, html ? { content_html: html } : {}),
  );
  const approve = await ctx.call('POST', `/api/campaigns/${campaign.id}/approve`, {});
  expect(approve.statusCode, approve.body).toBe(200);
  const publish = await ctx.call('POST', `/api/campaigns/${campaign.id}/publish`);
  expect(publish.statusCode, publish.body).toBe(200);
  return { id: campaign.id, segment, leads };
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The sink's messages of one campaign (an earlier test's send may still be arriving). */
const messagesOf = (campaignId: string) => sink.messages.filter((m) => m.messageId.includes(campaignId));

const deliveryOf = async (ctx: Ctx, id: string) => {
  const res = await ctx.call('GET', `/api/campaigns/${id}/delivery`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().delivery as Record<string, unknown> | null;
};
const settled = (ctx: Ctx, id: string, status = 'completed') =>
  until(
    () => deliveryOf(ctx, id),
    (d) => d?.status === status,
  );

const emailOf = async (t: TestApp, leadId: string) =>
  String(
    (await queryRows(t.database, sql`select email from leads where id = ${leadId}::uuid`))[0]!.email,
  ).toLowerCase();

describe('sending a campaign (built-in sender, SMTP)', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await setup();
  });
  afterAll(async () => ctx?.t.close());

  it('sends each sendable recipient exactly once, personalised, with the unsubscribe headers', async () => {
    const c = await publishedCampaign(ctx, 6);
    const [unsub, bounced, , dupA, dupB] = c.leads;
    await setEmailStatus(ctx.t, unsub!, 'unsubscribed');
    await setEmailStatus(ctx.t, bounced!, 'bounced');
    // A never-contact segment's member is never emailed.
    const dnc = await makeSegment(ctx.t, ctx.token, 'Do not contact', { never_contact: true });
    await assign(ctx.t, ctx.token, [dnc], [c.leads[2]!]);
    // The same address twice (capitals and spaces): one message.
    await setEmail(ctx.t, dupB!, ` ${(await emailOf(ctx.t, dupA!)).toUpperCase()} `);

    const before = await ctx.call('GET', `/api/campaigns/${c.id}`);
    expect(before.json().campaign.actions).toContain('send');
    const sent = await ctx.call('POST', `/api/campaigns/${c.id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().message).toBe(DELIVERY_MESSAGES.sendStarted);
    expect(sent.json().campaign.publish_status).toBe('sent');

    const done = await settled(ctx, c.id);
    expect(done).toMatchObject({ total: 2, sent: 2, failed: 0, skipped: 0, pending: 0, provider: 'smtp' });
    expect(messagesOf(c.id)).toHaveLength(2);
    const expectedLeads = [dupA, c.leads[5]].sort();
    const got = messagesOf(c.id)
      .map((m) => m.messageId)
      .sort();
    expect(got).toEqual(expectedLeads.map((l) => `<${c.id}.${l}@school.example>`).sort());
    for (const m of messagesOf(c.id)) {
      expect(m.subject).toBe('Come to our open day');
      expect(m.listUnsubscribe).toMatch(/^<https:\/\/school\.example\/u\/[A-Za-z0-9_-]{64}>$/);
      expect(m.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
      const url = m.listUnsubscribe!.slice(1, -1);
      expect(m.html).toContain(`href="${url}"`);
      // The template's own {{unsubscribe}} link is the one filled: no empty link, no second footer.
      expect(m.html).not.toContain('href=""');
      expect(m.html).not.toContain(UNSUBSCRIBE_FOOTER_TEXT);
      expect(m.html).toMatch(/Dear Parent \d+,/);
      expect(m.html).toMatch(/meet Child \d+-1/);
      expect(m.text).toContain(url);
    }
    const campaign = (await ctx.call('GET', `/api/campaigns/${c.id}`)).json().campaign;
    expect(campaign.sent_at).not.toBeNull();
    expect(campaign.delivery.status).toBe('completed');
    expect(campaign.actions).toEqual([]);
    const again = await ctx.call('POST', `/api/campaigns/${c.id}/send`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(DELIVERY_MESSAGES.cannotSend);
    const recipients = await queryRows(
      ctx.t.database,
      sql`select status, provider_message_id from campaign_recipients where campaign_id = ${c.id}::uuid`,
    );
    expect(recipients.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(recipients.every((r) => typeof r.provider_message_id === 'string')).toBe(true);
  });

  it("counts a template's use when a campaign made from it is sent, not when it is created", async () => {
    const made = await ctx.call('POST', '/api/templates', {
      name: `Open day template ${Math.random().toString(36).slice(2, 8)}`,
      description: null,
      category: 'events',
      subject_template: 'Come to our open day',
      content_html_template: '<p>Dear {{parent_name}},</p>',
      content_text_template: '',
      variables_schema: [],
      segment_tags: [],
      personalization_level: 'medium',
      is_active: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const templateId = String(made.json().template.id);
    const usage = async () => (await ctx.call('GET', `/api/templates/${templateId}`)).json().template;
    const segment = await makeSegment(
      ctx.t,
      ctx.token,
      `Template families ${Math.random().toString(36).slice(2, 8)}`,
    );
    await leadsIn(ctx.t, ctx.token, [segment], 2);
    const campaign = await createCampaign(
      ctx.t,
      ctx.token,
      campaignPayload(segment, { template_id: templateId }),
    );
    expect(await usage()).toMatchObject({ usage_count: 0, last_used_at: null });
    for (const step of ['approve', 'publish'])
      expect((await ctx.call('POST', `/api/campaigns/${campaign.id}/${step}`, {})).statusCode).toBe(200);
    expect((await ctx.call('POST', `/api/campaigns/${campaign.id}/send`, {})).statusCode).toBe(202);
    await settled(ctx, campaign.id);
    const used = await until(usage, (t) => t.usage_count === 1);
    expect(used.last_used_at).not.toBeNull();
  });

  it('refuses to send or schedule what is not published (409) and answers 404 for an unknown campaign', async () => {
    const segment = await makeSegment(ctx.t, ctx.token, 'Drafts');
    const draft = await createCampaign(ctx.t, ctx.token, campaignPayload(segment));
    for (const [method, path, body] of [
      ['POST', 'send', {}],
      ['POST', 'schedule', { scheduled_for: new Date(Date.now() + 3_600_000).toISOString() }],
      ['DELETE', 'schedule', undefined],
      ['POST', 'pause', undefined],
      ['POST', 'resume', undefined],
    ] as const) {
      const res = await ctx.call(method, `/api/campaigns/${draft.id}/${path}`, body);
      expect(res.statusCode, `${method} ${path}`).toBe(409);
      expect(typeof res.json().error).toBe('string');
    }
    expect((await deliveryOf(ctx, draft.id)) ?? null).toBeNull();
    const missing = await ctx.call('GET', '/api/campaigns/00000000-0000-4000-8000-000000000000/delivery');
    expect(missing.statusCode).toBe(404);
    expect((await ctx.call('GET', '/api/campaigns/nope/delivery')).statusCode).toBe(400);
  });

  it('validates a schedule with the spec messages', async () => {
    const c = await publishedCampaign(ctx, 1);
    const post = (body: Record<string, unknown>) => ctx.call('POST', `/api/campaigns/${c.id}/schedule`, body);
    const cases: [Record<string, unknown>, string][] = [
      [{}, DELIVERY_MESSAGES.scheduleMissing],
      [{ scheduled_for: '  ' }, DELIVERY_MESSAGES.scheduleMissing],
      [{ scheduled_for: '2020-01-01T09:00:00Z' }, DELIVERY_MESSAGES.schedulePast],
      [{ scheduled_for: 'tomorrow at nine' }, DELIVERY_MESSAGES.scheduleInvalid],
      [{ scheduled_for: '2099-02-31T09:00' }, DELIVERY_MESSAGES.scheduleInvalid],
      [
        { scheduled_for: '2099-01-01T09:00:00Z', time_zone: 'Mars/Olympus' },
        DELIVERY_MESSAGES.invalidTimeZone,
      ],
    ];
    for (const [body, error] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    const ok = await post({ scheduled_for: '2099-01-01T09:00:00Z', time_zone: 'Europe/London' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      message: DELIVERY_MESSAGES.scheduled,
      campaign: {
        publish_status: 'scheduled',
        scheduled_for: '2099-01-01T09:00:00.000Z',
        scheduled_time_zone: 'Europe/London',
        actions: ['cancel_schedule'],
      },
    });
    // Rescheduling is allowed; the school's zone is the default.
    const again = await post({ scheduled_for: '2099-01-02T09:00:00+01:00' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().campaign).toMatchObject({
      scheduled_for: '2099-01-02T08:00:00.000Z',
      scheduled_time_zone: 'UTC',
    });
    expect((await ctx.call('POST', `/api/campaigns/${c.id}/send`, {})).statusCode).toBe(409);
    const cancel = await ctx.call('DELETE', `/api/campaigns/${c.id}/schedule`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({
      message: DELIVERY_MESSAGES.scheduleCancelled,
      campaign: { publish_status: 'published', scheduled_for: null, scheduled_time_zone: null },
    });
    expect((await ctx.call('DELETE', `/api/campaigns/${c.id}/schedule`)).statusCode).toBe(409);
  });

  it('skips a parent who unsubscribes after the recipients were fixed', async () => {
    // One message a second: the unsubscribe lands while the batch is going out.
    const slow = await setup({ EMAIL_SEND_RATE: '1' });
    try {
      // Five recipients: one claimed batch at this rate, so the check that stops the last message
      // is the one made while the batch goes out, not the claim's.
      const c = await publishedCampaign(slow, 5);
      const res = await slow.call('POST', `/api/campaigns/${c.id}/send`, {});
      expect(res.statusCode).toBe(202);
      await until(
        () => deliveryOf(slow, c.id),
        (d) => Number(d?.sent) >= 1,
      );
      // The parent whose message goes last (recipients go in the order they were fixed).
      const [last] = await queryRows(
        slow.t.database,
        sql`select lead_id from campaign_recipients where campaign_id = ${c.id}::uuid order by id desc limit 1`,
      );
      const lastLead = String(last!.lead_id);
      await queryRows(
        slow.t.database,
        sql`update leads set email_status = 'unsubscribed' where id = ${lastLead}::uuid returning id`,
      );
      const done = await settled(slow, c.id);
      expect(done).toMatchObject({ total: 5, skipped: 1, sent: 4, pending: 0 });
      expect(messagesOf(c.id).map((m) => m.messageId)).not.toContain(`<${c.id}.${lastLead}@school.example>`);
    } finally {
      await slow.t.close();
    }
  }, 120_000);

  it('retries a temporary refusal, then sends', async () => {
    const c = await publishedCampaign(ctx, 2);
    refusals.set(await emailOf(ctx.t, c.leads[0]!), { code: 451, times: 1 });
    await ctx.call('POST', `/api/campaigns/${c.id}/send`, {});
    const done = await settled(ctx, c.id);
    expect(done).toMatchObject({ sent: 2, failed: 0 });
    expect(messagesOf(c.id)).toHaveLength(2);
    const [row] = await queryRows(
      ctx.t.database,
      sql`select attempts, status from campaign_recipients where lead_id = ${c.leads[0]!}::uuid`,
    );
    expect(row).toMatchObject({ attempts: 2, status: 'sent' });
  }, 120_000);

  it("fills {{resource_link_N}} with each family's own download link", async () => {
    const segment = await makeSegment(ctx.t, ctx.token, 'Resource readers');
    const leads = await leadsIn(ctx.t, ctx.token, [segment], 2);
    const body = multipart(
      {
        title: 'Autism starter guide',
        description: 'What to expect',
        category: 'autism',
        priority: '7',
        require_email: 'true',
        segment_ids: [segment],
      },
      [{ filename: 'guide.pdf', contentType: 'application/pdf', content: SAMPLE_FILES.pdf() }],
    );
    const uploaded = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/resources',
      headers: { ...bearer(ctx.token), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const resourceId = uploaded.json().resource.id as string;
    const campaign = await createCampaign(
      ctx.t,
      ctx.token,
      campaignPayload(segment, {
        content_html: '<p>Dear {{parent_name}}, here is <a href="{{resource_link_1}}">the guide</a>.</p>',
      }),
    );
    await queryRows(
      ctx.t.database,
      sql`update campaigns set generation_metadata = jsonb_set(generation_metadata, '{resources}',
          ${JSON.stringify([{ id: resourceId, title: 'Guide', url: '{{resource_link_1}}' }])}::jsonb)
        where id = ${campaign.id}::uuid returning id`,
    );
    expect((await ctx.call('POST', `/api/campaigns/${campaign.id}/approve`, {})).statusCode).toBe(200);
    expect((await ctx.call('POST', `/api/campaigns/${campaign.id}/publish`)).statusCode).toBe(200);
    await ctx.call('POST', `/api/campaigns/${campaign.id}/send`, {});
    await settled(ctx, campaign.id);
    const links = messagesOf(campaign.id).map(
      (m) => /href="(https:\/\/school\.example\/api\/resources\/download\/[A-Za-z0-9_-]+)"/.exec(m.html)?.[1],
    );
    expect(links).toHaveLength(2);
    expect(links.every(Boolean)).toBe(true);
    expect(new Set(links).size).toBe(2);
    const issued = await queryRows(
      ctx.t.database,
      sql`select lead_id, issued_by from resource_download_links where resource_id = ${resourceId}::uuid`,
    );
    expect(issued.map((r) => r.lead_id).sort()).toEqual([...leads].sort());
    expect(issued.every((r) => r.issued_by === 'email')).toBe(true);
    // The link works for the family it was issued to.
    const path = new URL(links[0]!).pathname;
    expect((await ctx.t.app.inject({ method: 'GET', url: path })).statusCode).toBeLessThan(400);
  });

  it('marks a permanent refusal failed and suppresses the lead (hard bounce)', async () => {
    const c = await publishedCampaign(ctx, 2);
    const address = await emailOf(ctx.t, c.leads[0]!);
    refusals.set(address, { code: 550, times: 99 });
    await ctx.call('POST', `/api/campaigns/${c.id}/send`, {});
    const done = await settled(ctx, c.id);
    expect(done).toMatchObject({ total: 2, sent: 1, failed: 1, pending: 0 });
    const [leadRow] = await queryRows(
      ctx.t.database,
      sql`select email_status from leads where id = ${c.leads[0]!}::uuid`,
    );
    expect(leadRow!.email_status).toBe('bounced');
    const [rec] = await queryRows(
      ctx.t.database,
      sql`select status, error from campaign_recipients where lead_id = ${c.leads[0]!}::uuid`,
    );
    expect(rec!.status).toBe('failed');
    expect(String(rec!.error)).toContain('550');
  });
});

describe('auto-pause, pause and resume', () => {
  it('pauses itself after N consecutive failures with the reason, and resume finishes the send', async () => {
    const ctx = await setup({ CAMPAIGN_PAUSE_AFTER_FAILURES: '3', EMAIL_SEND_CONCURRENCY: '1' });
    try {
      const c = await publishedCampaign(ctx, 5);
      refusals.set('*', { code: 451, times: 1000 });
      await ctx.call('POST', `/api/campaigns/${c.id}/send`, {});
      const paused = await settled(ctx, c.id, 'paused');
      expect(paused?.paused_reason).toBe(DELIVERY_MESSAGES.autoPaused(3));
      const campaign = (await ctx.call('GET', `/api/campaigns/${c.id}`)).json().campaign;
      expect(campaign.actions).toEqual(['resume']);
      expect((await ctx.call('POST', `/api/campaigns/${c.id}/pause`)).statusCode).toBe(409);
      refusals.clear();
      // Retried messages wait for their backoff; skip it.
      await queryRows(
        ctx.t.database,
        sql`update campaign_recipients set next_attempt_at = now() where campaign_id = ${c.id}::uuid`,
      );
      const resumed = await ctx.call('POST', `/api/campaigns/${c.id}/resume`);
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(resumed.json().message).toBe(DELIVERY_MESSAGES.resumed);
      expect((await ctx.call('POST', `/api/campaigns/${c.id}/resume`)).statusCode).toBe(409);
      const done = await settled(ctx, c.id);
      expect(done).toMatchObject({ total: 5, sent: 5, failed: 0, paused_reason: null });
      expect(new Set(messagesOf(c.id).map((m) => m.messageId)).size).toBe(5);
      expect(messagesOf(c.id)).toHaveLength(5);
    } finally {
      await ctx.t.close();
    }
  }, 120_000);

  it('an admin pauses a send and resumes it; nothing is sent while paused', async () => {
    const ctx = await setup({ EMAIL_SEND_RATE: '2' });
    try {
      const c = await publishedCampaign(ctx, 6);
      await ctx.call('POST', `/api/campaigns/${c.id}/send`, {});
      const pause = await ctx.call('POST', `/api/campaigns/${c.id}/pause`);
      expect(pause.statusCode, pause.body).toBe(200);
      expect(pause.json().campaign.delivery).toMatchObject({
        status: 'paused',
        paused_reason: DELIVERY_MESSAGES.pausedByAdmin,
      });
      await new Promise((r) => setTimeout(r, 1500));
      const during = messagesOf(c.id).length;
      await new Promise((r) => setTimeout(r, 1000));
      expect(messagesOf(c.id).length).toBe(during);
      expect(during).toBeLessThan(6);
      expect((await ctx.call('POST', `/api/campaigns/${c.id}/resume`)).statusCode).toBe(200);
      await settled(ctx, c.id);
      expect(messagesOf(c.id)).toHaveLength(6);
      expect(new Set(messagesOf(c.id).map((m) => m.messageId)).size).toBe(6);
    } finally {
      await ctx.t.close();
    }
  }, 120_000);
});

describe('scheduled sends', () => {
  it('fires once at the instant, after a restart of the app on the same database', async () => {
    const ctx = await setup();
    const c = await publishedCampaign(ctx, 3);
    const at = new Date(Date.now() + 4000);
    const res = await ctx.call('POST', `/api/campaigns/${c.id}/schedule`, {
      scheduled_for: at.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    // The server stops before the instant; a new one starts on the same database.
    await ctx.t.app.close();
    const app = await buildApp({
      config: ctx.t.config,
      database: ctx.t.database,
      keys: loadKeys(ctx.t.config),
      logger: createLogger('silent'),
    });
    await app.ready();
    try {
      const again = {
        ...ctx,
        call: ((method, url, payload) =>
          app.inject({
            method,
            url,
            headers: bearer(ctx.token),
            ...(payload === undefined ? {} : { payload }),
          })) as Ctx['call'],
      };
      expect(messagesOf(c.id)).toHaveLength(0);
      const done = await settled(again, c.id);
      expect(done).toMatchObject({ total: 3, sent: 3 });
      expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
      await new Promise((r) => setTimeout(r, 1500));
      expect(messagesOf(c.id)).toHaveLength(3);
      const campaign = (await again.call('GET', `/api/campaigns/${c.id}`)).json().campaign;
      expect(campaign).toMatchObject({ publish_status: 'sent' });
    } finally {
      await app.close();
      await ctx.t.database.close();
    }
  }, 120_000);

  it('does not fire a cancelled schedule, and a rescheduled one fires once, at the new time', async () => {
    const ctx = await setup();
    try {
      const cancelled = await publishedCampaign(ctx, 2);
      const moved = await publishedCampaign(ctx, 2);
      const soon = new Date(Date.now() + 1500).toISOString();
      for (const c of [cancelled, moved])
        expect(
          (await ctx.call('POST', `/api/campaigns/${c.id}/schedule`, { scheduled_for: soon })).statusCode,
        ).toBe(200);
      expect((await ctx.call('DELETE', `/api/campaigns/${cancelled.id}/schedule`)).statusCode).toBe(200);
      const later = new Date(Date.now() + 4000);
      expect(
        (
          await ctx.call('POST', `/api/campaigns/${moved.id}/schedule`, {
            scheduled_for: later.toISOString(),
          })
        ).statusCode,
      ).toBe(200);
      await new Promise((r) => setTimeout(r, 3000));
      expect(messagesOf(cancelled.id)).toHaveLength(0);
      expect(messagesOf(moved.id)).toHaveLength(0);
      await settled(ctx, moved.id);
      expect(Date.now()).toBeGreaterThanOrEqual(later.getTime());
      await new Promise((r) => setTimeout(r, 1500));
      expect(messagesOf(moved.id)).toHaveLength(2);
      expect(messagesOf(cancelled.id)).toHaveLength(0);
      const c = (await ctx.call('GET', `/api/campaigns/${cancelled.id}`)).json().campaign;
      expect(c).toMatchObject({ publish_status: 'published', delivery: null });
    } finally {
      await ctx.t.close();
    }
  }, 120_000);
});
