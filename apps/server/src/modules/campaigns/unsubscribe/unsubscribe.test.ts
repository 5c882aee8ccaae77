import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeys } from '../../../security/keys';
import { multipart } from '../../../test/multipart';
import { startSmtpSink } from '../../../test/smtp-sink';
import { bearer, createTestApp, loginToken, queryRows, type TestApp } from '../../../test/test-app';
import { campaignPayload, createCampaign, leadsIn, makeSegment } from '../campaign-test-helpers';
import { createUnsubscribeLinks, type UnsubscribeLinks } from './unsubscribe-links';

// The public unsubscribe link of every campaign email (/u/{token}), through HTTP as a parent's
// browser and a mail provider's one-click POST (RFC 8058) reach it.

let t: TestApp;
let token: string;
let links: UnsubscribeLinks;
let segment: string;
let campaign: string;
let leadIds: string[];

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://school.example' });
  token = await loginToken(t.app);
  // The same key the app derives from SECRET_KEY: the links a sent email would carry.
  links = createUnsubscribeLinks({
    key: loadKeys(t.config).unsubscribeHmac,
    publicUrl: 'https://school.example',
  });
  await queryRows(t.database, sql`update widget_settings set school_name = 'St. Anne & <Friends> School'`);
  segment = await makeSegment(t, token, 'Unsubscribe families');
  leadIds = await leadsIn(t, token, [segment], 6);
  campaign = (await createCampaign(t, token, campaignPayload(segment, { name: 'Spring "open" day' }))).id;
});
afterAll(async () => t?.close());

type Extra = { headers?: Record<string, string>; payload?: string | Buffer; remoteAddress?: string };
const page = (method: 'GET' | 'POST', path: string, extra: Extra = {}) =>
  t.app.inject({ method, url: path, ...extra });

async function emailStatus(leadId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/leads/${leadId}/email-status`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    status: string;
    reason: string | null;
    source: string | null;
    changed_at: string | null;
  };
}

async function historyCount(leadId: string): Promise<number> {
  const rows = await queryRows(
    t.database,
    sql`select count(*)::int as n from lead_email_events where lead_id = ${leadId}::uuid`,
  );
  return Number(rows[0]!.n);
}

const oneClick = {
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: 'List-Unsubscribe=One-Click',
};

function expectPrivatePage(res: Awaited<ReturnType<typeof page>>) {
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-robots-tag']).toMatch(/noindex/);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.body).not.toMatch(/<script/i);
}

describe('the unsubscribe page (GET)', () => {
  it("shows the school's name and one button that posts to the same address, and changes nothing", async () => {
    const lead = leadIds[0]!;
    const path = `/u/${links.tokenFor(campaign, lead)}`;
    const res = await page('GET', path);
    expect(res.statusCode).toBe(200);
    expectPrivatePage(res);
    expect(res.body).toContain('St. Anne &amp; &lt;Friends&gt; School');
    expect(res.body).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(res.body).toContain(`<form method="post" action="${path}">`);
    expect(res.body.match(/<button/g)).toHaveLength(1);
    expect(res.body).toContain('>Unsubscribe</button>');
    // Link scanners follow GETs: the lead is still subscribed, with no history.
    expect((await emailStatus(lead)).status).toBe('subscribed');
    expect(await historyCount(lead)).toBe(0);
  });

  it('says the link is not valid for a tampered, cut or made-up token, and reveals nothing', async () => {
    const genuine = links.tokenFor(campaign, leadIds[0]!);
    const flipped = genuine.slice(0, 10) + (genuine[10] === 'A' ? 'B' : 'A') + genuine.slice(11);
    for (const bad of [flipped, genuine.slice(0, 40), 'not-a-token', 'x'.repeat(900), '%00%2e%2e', 'a.b.c']) {
      const res = await page('GET', `/u/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expectPrivatePage(res);
      expect(res.body).toContain('This link is not valid');
      expect(res.body).not.toContain('St. Anne');
      expect(res.body).not.toContain('<form');
    } // A path that is not even UTF-8 is refused by the router itself, before any route: still a 400.
    expect((await page('GET', '/u/%ff%fe')).statusCode).toBe(400);
  });
});

describe('unsubscribing (POST)', () => {
  it('unsubscribes at once on a one-click POST, with the time, the campaign as the reason and the source', async () => {
    const lead = leadIds[1]!;
    const before = Date.now();
    const res = await page('POST', `/u/${links.tokenFor(campaign, lead)}`, oneClick);
    expect(res.statusCode, res.body).toBe(200);
    expectPrivatePage(res);
    expect(res.body).toContain('You have been unsubscribed');
    const status = await emailStatus(lead);
    expect(status).toMatchObject({
      status: 'unsubscribed',
      reason: 'Unsubscribed from "Spring "open" day"',
      source: 'unsubscribe-link',
    });
    expect(Date.parse(status.changed_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(status.changed_at!)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('answers the same the second time and changes nothing more', async () => {
    const lead = leadIds[1]!;
    const first = await emailStatus(lead);
    const events = await historyCount(lead);
    const res = await page('POST', `/u/${links.tokenFor(campaign, lead)}`, oneClick);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('You have been unsubscribed');
    expect(await emailStatus(lead)).toEqual(first);
    expect(await historyCount(lead)).toBe(events);
  });

  it("takes a multipart one-click, the page's own form and an empty body alike", async () => {
    const form = multipart({ 'List-Unsubscribe': 'One-Click' });
    const bodies = [
      { headers: form.headers, payload: form.payload },
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click&x=%ZZ',
      },
      {},
    ];
    for (const [i, body] of bodies.entries()) {
      const lead = leadIds[2 + i]!;
      const res = await page('POST', `/u/${links.tokenFor(campaign, lead)}`, body);
      expect(res.statusCode, res.body).toBe(200);
      expect((await emailStatus(lead)).status).toBe('unsubscribed');
    }
  });

  it('refuses tampered, cut and garbage tokens with a plain 400 page, never a 500', async () => {
    const lead = leadIds[5]!;
    const genuine = links.tokenFor(campaign, lead);
    const bad = [
      genuine.slice(0, 63),
      `${genuine}A`,
      genuine.slice(0, 63) + (genuine[63] === 'A' ? 'B' : 'A'),
      'x'.repeat(64),
      'é'.repeat(10),
      '..%2f..%2fetc',
    ];
    for (const b of bad) {
      const res = await page('POST', `/u/${encodeURI(b)}`, oneClick);
      expect(res.statusCode, b).toBe(400);
      expectPrivatePage(res);
      expect(res.body).toContain('This link is not valid');
    }
    expect((await emailStatus(lead)).status).toBe('subscribed');
  });

  it('cannot be forged for another lead or campaign by swapping parts of a genuine token', async () => {
    const target = leadIds[5]!;
    const mine = Buffer.from(links.tokenFor(campaign, leadIds[0]!), 'base64url');
    const theirs = Buffer.from(links.tokenFor(campaign, target), 'base64url');
    const forged = Buffer.concat([theirs.subarray(0, 32), mine.subarray(32)]).toString('base64url');
    const res = await page('POST', `/u/${forged}`, oneClick);
    expect(res.statusCode).toBe(400);
    expect((await emailStatus(target)).status).toBe('subscribed');
  });

  it('answers neutrally for a genuine token whose lead or campaign is gone', async () => {
    const res = await page('POST', `/u/${links.tokenFor(campaign, crypto.randomUUID())}`, oneClick);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('You have been unsubscribed');
    const unknownCampaign = await page(
      'POST',
      `/u/${links.tokenFor(crypto.randomUUID(), leadIds[0]!)}`,
      oneClick,
    );
    expect(unknownCampaign.statusCode).toBe(200);
    expect(await emailStatus(leadIds[0]!)).toMatchObject({
      status: 'unsubscribed',
      reason: 'Unsubscribed through a campaign email',
    });
  });

  it('needs no session, and a refused body is still a page', async () => {
    const big = await page('POST', `/u/${links.tokenFor(campaign, leadIds[5]!)}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x'.repeat(64 * 1024),
    });
    expect(big.statusCode).toBe(413);
    expect(big.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('after an unsubscribe', () => {
  it("leaves the lead out of the segment's sendable audience", async () => {
    // Leads 0-4 unsubscribed above; lead 5 is the one left.
    const next = await createCampaign(t, token, campaignPayload(segment, { name: 'Next' }));
    expect(next.estimated_recipients).toBe(1);
  });

  it("counts each parent's unsubscribe once in the campaign's results", async () => {
    // Leads 1-4 through this campaign's links (lead 1 twice); lead 0 through an unknown campaign's.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${campaign}/stats`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().stats.unsubscribed).toBe(4);
  });

  it('never writes a token to the logs', () => {
    const everything = t.logs.join('\n');
    expect(everything).toContain('/u/[redacted]');
    for (const lead of leadIds) expect(everything).not.toContain(links.tokenFor(campaign, lead).slice(0, 24));
  });
});

describe('rate limit', () => {
  it('answers a flood from one address with a 429 page', async () => {
    const path = `/u/${links.tokenFor(campaign, leadIds[5]!)}`;
    let last = 0;
    let body = '';
    for (let i = 0; i < 70 && last !== 429; i++) {
      const res = await page('GET', path, { remoteAddress: '10.9.9.9' });
      last = res.statusCode;
      body = res.body;
    }
    expect(last).toBe(429);
    expect(body).toContain('Too many requests. Please try again in a minute.');
    expect((await emailStatus(leadIds[5]!)).status).toBe('subscribed');
  });
});

describe('the link in a sent message', () => {
  it('unsubscribes the recipient it was sent to, from the List-Unsubscribe header and from the body', async () => {
    const sink = await startSmtpSink();
    const sent = await createTestApp({
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: sink.url,
      PUBLIC_URL: 'https://school.example',
      EMAIL_SEND_RATE: '0',
    });
    try {
      const admin = await loginToken(sent.app);
      const call = (url: string) =>
        sent.app.inject({ method: 'POST', url, headers: bearer(admin), payload: {} });
      const families = await makeSegment(sent, admin, 'Sent families');
      const [first, second] = await leadsIn(sent, admin, [families], 2);
      const c = await createCampaign(sent, admin, campaignPayload(families));
      for (const step of ['approve', 'publish', 'send'])
        expect((await call(`/api/campaigns/${c.id}/${step}`)).statusCode, step).toBeLessThan(300);
      for (let i = 0; i < 300 && sink.messages.length < 2; i++) await new Promise((r) => setTimeout(r, 100));
      expect(sink.messages).toHaveLength(2);

      const emailOf = async (id: string) =>
        (
          await sent.app.inject({
            method: 'GET',
            url: `/api/leads/${id}/email-status`,
            headers: bearer(admin),
          })
        ).json() as {
          email: string;
          status: string;
        };
      const messageTo = async (id: string) => {
        const { email } = await emailOf(id);
        return sink.messages.find((m) => m.to.includes(email))!;
      };
      // One-click from the header, as a mail app does: a path on the public address.
      const header = (await messageTo(first!)).listUnsubscribe!;
      const oneClickUrl = new URL(header.slice(1, -1));
      expect(oneClickUrl.origin).toBe('https://school.example');
      const res = await sent.app.inject({ method: 'POST', url: oneClickUrl.pathname, ...oneClick });
      expect(res.statusCode).toBe(200);
      expect((await emailOf(first!)).status).toBe('unsubscribed');
      expect((await emailOf(second!)).status).toBe('subscribed');

      // The link in the body: the page first (nothing changes), then its button.
      const bodyLink = /href="(https:\/\/school\.example\/u\/[^"]+)"/.exec(
        (await messageTo(second!)).html,
      )![1]!;
      const path = new URL(bodyLink).pathname;
      expect((await sent.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
      expect((await emailOf(second!)).status).toBe('subscribed');
      expect((await sent.app.inject({ method: 'POST', url: path })).statusCode).toBe(200);
      expect((await emailOf(second!)).status).toBe('unsubscribed');
    } finally {
      await sent.close();
      await sink.close();
    }
  }, 60_000);
});
