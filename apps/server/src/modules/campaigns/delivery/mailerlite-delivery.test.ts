import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobQueue } from '../../jobs';
import { startFakeMailerLite, type FakeMailerLite } from '../../../providers/mailerlite/fake-mailerlite';
import { createMailerLiteClient } from '../../../providers/mailerlite/mailerlite-client';
import { createLead, makeLead } from '../../../test/factories';
import { bearer, createTestApp, loginToken, type TestApp } from '../../../test/test-app';
import { createSegmentsRepository } from '../../segments/segments.repository';
import { createSegmentsService } from '../../segments/segments.service';
import { DeliveryError, type CampaignDelivery, type DeliveryCampaign } from './campaign-delivery';
import { createMailerLiteDelivery, splitFrom, toMailerLiteContent, wallClock } from './mailerlite-delivery';

// The MailerLite provider against the local fake MailerLite over real HTTP, with the segments
// service (its sync and audience rule) on a real database: no network beyond 127.0.0.1.

const API_KEY = 'ml-delivery-key-7c1d9e2f4a';
const FROM = 'Lantern Admissions <admissions@lantern.example.org>';

let t: TestApp;
let token: string;
let fake: FakeMailerLite;
let waits: number[];
let from: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
});
afterAll(() => t.close());
beforeEach(async () => {
  fake = await startFakeMailerLite({ apiKey: API_KEY });
  waits = [];
  from = FROM;
});
afterEach(() => fake.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

function makeDelivery(apiKey = API_KEY): CampaignDelivery {
  const client = createMailerLiteClient({
    apiKey,
    baseUrl: fake.url,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  const segments = createSegmentsService({
    repo: createSegmentsRepository(t.database.db),
    jobs: {} as JobQueue,
    mailerlite: client,
    log: t.app.log,
    convertedConversations: async () => 0,
  });
  return createMailerLiteDelivery({
    client,
    db: t.database.db,
    segments,
    from,
    schoolName: async () => 'Lantern Academy',
    log: t.app.log,
  });
}

let segmentCount = 0;
/** A segment whose members are assigned by hand, and its leads. */
async function segmentWith(leads: Record<string, unknown>[]) {
  segmentCount += 1;
  const name = `Open day families ${segmentCount}`;
  const res = await call('POST', '/api/segments', {
    name,
    inclusion_rules: {
      operator: 'AND',
      conditions: [{ field: 'email', operator: 'contains', value: '@nobody.invalid' }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const segment = res.json().segment as { id: string; name: string };
  const created: { id: string; email: string }[] = [];
  for (const lead of leads) created.push(await createLead(t.app, token, makeLead(lead)));
  const assigned = await call('POST', `/api/segments/${segment.id}/assign-leads`, {
    lead_ids: created.map((l) => l.id),
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return { segment, leads: created };
}

const campaignFor = (
  segment: { id: string; name: string },
  overrides: Partial<DeliveryCampaign> = {},
): DeliveryCampaign => ({
  id: '5b0c7a52-2f4e-4c8e-9a51-0f3f2d1c9e77',
  name: 'Spring open day',
  subject: 'An invitation for {{child_name}}',
  html:
    '<html><body><p>Dear {{parent_name}},</p><p>{{ first_name }}, {{school_name}} would love to meet ' +
    '{{child_name}} ({{special_needs}}, {{timeline}}).</p><p>Sent to {{email}} in {{segment_name}}.</p></body></html>',
  text: 'Dear {{parent_name}}',
  segmentId: segment.id,
  segmentName: segment.name,
  providerCampaignId: null,
  ...overrides,
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a DeliveryError');
    },
    (error: unknown) => error,
  );

describe('publish', () => {
  it('sends the emailable audience to the group and creates the campaign with MailerLite’s tags', async () => {
    const { segment, leads } = await segmentWith([
      { email: 'olive@open.example.org', parent_name: 'Olive Kay' },
      { email: 'gone@open.example.org' },
    ]);
    await call('PUT', `/api/leads/${leads[1]!.id}`, { email_status: 'unsubscribed' });
    const delivery = makeDelivery();

    const { providerCampaignId } = await delivery.publish(campaignFor(segment));

    const group = fake.state.groups.find((g) => g.name === segment.name)!;
    expect(
      [...fake.state.subscribers.values()].filter((s) => s.groups.has(group.id)).map((s) => s.email),
    ).toEqual(['olive@open.example.org']);
    expect(fake.state.subscribers.get('olive@open.example.org')?.fields).toMatchObject({
      name: 'Olive',
      last_name: 'Kay',
    });
    expect(fake.state.campaigns).toHaveLength(1);
    const campaign = fake.state.campaigns[0]!;
    expect(providerCampaignId).toBe(campaign.id);
    expect(campaign).toMatchObject({
      name: 'Spring open day [Lantern 5b0c7a52]',
      type: 'regular',
      status: 'draft',
      groups: [group.id],
    });
    expect(campaign.emails).toEqual([
      {
        subject: 'An invitation for {$child_name}',
        from_name: 'Lantern Admissions',
        from: 'admissions@lantern.example.org',
        content:
          '<html><body><p>Dear {$name} {$last_name},</p><p>{$name}, Lantern Academy would love to meet ' +
          `{$child_name} ({$special_needs}, {$timeline}).</p><p>Sent to {$email} in ${segment.name}.</p>` +
          '<p style="font-size:12px;color:#6b7280;margin-top:24px">Would you rather not hear from us? ' +
          '<a href="{$unsubscribe}">Unsubscribe</a> at any time.</p></body></html>',
      },
    ]);
  });

  it('takes out of the group a parent who unsubscribed here after an earlier sync', async () => {
    const { segment, leads } = await segmentWith([
      { email: 'stay@prune.example.org' },
      { email: 'stop@prune.example.org' },
    ]);
    const delivery = makeDelivery();
    const first = await delivery.publish(campaignFor(segment));
    const group = fake.state.groups.find((g) => g.name === segment.name)!;
    expect(fake.state.subscribers.get('stop@prune.example.org')?.groups.has(group.id)).toBe(true);

    await call('PUT', `/api/leads/${leads[1]!.id}`, { email_status: 'unsubscribed' });
    const again = await delivery.publish(
      campaignFor(segment, { providerCampaignId: first.providerCampaignId }),
    );

    expect(again.providerCampaignId).toBe(first.providerCampaignId);
    expect(fake.state.campaigns).toHaveLength(1);
    expect(fake.state.subscribers.get('stop@prune.example.org')?.groups.has(group.id)).toBe(false);
    expect(fake.state.subscribers.get('stay@prune.example.org')?.groups.has(group.id)).toBe(true);
  });

  it('keeps an unsubscribe link the content already has, and finds the draft again after a lost answer', async () => {
    const { segment } = await segmentWith([{ email: 'a@keep.example.org' }]);
    fake.failNext(1, 502, { request: 'POST /api/campaigns', afterApplying: true });
    const html = '<p>Hi {{name}}</p><p><a href="{{unsubscribe}}">Stop these emails</a></p>';

    await makeDelivery().publish(campaignFor(segment, { html }));

    expect(fake.state.campaigns).toHaveLength(1);
    expect(fake.state.campaigns[0]!.emails[0]!.content).toBe(
      '<p>Hi {$name} {$last_name}</p><p><a href="{$unsubscribe}">Stop these emails</a></p>',
    );
  });

  it('surfaces MailerLite’s own 422 reason as the DeliveryError message', async () => {
    const { segment } = await segmentWith([{ email: 'a@refused.example.org' }]);
    from = 'Admissions <admissions@localhost>';

    const error = await failureOf(makeDelivery().publish(campaignFor(segment)));

    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({
      message: 'The emails.0.from must be a valid email address.',
      isTransient: false,
    });
  });

  it('refuses a placeholder MailerLite cannot fill instead of sending a blank', async () => {
    const { segment } = await segmentWith([{ email: 'a@age.example.org' }]);
    const html = '<p>{{child_name}} is {{child_age}}; {{mystery}}</p>';

    const error = await failureOf(makeDelivery().publish(campaignFor(segment, { html })));

    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as Error).message).toBe(
      'MailerLite has no value for {{child_age}}, {{mystery}}; remove them from the content',
    );
    // Checked before anything goes to MailerLite: no sync, no campaign.
    expect(fake.requests).toEqual([]);
  });

  it('refuses a segment with nobody who may be emailed', async () => {
    const { segment, leads } = await segmentWith([{ email: 'only@empty.example.org' }]);
    await call('PUT', `/api/leads/${leads[0]!.id}`, { email_status: 'bounced' });

    const error = await failureOf(makeDelivery().publish(campaignFor(segment)));

    expect(error).toMatchObject({ message: 'The segment has no families who can be emailed' });
    expect(fake.state.campaigns).toEqual([]);
  });

  it('waits out a 429 with Retry-After and carries on', async () => {
    const { segment } = await segmentWith([{ email: 'a@busy.example.org' }]);
    fake.rateLimitNext(2, 3);

    const { providerCampaignId } = await makeDelivery().publish(campaignFor(segment));

    expect(providerCampaignId).toBe(fake.state.campaigns[0]?.id);
    // Each 429 is waited out for as long as it asks, then the request is made again.
    expect(waits).toEqual([3000, 3000]);
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path === '/api/groups')).toHaveLength(4);
  });

  it('says the key was refused without ever showing it', async () => {
    const { segment } = await segmentWith([{ email: 'a@key.example.org' }]);
    const wrongKey = 'ml-wrong-key-9999999999';

    const error = await failureOf(makeDelivery(wrongKey).publish(campaignFor(segment)));

    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as Error).message).toBe('Failed to sync to MailerLite: MailerLite rejected the API key');
    expect(JSON.stringify(error) + String((error as Error).stack)).not.toContain(wrongKey);
  });
});

describe('schedule, send now and cancel', () => {
  async function published(email: string) {
    const { segment, leads } = await segmentWith([{ email }]);
    const delivery = makeDelivery();
    const { providerCampaignId } = await delivery.publish(campaignFor(segment));
    return { delivery, campaign: campaignFor(segment, { providerCampaignId }), leads };
  }
  const scheduleBodies = () =>
    fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/schedule')).map((r) => r.body);

  it('schedules at the wall-clock time of the chosen zone, summer and winter alike', async () => {
    const { delivery, campaign } = await published('a@ny.example.org');

    await delivery.schedule(campaign, new Date('2099-07-15T13:30:00Z'), 'America/New_York');
    expect(fake.state.campaigns[0]).toMatchObject({
      status: 'ready',
      scheduled_for: '2099-07-15T13:30:00.000Z',
    });
    // A reschedule: the standing schedule is cancelled first, then the new one set.
    await delivery.schedule(campaign, new Date('2099-01-15T14:30:00Z'), 'America/New_York');
    expect(fake.state.campaigns[0]).toMatchObject({
      status: 'ready',
      scheduled_for: '2099-01-15T14:30:00.000Z',
    });
    expect(scheduleBodies()).toEqual([
      {
        delivery: 'scheduled',
        schedule: { date: '2099-07-15', hours: '09', minutes: '30', timezone_id: 142 },
      },
      {
        delivery: 'scheduled',
        schedule: { date: '2099-01-15', hours: '09', minutes: '30', timezone_id: 142 },
      },
    ]);
    expect(fake.requests.filter((r) => r.path.endsWith('/cancel'))).toHaveLength(1);
  });

  it('crosses the date line of the zone: 23:15 in Los Angeles is the next day in UTC', async () => {
    const { delivery, campaign } = await published('a@la.example.org');

    await delivery.schedule(campaign, new Date('2099-03-02T07:15:00Z'), 'America/Los_Angeles');

    expect(scheduleBodies()).toEqual([
      {
        delivery: 'scheduled',
        schedule: { date: '2099-03-01', hours: '23', minutes: '15', timezone_id: 152 },
      },
    ]);
    expect(fake.state.campaigns[0]?.scheduled_for).toBe('2099-03-02T07:15:00.000Z');
  });

  it('schedules the same instant in UTC when MailerLite lacks the zone, and refuses a zone that is none', async () => {
    const { delivery, campaign } = await published('a@tokyo.example.org');

    await delivery.schedule(campaign, new Date('2099-05-01T00:00:00Z'), 'Asia/Tokyo');
    expect(scheduleBodies()).toEqual([
      { delivery: 'scheduled', schedule: { date: '2099-05-01', hours: '00', minutes: '00', timezone_id: 1 } },
    ]);

    const error = await failureOf(
      delivery.schedule(campaign, new Date('2099-05-01T00:00:00Z'), 'Mars/Olympus'),
    );
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ message: 'Unknown time zone "Mars/Olympus"', isTransient: false });
  });

  it('surfaces MailerLite’s refusal of a time already past', async () => {
    const { delivery, campaign } = await published('a@past.example.org');

    const error = await failureOf(
      delivery.schedule(campaign, new Date('2001-01-01T09:00:00Z'), 'Europe/London'),
    );

    expect(error).toMatchObject({ message: 'The schedule time must be in the future.' });
  });

  it('cancels a schedule back to draft, and cancelling again is harmless', async () => {
    const { delivery, campaign } = await published('a@cancel.example.org');
    await delivery.schedule(campaign, new Date('2099-07-15T13:30:00Z'), 'Europe/London');

    await delivery.cancelSchedule(campaign);
    await delivery.cancelSchedule(campaign);

    expect(fake.state.campaigns[0]).toMatchObject({ status: 'draft', scheduled_for: null });
    expect(fake.requests.filter((r) => r.path.endsWith('/cancel'))).toHaveLength(1);
    expect(fake.runScheduled(Date.parse('2100-01-01'))).toEqual([]);
  });

  it('sends now, leaving out a parent who unsubscribed since publishing, and never twice', async () => {
    const { segment, leads } = await segmentWith([
      { email: 'yes@now.example.org' },
      { email: 'no@now.example.org' },
    ]);
    const delivery = makeDelivery();
    const { providerCampaignId } = await delivery.publish(campaignFor(segment));
    const campaign = campaignFor(segment, { providerCampaignId });
    await call('PUT', `/api/leads/${leads[1]!.id}`, { email_status: 'unsubscribed' });

    await delivery.sendNow(campaign);

    expect(fake.state.campaigns[0]).toMatchObject({ status: 'sent', sentTo: ['yes@now.example.org'] });
    expect(scheduleBodies()).toEqual([{ delivery: 'instant' }]);
    const again = await failureOf(delivery.sendNow(campaign));
    expect(again).toMatchObject({ message: 'MailerLite has already sent this campaign' });
    expect(await failureOf(delivery.cancelSchedule(campaign))).toMatchObject({
      message: 'MailerLite has already sent this campaign',
    });
  });

  it('asks for a publish first when the campaign is not on MailerLite', async () => {
    const { segment } = await segmentWith([{ email: 'a@unpublished.example.org' }]);
    const delivery = makeDelivery();

    expect(await failureOf(delivery.sendNow(campaignFor(segment)))).toMatchObject({
      message: 'The campaign has not been published to MailerLite',
    });
    expect(
      await failureOf(delivery.sendNow(campaignFor(segment, { providerCampaignId: '999999' }))),
    ).toMatchObject({ message: 'MailerLite no longer has this campaign; publish it again' });
  });
});

describe('conversions', () => {
  it('splits EMAIL_FROM into MailerLite’s from_name and from', () => {
    expect(splitFrom('Admissions <admissions@school.org>', 'School')).toEqual({
      fromName: 'Admissions',
      from: 'admissions@school.org',
    });
    expect(splitFrom('"Lantern, Admissions" <a@school.org>', 'School')).toEqual({
      fromName: 'Lantern, Admissions',
      from: 'a@school.org',
    });
    expect(splitFrom('a@school.org', 'School')).toEqual({ fromName: 'School', from: 'a@school.org' });
  });

  it('writes campaign-wide values escaped in HTML and drops malformed placeholders', () => {
    expect(
      toMailerLiteContent(
        '<b>{{school_name}}</b>{{ 9bad }}{$child_name}',
        { school_name: 'A & B <C>' },
        'html',
      ),
    ).toEqual({
      content: '<b>A &#38; B &#60;C&#62;</b>{$child_name}',
      unsupported: [],
    });
  });

  it('rounds a time inside a minute up, never sending early', () => {
    expect(wallClock(new Date('2099-07-15T13:30:20Z'), 'Europe/London')).toEqual({
      date: '2099-07-15',
      hours: '14',
      minutes: '31',
    });
  });
});
