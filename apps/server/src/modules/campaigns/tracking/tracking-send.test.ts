import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { bearer, createTestApp, loginToken, type TestApp } from '../../../test/test-app';
import { campaignPayload, createCampaign, leadsIn, makeSegment, setEmail } from '../campaign-test-helpers';

// Results of a real send (issue 24's journey at the server): three recipients at the local SMTP
// sink, each message's links and pixel tracked, one open and two clicks, the stats and rates, the
// History row and its CSV line.

const SITE = 'https://school.example';
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
let sink: SmtpSink;
let t: TestApp;
let token: string;

const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  sink = await startSmtpSink({
    refuse: (address) =>
      address.toLowerCase() === 'gone@example.com' ? { code: 550, message: 'No such user here' } : null,
  });
  t = await createTestApp({
    EMAIL_PROVIDER: 'smtp',
    SMTP_URL: sink.url,
    PUBLIC_URL: SITE,
    EMAIL_SEND_RATE: '0',
  });
  token = await loginToken(t.app);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('a sent campaign’s results', () => {
  it('tracks each message’s links and pixel, and counts one open and two clicks of three', async () => {
    const segment = await makeSegment(t, token, 'Tour families');
    await leadsIn(t, token, [segment], 3);
    const html =
      '<p>Dear {{parent_name}},</p><p><a href="https://www.example.org/tour?day=sat&amp;time=10">Book a tour</a></p>' +
      '<p><a href="https://www.example.org/apply">Apply</a> or <a href="mailto:office@school.example">write</a></p>' +
      '<p><a href="{{unsubscribe}}">Unsubscribe</a></p>';
    const campaign = await createCampaign(
      t,
      token,
      campaignPayload(segment, { name: 'Tour week', content_html: html }),
    );
    expect((await call('POST', `/api/campaigns/${campaign.id}/approve`, {})).statusCode).toBe(200);
    expect((await call('POST', `/api/campaigns/${campaign.id}/publish`)).statusCode).toBe(200);
    const sent = await call('POST', `/api/campaigns/${campaign.id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(202);
    const messages = await until(
      async () => sink.messages.filter((m) => m.messageId.includes(campaign.id)),
      (m) => m.length === 3,
    );
    await until(
      async () => (await call('GET', `/api/campaigns/${campaign.id}/delivery`)).json().delivery?.status,
      (s) => s === 'completed',
    );

    const tracked = messages.map((m) => {
      const hrefs = [...m.html.matchAll(/href="([^"]*)"/g)].map((x) => x[1]!.replace(/&amp;/g, '&'));
      const pixel = /<img src="([^"]+\/o\/[^"]+)"/.exec(m.html)?.[1];
      return { hrefs, pixel };
    });
    for (const { hrefs, pixel } of tracked) {
      expect(hrefs.filter((h) => h.startsWith(`${SITE}/c/`))).toHaveLength(2);
      expect(hrefs).toContain('mailto:office@school.example');
      expect(hrefs.some((h) => h.startsWith(`${SITE}/u/`))).toBe(true);
      expect(pixel).toMatch(new RegExp(`^${SITE}/o/`));
    }
    // Each recipient's links are their own.
    expect(new Set(tracked.map((x) => x.hrefs[0])).size).toBe(3);

    const path = (url: string) => url.slice(SITE.length);
    const [first, second] = tracked as [(typeof tracked)[number], (typeof tracked)[number]];
    // One message opened; two links clicked in another (one of them twice).
    expect((await t.app.inject({ method: 'GET', url: path(first.pixel!) })).statusCode).toBe(200);
    const clicks = second.hrefs.filter((h) => h.startsWith(`${SITE}/c/`));
    const tour = await t.app.inject({ method: 'GET', url: path(clicks[0]!) });
    expect(tour.statusCode).toBe(302);
    expect(tour.headers.location).toBe('https://www.example.org/tour?day=sat&time=10');
    await t.app.inject({ method: 'GET', url: path(clicks[0]!) });
    expect((await t.app.inject({ method: 'GET', url: path(clicks[1]!) })).headers.location).toBe(
      'https://www.example.org/apply',
    );
    // A tampered link is refused.
    const tampered = `${clicks[1]!.slice(0, -8)}${clicks[1]!.slice(-8).split('').reverse().join('')}`;
    const refused = await t.app.inject({ method: 'GET', url: path(tampered) });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers.location).toBeUndefined();

    const { stats } = (await call('GET', `/api/campaigns/${campaign.id}/stats`)).json();
    expect(stats).toMatchObject({ sent: 3, opens: 1, clicks: 2, open_rate: 1 / 3, click_rate: 1 / 3 });

    const history = (await call('GET', '/api/campaigns/history?search=tour%20week')).json();
    expect(history.total).toBe(1);
    expect(history.campaigns[0]).toMatchObject({
      id: campaign.id,
      segments: ['Tour families'],
      recipients: 3,
      opens: 1,
      clicks: 2,
    });
    const csv = await call('GET', '/api/campaigns/history/export?search=tour%20week');
    const [, row] = csv.body.trim().split('\n');
    expect(row).toMatch(
      /^Tour week,Come to our open day,\d{4}-\d{2}-\d{2} \d{2}:\d{2},Tour families,3,1,2,33\.3%,33\.3%$/,
    );
  });

  it('counts a hard bounce and an unsubscribe through the campaign’s link, once each', async () => {
    const segment = await makeSegment(t, token, 'Bounce families');
    const [gone, leaving, staying] = (await leadsIn(t, token, [segment], 3)) as [string, string, string];
    await setEmail(t, gone, 'gone@example.com');
    const campaign = await createCampaign(t, token, campaignPayload(segment, { name: 'Bounce week' }));
    expect((await call('POST', `/api/campaigns/${campaign.id}/approve`, {})).statusCode).toBe(200);
    expect((await call('POST', `/api/campaigns/${campaign.id}/publish`)).statusCode).toBe(200);
    expect((await call('POST', `/api/campaigns/${campaign.id}/send`, {})).statusCode).toBe(202);
    await until(
      async () => (await call('GET', `/api/campaigns/${campaign.id}/delivery`)).json().delivery?.status,
      (s) => s === 'completed',
    );
    const messages = sink.messages.filter((m) => m.messageId.includes(campaign.id));
    expect(messages).toHaveLength(2);
    const ofLeaving = messages.find((m) => m.messageId.includes(leaving))!;
    expect(messages.some((m) => m.messageId.includes(staying))).toBe(true);
    const unsubscribe = ofLeaving.listUnsubscribe!.replace(/^<|>$/g, '').slice(SITE.length);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: unsubscribe,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(200);
    }
    const { stats } = (await call('GET', `/api/campaigns/${campaign.id}/stats`)).json();
    expect(stats).toMatchObject({ sent: 2, bounced: 1, unsubscribed: 1, opens: 0, clicks: 0 });
  });
});
