import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadKeys } from '../../../security/keys';
import { bearer, createTestApp, loginToken, queryRows, type TestApp } from '../../../test/test-app';
import { campaignPayload, createCampaign, makeSegment } from '../campaign-test-helpers';
import { createCampaignResults } from './campaign-stats';
import { createCampaignTracking, createTrackingTokens, type CampaignTracking } from './link-tracking';
import { PIXEL_GIF } from './tracking.routes';

// Click and open tracking, stats, the History tab and its CSV (issue 24), through HTTP.

const SITE = 'https://school.example';
const ZONE = 'America/New_York';
let t: TestApp;
let token: string;
let segmentId: string;
let tracking: CampaignTracking;

const lead = () => crypto.randomUUID();
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const admin = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const pathOf = (href: string) => href.slice(SITE.length);
/** Clicks and opens are written in batches; reading stats or the History tab writes them first. */
const settle = () => admin('GET', '/api/campaigns/history?limit=1');

async function newCampaign(name = 'Open day', extra: Record<string, unknown> = {}): Promise<string> {
  return (await createCampaign(t, token, campaignPayload(segmentId, { name, ...extra }))).id;
}

/** Marks a campaign sent as the send engine does: sent_at and the delivery's counters. */
async function markSent(id: string, sentAt: string, sent: number) {
  await queryRows(
    t.database,
    sql`update campaigns set publish_status = 'sent', delivery_status = 'completed', sent_at = ${sentAt}::timestamptz,
      recipients_total = ${sent}, recipients_sent = ${sent} where id = ${id}::uuid returning id`,
  );
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);

const HTML = `<html><body>
<p><a href="https://www.example.org/tour?day=1&amp;time=2">Book a tour</a></p>
<p><a class="btn" href='https://www.example.org/apply'>Apply</a> <a href=https://www.example.org/tour?day=1&amp;time=2>again</a></p>
<p><a href="mailto:office@school.example">Email us</a> <a href="tel:+15550100">Call</a> <a href="#top">Top</a>
<a href="/relative">Relative</a> <a href="javascript:alert(1)">x</a></p>
<p><a href="https://www.example.org/me?e={{email}}">Personal</a></p>
<p><a href="${SITE}/u/UNSUBSCRIBE-TOKEN">Unsubscribe</a></p>
</body></html>`;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: SITE, SCHOOL_TIME_ZONE: ZONE });
  token = await loginToken(t.app);
  segmentId = await makeSegment(t, token, 'Prospective families');
  tracking = createCampaignTracking({
    db: t.database.db,
    key: loadKeys(t.config).trackingHmac,
    publicUrl: SITE,
    openTrackingEnabled: () => createCampaignResults({ db: t.database.db }).openTrackingEnabled(),
  });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await admin('PUT', '/api/campaigns/tracking-settings', { open_tracking_enabled: true });
});

describe('links in each message', () => {
  it('rewrites only the campaign’s own http(s) links and adds the pixel before </body>', async () => {
    const id = await newCampaign();
    const forLead = await tracking.prepare(id, HTML);
    const leadId = lead();
    const out = forLead(HTML, leadId);
    const links = hrefs(out);
    // Both spellings of the tour link are one link (index 0); apply is index 1.
    expect(links[0]).toMatch(new RegExp(`^${SITE}/c/[A-Za-z0-9_-]{62}$`));
    expect(links[2]).toBe(links[0]);
    expect(links[1]).toMatch(new RegExp(`^${SITE}/c/`));
    expect(links[1]).not.toBe(links[0]);
    expect(links.slice(3)).toEqual([
      'mailto:office@school.example',
      'tel:+15550100',
      '#top',
      '/relative',
      'javascript:alert(1)',
      'https://www.example.org/me?e={{email}}',
      `${SITE}/u/UNSUBSCRIBE-TOKEN`,
    ]);
    expect(out).toContain('class="btn" href="https://school.example/c/');
    expect(out).toMatch(
      new RegExp(
        `<img src="${SITE}/o/[A-Za-z0-9_-]{59}" width="1" height="1" alt="" style="display:block;border:0"></body></html>$`,
      ),
    );
    const stored = await queryRows(
      t.database,
      sql`select idx, url from campaign_links where campaign_id = ${id} order by idx`,
    );
    expect(stored).toEqual([
      { idx: 0, url: 'https://www.example.org/tour?day=1&time=2' },
      { idx: 1, url: 'https://www.example.org/apply' },
    ]);
    // The redirects go to those links.
    expect((await get(pathOf(links[0]!))).headers.location).toBe('https://www.example.org/tour?day=1&time=2');
    expect((await get(pathOf(links[1]!))).headers.location).toBe('https://www.example.org/apply');
  });

  it('gives the same indexes to the same HTML on every instance and after a restart', async () => {
    const id = await newCampaign();
    const [a, b] = await Promise.all([tracking.prepare(id, HTML), tracking.prepare(id, HTML)]);
    const leadId = lead();
    expect(a(HTML, leadId)).toBe(b(HTML, leadId));
    const again = await tracking.prepare(id, HTML);
    expect(again(HTML, leadId)).toBe(a(HTML, leadId));
    const [{ n }] = (await queryRows(
      t.database,
      sql`select count(*)::int as n from campaign_links where campaign_id = ${id}`,
    )) as [{ n: number }];
    expect(n).toBe(2);
    // Content with a new link keeps the old indexes and adds the new one after them.
    const more = `${HTML}<a href="https://www.example.org/new">new</a>`;
    await tracking.prepare(id, more);
    const urls = await queryRows(
      t.database,
      sql`select idx, url from campaign_links where campaign_id = ${id} order by idx`,
    );
    expect(urls.map((r) => r.url)).toEqual([
      'https://www.example.org/tour?day=1&time=2',
      'https://www.example.org/apply',
      'https://www.example.org/new',
    ]);
  });

  it('adds no pixel when the school has turned open tracking off', async () => {
    const put = await admin('PUT', '/api/campaigns/tracking-settings', { open_tracking_enabled: false });
    expect(put.json()).toEqual({ settings: { open_tracking_enabled: false } });
    const audited = await queryRows(
      t.database,
      sql`select details from audit_events where action = 'campaign.tracking_settings_changed' and actor_id is not null
        order by created_at desc limit 1`,
    );
    expect(audited).toEqual([{ details: { open_tracking_enabled: false } }]);
    expect((await admin('GET', '/api/campaigns/tracking-settings')).json()).toEqual({
      settings: { open_tracking_enabled: false },
    });
    const id = await newCampaign();
    const plain = '<p><a href="https://www.example.org/a">a</a></p>';
    const out = (await tracking.prepare(id, plain))(plain, lead());
    expect(out).not.toContain('/o/');
    expect(out).toMatch(/^<p><a href="https:\/\/school\.example\/c\/[A-Za-z0-9_-]{62}">a<\/a><\/p>$/);
    expect(
      (await admin('PUT', '/api/campaigns/tracking-settings', { open_tracking_enabled: 'no' })).statusCode,
    ).toBe(400);
  });
});

describe('the click link', () => {
  it('refuses a tampered, foreign or unknown link with a plain page and never redirects', async () => {
    const id = await newCampaign();
    const other = await newCampaign('Other');
    await tracking.prepare(id, '<a href="https://www.example.org/a">a</a>');
    const key = loadKeys(t.config).trackingHmac;
    const tokens = createTrackingTokens(key);
    const leadId = lead();
    const good = tokens.clickToken(id, leadId, 0);
    expect((await get(`/c/${good}`)).statusCode).toBe(302);
    const flipped = `${good.slice(0, 10)}${good[10] === 'A' ? 'B' : 'A'}${good.slice(11)}`;
    const bad = [
      flipped,
      `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`,
      tokens.clickToken(id, leadId, 7), // signed, but the campaign has no link 7
      tokens.clickToken(other, leadId, 0), // signed for a campaign without links
      createTrackingTokens(crypto.randomBytes(32)).clickToken(id, leadId, 0), // another key
      tokens.openToken(id, leadId), // an open token is not a click token
      'not-a-token',
      `${good}x`,
    ];
    for (const value of bad) {
      const res = await get(`/c/${value}`);
      expect(res.statusCode, value).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('This link is not valid');
    }
    await settle();
    const clicks = await queryRows(
      t.database,
      sql`select * from campaign_clicks where campaign_id in (${id}, ${other})`,
    );
    expect(clicks).toHaveLength(1);
  });

  it('redirects without a referrer or cache, and counts each recipient’s link once', async () => {
    const id = await newCampaign();
    const html = '<a href="https://www.example.org/a">a</a><a href="https://www.example.org/b">b</a>';
    const forLead = await tracking.prepare(id, html);
    const leadId = lead();
    const [a, b] = hrefs(forLead(html, leadId)).map(pathOf) as [string, string];
    const res = await get(a);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://www.example.org/a');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    await get(a);
    await get(b);
    const stats = (await admin('GET', `/api/campaigns/${id}/stats`)).json().stats;
    expect(stats.clicks).toBe(2);
    const counters = await queryRows(
      t.database,
      sql`select clicks, clickers from campaign_stats where campaign_id = ${id}`,
    );
    expect(counters).toEqual([{ clicks: 2, clickers: 1 }]);
  });

  it.each([
    ['HEAD', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0'],
    ['GET', 'Mozilla/5.0 (compatible; BingPreview/1.0b)'],
    ['GET', 'Microsoft Office Existence Discovery'],
    ['GET', 'Barracuda Sentinel (EE)'],
    ['GET', 'Proofpoint URL Defense'],
    ['GET', 'Mimecast Link Scanner'],
    ['GET', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
    ['GET', 'facebookexternalhit/1.1'],
    ['GET', 'Mozilla/5.0 (compatible; Googlebot/2.1)'],
    ['GET', 'SomeCrawler/3.0'],
  ])('does not count a %s by %s as a person', async (method, agent) => {
    const id = await newCampaign();
    const html = '<a href="https://www.example.org/a">a</a>';
    const link = pathOf(hrefs((await tracking.prepare(id, html))(html, lead()))[0]!);
    const res = await t.app.inject({
      method: method as 'GET' | 'HEAD',
      url: link,
      headers: { 'user-agent': agent },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://www.example.org/a');
    await settle();
    expect(await queryRows(t.database, sql`select * from campaign_clicks where campaign_id = ${id}`)).toEqual(
      [],
    );
    // A person's browser afterwards is counted.
    await get(link, { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' });
    await settle();
    expect(
      await queryRows(t.database, sql`select * from campaign_clicks where campaign_id = ${id}`),
    ).toHaveLength(1);
  });
});

describe('the open pixel', () => {
  it('always answers the GIF, and counts a person’s first open once', async () => {
    const id = await newCampaign();
    const leadId = lead();
    const html = '<p>Hello</p>';
    const pixel = pathOf(/src="([^"]+)"/.exec((await tracking.prepare(id, html))(html, leadId))![1]!);
    for (const url of [pixel, `${pixel}.gif`, '/o/garbage', `/o/${'A'.repeat(59)}`, pixel]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.equals(PIXEL_GIF)).toBe(true);
    }
    const head = await t.app.inject({ method: 'HEAD', url: pixel });
    expect(head.statusCode).toBe(200);
    expect((await admin('GET', `/api/campaigns/${id}/stats`)).json().stats.opens).toBe(1);
    // Another recipient's HEAD (a prefetch) is not an open; their GET is.
    const second = pathOf(/src="([^"]+)"/.exec((await tracking.prepare(id, html))(html, lead()))![1]!);
    await t.app.inject({ method: 'HEAD', url: second });
    expect((await admin('GET', `/api/campaigns/${id}/stats`)).json().stats.opens).toBe(1);
    // Gmail loads images through its proxy when a person opens the message: that is an open.
    await get(second, {
      'user-agent':
        'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
    });
    expect((await admin('GET', `/api/campaigns/${id}/stats`)).json().stats.opens).toBe(2);
    // A link scanner fetching the pixel is not.
    const third = pathOf(/src="([^"]+)"/.exec((await tracking.prepare(id, html))(html, lead()))![1]!);
    await get(third, { 'user-agent': 'Barracuda Sentinel (EE)' });
    expect((await admin('GET', `/api/campaigns/${id}/stats`)).json().stats.opens).toBe(2);
  });

  it('counts no opens while open tracking is off', async () => {
    const id = await newCampaign();
    const html = '<p>Hello</p>';
    const pixel = pathOf(/src="([^"]+)"/.exec((await tracking.prepare(id, html))(html, lead()))![1]!);
    await admin('PUT', '/api/campaigns/tracking-settings', { open_tracking_enabled: false });
    const res = await get(pixel);
    expect(res.headers['content-type']).toBe('image/gif');
    const stats = (await admin('GET', `/api/campaigns/${id}/stats`)).json().stats;
    expect(stats.opens).toBe(0);
    expect(stats.open_tracking).toBe(false);
  });
});

describe('stats', () => {
  it('answers the figures with rates as fractions of sent', async () => {
    const id = await newCampaign();
    const empty = (await admin('GET', `/api/campaigns/${id}/stats`)).json();
    expect(empty).toEqual({
      stats: {
        sent: 0,
        opens: 0,
        clicks: 0,
        bounced: 0,
        unsubscribed: 0,
        open_rate: 0,
        click_rate: 0,
        open_tracking: true,
        opens_are_estimates: true,
      },
    });
    const html = '<a href="https://www.example.org/a">a</a><a href="https://www.example.org/b">b</a>';
    const forLead = await tracking.prepare(id, html);
    const [l1, l2, l3] = [lead(), lead(), lead()];
    await markSent(id, '2026-05-01T12:00:00Z', 3);
    const m1 = forLead(html, l1);
    await get(pathOf(/src="([^"]+)"/.exec(m1)![1]!));
    for (const link of hrefs(m1)) await get(pathOf(link));
    const results = createCampaignResults({ db: t.database.db });
    expect(await results.recordOutcome(id, l2, 'bounce')).toBe(true);
    expect(await results.recordOutcome(id, l2, 'bounce')).toBe(false);
    expect(await results.recordOutcome(id, l3, 'unsubscribe')).toBe(true);
    expect(await results.recordOutcome(id, l3, 'unsubscribe')).toBe(false);
    expect(await results.recordOutcome(crypto.randomUUID(), l3, 'unsubscribe')).toBe(false);
    const { stats } = (await admin('GET', `/api/campaigns/${id}/stats`)).json();
    expect(stats).toEqual({
      sent: 3,
      opens: 1,
      clicks: 2,
      bounced: 1,
      unsubscribed: 1,
      open_rate: 1 / 3,
      click_rate: 1 / 3,
      open_tracking: true,
      opens_are_estimates: true,
    });
    expect((await admin('GET', `/api/campaigns/${crypto.randomUUID()}/stats`)).statusCode).toBe(404);
    expect((await admin('GET', '/api/campaigns/nope/stats')).statusCode).toBe(400);
  });

  it('takes the provider’s figures for a campaign MailerLite sent', async () => {
    const id = await newCampaign();
    await queryRows(
      t.database,
      sql`update campaigns set delivery_provider = 'mailerlite', provider_campaign_id = 'ml-1', recipients_sent = 1 where id = ${id}::uuid returning id`,
    );
    const asked: string[] = [];
    const results = createCampaignResults({
      db: t.database.db,
      providerStats: async (c) => {
        asked.push(c.providerCampaignId);
        return { sent: 200, opens: 50, clicks: 30, clickers: 20, bounced: 2, unsubscribed: 1 };
      },
    });
    const stats = await results.stats(id);
    expect(asked).toEqual(['ml-1']);
    expect(stats).toMatchObject({ sent: 200, opens: 50, clicks: 30, open_rate: 0.25, click_rate: 0.1 });
  });

  it('keeps the counters equal to the rows under concurrent clicks and opens', async () => {
    const id = await newCampaign();
    const html =
      '<a href="https://www.example.org/a">a</a><a href="https://www.example.org/b">b</a><a href="https://www.example.org/c">c</a>';
    const forLead = await tracking.prepare(id, html);
    const requests: string[] = [];
    for (let i = 0; i < 12; i++) {
      const out = forLead(html, lead());
      const links = hrefs(out).map(pathOf);
      const pixel = pathOf(/src="([^"]+)"/.exec(out)![1]!);
      // Duplicates on purpose: each link twice, the pixel three times, some recipients click nothing.
      if (i % 3 !== 0) requests.push(...links.slice(0, (i % 3) + 1), ...links.slice(0, i % 3));
      requests.push(pixel, pixel, pixel);
    }
    await Promise.all(requests.map((u) => get(u)));
    await settle();
    const [row] = await queryRows(
      t.database,
      sql`select s.opens, s.clicks, s.clickers,
        (select count(*)::int from campaign_opens where campaign_id = ${id}) as open_rows,
        (select count(*)::int from campaign_clicks where campaign_id = ${id}) as click_rows,
        (select count(distinct lead_id)::int from campaign_clicks where campaign_id = ${id}) as clicker_rows
      from campaign_stats s where s.campaign_id = ${id}`,
    );
    expect(row).toEqual({
      opens: 12,
      clicks: 20,
      clickers: 8,
      open_rows: 12,
      click_rows: 20,
      clicker_rows: 8,
    });
  });
});

describe('history', () => {
  let ids: Record<string, string>;
  let otherSegment: string;
  beforeAll(async () => {
    await queryRows(
      t.database,
      sql`update campaigns set sent_at = null where sent_at is not null returning id`,
    );
    otherSegment = await makeSegment(t, token, 'Current families');
    ids = {
      // 2026-03-09 23:59:59.999 in New York (EDT, UTC-4): the last instant of the 9th there.
      late: await newCampaign('Late night news', { subject: 'Evening' }),
      // 2026-03-10 00:00 in New York.
      midnight: await newCampaign('=HYPERLINK("http://evil.example","Open")', {
        subject: '+Subject, "quoted"',
      }),
      other: await newCampaign('Spring fair', { segment_id: otherSegment, subject: 'Fair' }),
      draft: await newCampaign('Never sent'),
    };
    await markSent(ids.late!, '2026-03-10T03:59:59.999Z', 3);
    await markSent(ids.midnight!, '2026-03-10T04:00:00.000Z', 3);
    await markSent(ids.other!, '2026-04-01T15:30:00Z', 0);
    const html = '<a href="https://www.example.org/a">a</a><a href="https://www.example.org/b">b</a>';
    const forLead = await tracking.prepare(ids.midnight!, html);
    const one = forLead(html, lead());
    await get(pathOf(/src="([^"]+)"/.exec(one)![1]!));
    for (const link of hrefs(one)) await get(pathOf(link));
  });

  const list = async (query: string) => {
    const res = await admin('GET', `/api/campaigns/history${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { campaigns: { id: string; [k: string]: unknown }[]; total: number };
  };

  it('lists sent campaigns newest first with their figures', async () => {
    const all = await list('');
    expect(all.total).toBe(3);
    expect(all.campaigns.map((c) => c.id)).toEqual([ids.other, ids.midnight, ids.late]);
    expect(all.campaigns[1]).toEqual({
      id: ids.midnight,
      name: '=HYPERLINK("http://evil.example","Open")',
      subject: '+Subject, "quoted"',
      sent_at: '2026-03-10T04:00:00.000Z',
      segments: ['Prospective families'],
      recipients: 3,
      opens: 1,
      clicks: 2,
      open_rate: 1 / 3,
      click_rate: 1 / 3,
    });
    expect(all.campaigns[0]).toMatchObject({
      segments: ['Current families'],
      recipients: 0,
      open_rate: 0,
      click_rate: 0,
    });
    const paged = await list('?limit=1&offset=1');
    expect(paged).toMatchObject({ total: 3, campaigns: [{ id: ids.midnight }] });
  });

  it('filters by text, segment and days in the school’s time zone, both ends inclusive', async () => {
    expect((await list('?search=late%20NIGHT')).campaigns.map((c) => c.id)).toEqual([ids.late]);
    expect((await list('?search=fair')).campaigns.map((c) => c.id)).toEqual([ids.other]);
    expect((await list('?search=%25')).total).toBe(0);
    expect((await list(`?segment_id=${otherSegment}`)).campaigns.map((c) => c.id)).toEqual([ids.other]);
    expect((await list('?end_date=2026-03-09')).campaigns.map((c) => c.id)).toEqual([ids.late]);
    expect((await list('?start_date=2026-03-10')).campaigns.map((c) => c.id)).toEqual([
      ids.other,
      ids.midnight,
    ]);
    expect((await list('?start_date=2026-03-09&end_date=2026-03-09')).campaigns.map((c) => c.id)).toEqual([
      ids.late,
    ]);
    expect((await list('?start_date=2026-03-10&end_date=2026-03-10')).campaigns.map((c) => c.id)).toEqual([
      ids.midnight,
    ]);
    expect((await list('?start_date=2026-04-01&end_date=2026-04-01&search=&segment_id=')).total).toBe(1);
    expect((await list('?start_date=2026-04-02')).campaigns).toEqual([]);
  });

  it.each([
    ['?start_date=2026-02-30', 'Dates must be real days written as YYYY-MM-DD'],
    ['?end_date=03/09/2026', 'Dates must be real days written as YYYY-MM-DD'],
    ['?start_date=2026-03-10&end_date=2026-03-09', 'The start date must be on or before the end date'],
    ['?segment_id=abc', 'Segment must be a valid id'],
    ['?limit=0', ''],
  ])('refuses %s with a clear 400', async (query, message) => {
    for (const path of ['/api/campaigns/history', '/api/campaigns/history/export']) {
      const res = await admin('GET', `${path}${query}`);
      expect(res.statusCode).toBe(400);
      if (message) expect(res.json().error).toContain(message);
    }
  });

  it('exports the CSV with the spec’s columns, rates in percent and neutralised cells', async () => {
    const res = await admin('GET', '/api/campaigns/history/export?end_date=2026-03-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="campaign-history-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(res.body.split('\n')).toEqual([
      'Campaign Name,Subject,Sent Date,Segments,Recipients,Opens,Clicks,Open Rate,Click Rate',
      `"'=HYPERLINK(""http://evil.example"",""Open"")","'+Subject, ""quoted""",2026-03-10 00:00,Prospective families,3,1,2,33.3%,33.3%`,
      'Late night news,Evening,2026-03-09 23:59,Prospective families,3,0,0,0.0%,0.0%',
      '',
    ]);
  });
});
