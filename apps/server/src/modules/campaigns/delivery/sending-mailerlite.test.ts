import { DELIVERY_MESSAGES } from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMailerLite, type FakeMailerLite } from '../../../providers/mailerlite/fake-mailerlite';
import { loadKeys } from '../../../security/keys';
import { bearer, createTestApp, loginToken, type TestApp } from '../../../test/test-app';
import { campaignPayload, createCampaign, leadsIn, makeSegment } from '../campaign-test-helpers';
import { createUnsubscribeLinks } from '../unsubscribe/unsubscribe-links';

// With MAILERLITE_API_KEY the campaigns module publishes, schedules and sends through MailerLite
// (delivery/mailerlite-delivery.ts) instead of the built-in sender: the wiring, over HTTP.

const API_KEY = 'test-mailerlite-key-0123456789';
let fake: FakeMailerLite;
let t: TestApp;
let token: string;

beforeAll(async () => {
  fake = await startFakeMailerLite({ apiKey: API_KEY });
  t = await createTestApp({
    MAILERLITE_API_KEY: API_KEY,
    MAILERLITE_API_URL: fake.url,
    EMAIL_FROM: 'Lantern Academy <admissions@school.example>',
  });
  token = await loginToken(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

async function published() {
  const segment = await makeSegment(t, token, `ML ${Math.random().toString(36).slice(2, 8)}`);
  const leads = await leadsIn(t, token, [segment], 2);
  const campaign = await createCampaign(t, token, campaignPayload(segment));
  expect((await call('POST', `/api/campaigns/${campaign.id}/approve`, {})).statusCode).toBe(200);
  const publish = await call('POST', `/api/campaigns/${campaign.id}/publish`);
  expect(publish.statusCode, publish.body).toBe(200);
  return Object.assign(campaign.id, { leads }) as string & { leads: string[] };
}

describe('campaigns through MailerLite', () => {
  it('publishes to MailerLite, schedules there, and sends now there', async () => {
    const scheduled = await published();
    expect(fake.state.campaigns).toHaveLength(1);
    const at = new Date(Date.now() + 86_400_000);
    const res = await call('POST', `/api/campaigns/${scheduled}/schedule`, {
      scheduled_for: at.toISOString(),
      time_zone: 'Europe/London',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().campaign.publish_status).toBe('scheduled');
    expect(fake.state.campaigns[0]!.delivery).toBe('scheduled');
    expect((await call('DELETE', `/api/campaigns/${scheduled}/schedule`)).statusCode).toBe(200);

    const now = await published();
    const sent = await call('POST', `/api/campaigns/${now}/send`, {});
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().message).toBe(DELIVERY_MESSAGES.sendStarted);
    expect(sent.json().campaign).toMatchObject({
      publish_status: 'sent',
      delivery: { status: 'completed', provider: 'mailerlite' },
    });
    expect(fake.state.campaigns).toHaveLength(2);
    expect(fake.state.campaigns[1]!.delivery).toBe('instant');

    // MailerLite counts what happens to the messages it sent: its figures are the campaign's.
    fake.state.campaigns[1]!.results = {
      unique_opens_count: 1,
      unique_clicks_count: 1,
      hard_bounces_count: 1,
    };
    const stats = await call('GET', `/api/campaigns/${now}/stats`);
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().stats).toMatchObject({
      sent: 2,
      opens: 1,
      clicks: 1,
      bounced: 1,
      unsubscribed: 0,
      open_rate: 0.5,
      click_rate: 0.5,
    });
  }, 120_000);

  it('tells MailerLite when a parent unsubscribes through a Lantern link, so a campaign held there skips them', async () => {
    const campaign = await published();
    const leadId = campaign.leads[0]!;
    const lead = (await call('GET', `/api/leads/${leadId}`)).json();
    const email = String(lead.lead?.email ?? lead.email).toLowerCase();
    expect(fake.state.subscribers.get(email)?.status).toBe('active');
    const links = createUnsubscribeLinks({ key: loadKeys(t.config).unsubscribeHmac, publicUrl: 'http://x' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/u/${links.tokenFor(String(campaign), leadId)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.state.subscribers.get(email)?.status).toBe('unsubscribed');
  }, 120_000);
});
