import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLead, makeLead } from '../../test/factories';
import { multipart, SAMPLE_FILES } from '../../test/multipart';
import {
  bearer,
  createTestApp,
  DEFAULT_ADMIN,
  freshAddress,
  loginToken,
  queryRows,
  type TestApp,
} from '../../test/test-app';
import { countChatAnalyticsData, deleteChatAnalyticsData } from '../chat';
import { countAllLeads, deleteAllLeads } from '../leads';
import { countDownloadRecords, deleteDownloadRecords } from '../resources';
import { clearAnalytics, type ClearAnalyticsDeps } from './clear-analytics';

let t: TestApp;
let token: string;
let segmentId: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
  const segment = await t.app.inject({
    method: 'POST',
    url: '/api/segments',
    headers: bearer(token),
    payload: {
      name: 'Urgent families',
      inclusion_rules: {
        operator: 'AND',
        conditions: [{ field: 'timeline', operator: 'equals', value: 'Immediately' }],
      },
    },
  });
  segmentId = segment.json().segment.id;
});
afterAll(() => t.close());

const preview = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/admin/clear-analytics/preview',
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const clear = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/clear-analytics',
    headers: bearer(token),
    payload,
    remoteAddress: freshAddress(),
  });

/** Visitors with conversations (through the widget's own calls), leads, a resource, its links and downloads. */
async function seed(options: { visitors: number; leads: number; downloads: number }) {
  for (let i = 0; i < options.visitors; i++) {
    const visit = await t.app.inject({ method: 'POST', url: '/widget/visits', payload: {} });
    const { visitor_id } = visit.json();
    const conversation = await t.app.inject({
      method: 'POST',
      url: '/widget/conversations',
      payload: { visitor_id },
    });
    expect(conversation.statusCode, conversation.body).toBeLessThan(300);
  }
  for (let i = 0; i < options.leads; i++) await createLead(t.app, token, makeLead());
  const body = multipart(
    { title: 'Starter guide', description: 'First weeks', require_email: 'false', segment_ids: [segmentId] },
    [{ filename: 'guide.txt', contentType: 'text/plain', content: SAMPLE_FILES.txt() }],
  );
  const resource = await t.app.inject({
    method: 'POST',
    url: '/api/resources',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(resource.statusCode, resource.body).toBe(201);
  const resourceId = resource.json().resource.id;
  for (let i = 0; i < options.downloads; i++) {
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/resources/generate-token',
      payload: { resource_id: resourceId },
    });
    expect(link.statusCode, link.body).toBe(200);
    const download = await t.app.inject({ method: 'GET', url: link.json().download_url });
    expect(download.statusCode).toBe(200);
  }
  return { resourceId };
}

const auditEvents = () =>
  queryRows(
    t.database,
    sql`select actor_id, details from audit_events where action = 'analytics.cleared' order by created_at`,
  );

describe('clearing analytics', () => {
  let resourceId: string;

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/admin/clear-analytics/preview' })).statusCode).toBe(
      401,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/clear-analytics',
      payload: { password: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('shows exactly what will go before anything is cleared (the dry run)', async () => {
    ({ resourceId } = await seed({ visitors: 3, leads: 2, downloads: 2 }));
    const dry = await preview();
    expect(dry.counts.visitors).toBeGreaterThanOrEqual(3);
    expect(dry.counts.conversations).toBeGreaterThanOrEqual(3);
    expect(dry.counts.leads).toBe(2);
    expect(dry.counts.resourceDownloads).toBe(2);
    expect(dry.counts.downloadTokens).toBe(2);
    const { visitors, conversations, resourceDownloads, downloadTokens, leads } = dry.counts;
    expect(dry.totalWithoutLeads).toBe(visitors + conversations + resourceDownloads + downloadTokens);
    expect(dry.totalWithLeads).toBe(dry.totalWithoutLeads + leads);
    expect(dry.twoFactorRequired).toBe(false);
    // The dry run removed nothing.
    expect(await preview()).toEqual(dry);
  });

  it.each([
    [{ password: 'not-the-password' }, 'The password is not correct'],
    [{ password: '' }, 'Please enter your password'],
    [{}, 'Please enter your password'],
    [{ password: DEFAULT_ADMIN.password, include_leads: 'yes' }, 'include_leads'],
  ])('refuses %s with a 400 and clears nothing', async (payload, message) => {
    const before = await preview();
    const res = await clear(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toContain(message);
    expect(await preview()).toEqual(before);
  });

  it('clears visitors, conversations, download records and tokens with the password; keeps leads and everything else', async () => {
    const settingsBefore = (
      await t.app.inject({ method: 'GET', url: '/api/widget/settings', headers: bearer(token) })
    ).json();
    const dry = await preview();
    const res = await clear({ password: DEFAULT_ADMIN.password });
    expect(res.statusCode, res.body).toBe(200);
    const expected = { ...dry.counts, leads: 0, totalCleared: dry.totalWithoutLeads };
    expect(res.json()).toEqual({
      message: `Successfully cleared ${dry.totalWithoutLeads} records!`,
      summary: expected,
    });
    const after = await preview();
    expect(after.counts).toEqual({
      visitors: 0,
      conversations: 0,
      leads: dry.counts.leads,
      resourceDownloads: 0,
      downloadTokens: 0,
    });
    // Settings, resources and leads are untouched.
    const settingsAfter = await t.app.inject({
      method: 'GET',
      url: '/api/widget/settings',
      headers: bearer(token),
    });
    expect(settingsAfter.json()).toEqual(settingsBefore);
    const resources = await t.app.inject({ method: 'GET', url: '/api/resources', headers: bearer(token) });
    const kept = resources.json().resources.find((r: { id: string }) => r.id === resourceId);
    expect(kept).toMatchObject({ title: 'Starter guide' });
    const segments = await t.app.inject({ method: 'GET', url: '/api/segments', headers: bearer(token) });
    expect(JSON.stringify(segments.json())).toContain(segmentId);
    const leads = await t.app.inject({ method: 'GET', url: '/api/leads', headers: bearer(token) });
    expect(leads.json().leads.length).toBe(dry.counts.leads);
    // Audited: who, when, the counts.
    const events = await auditEvents();
    expect(events).toHaveLength(1);
    expect(events[0]!.actor_id).toEqual(expect.any(String));
    expect(events[0]!.details).toMatchObject({
      ...expected,
      includeLeads: false,
      actorEmail: DEFAULT_ADMIN.email,
    });
    // ...and shown on the settings page's history.
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/widget/settings/history?limit=1',
      headers: bearer(token),
    });
    expect(history.json().entries[0]).toEqual({
      id: expect.any(String),
      action: 'analytics.cleared',
      at: expect.any(String),
      actor: { id: expect.any(String), email: DEFAULT_ADMIN.email },
      detail: `${expected.totalCleared} records: ${expected.visitors} visitors, ${expected.conversations} conversations, 0 leads, 2 download records, 2 download tokens`,
      fields: [],
      changes: [],
      counts: expected,
    });
  });

  it('deletes the leads too when asked', async () => {
    await seed({ visitors: 1, leads: 1, downloads: 1 });
    const dry = await preview();
    const res = await clear({ password: DEFAULT_ADMIN.password, include_leads: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toEqual({ ...dry.counts, totalCleared: dry.totalWithLeads });
    expect(res.json().summary.leads).toBeGreaterThan(0);
    expect((await preview()).counts).toEqual({
      visitors: 0,
      conversations: 0,
      leads: 0,
      resourceDownloads: 0,
      downloadTokens: 0,
    });
    expect((await auditEvents()).at(-1)!.details).toMatchObject({
      includeLeads: true,
      leads: dry.counts.leads,
    });
  });

  it('with two-factor on, also needs a current code', async () => {
    const setup = await t.app.inject({ method: 'POST', url: '/admin/2fa/setup', headers: bearer(token) });
    const secret = setup.json().secret as string;
    const code = (stepsAhead = 0) =>
      generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
    const verify = await t.app.inject({
      method: 'POST',
      url: '/admin/2fa/verify-setup',
      headers: bearer(token),
      payload: { code: await code() },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    await seed({ visitors: 1, leads: 0, downloads: 0 });
    const dry = await preview();
    expect(dry.twoFactorRequired).toBe(true);

    const noCode = await clear({ password: DEFAULT_ADMIN.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error).toBe('Please enter your current 2FA code');
    const wrongCode = await clear({ password: DEFAULT_ADMIN.password, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error).toBe('Invalid verification code');
    const wrongPassword = await clear({ password: 'wrong', code: await code(1) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toBe('The password is not correct');
    expect(await preview()).toEqual(dry);

    const ok = await clear({ password: DEFAULT_ADMIN.password, code: await code(1) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().summary.conversations).toBe(dry.counts.conversations);
  });
});

describe('one transaction', () => {
  it('clears nothing when a part fails half way', async () => {
    const local = await createTestApp();
    try {
      const visit = await local.app.inject({ method: 'POST', url: '/widget/visits', payload: {} });
      await local.app.inject({
        method: 'POST',
        url: '/widget/conversations',
        payload: { visitor_id: visit.json().visitor_id },
      });
      const db = local.database.db;
      const before = await countChatAnalyticsData(db);
      expect(before.conversations).toBeGreaterThan(0);
      const deps: ClearAnalyticsDeps = {
        db,
        parts: [
          { count: countChatAnalyticsData, clear: deleteChatAnalyticsData },
          {
            count: countDownloadRecords,
            clear: async (tx) => {
              await deleteDownloadRecords(tx);
              throw new Error('the disk is full');
            },
          },
        ],
        leads: {
          count: async (q) => ({ leads: await countAllLeads(q) }),
          clear: async (tx) => ({ leads: await deleteAllLeads(tx) }),
        },
        confirmIdentity: async () => undefined,
        twoFactorEnabled: async () => false,
      };
      await expect(
        clearAnalytics(
          deps,
          { userId: crypto.randomUUID(), ip: '127.0.0.1', sessionId: 's', email: null },
          {
            password: 'x',
            include_leads: false,
          },
        ),
      ).rejects.toThrow('the disk is full');
      expect(await countChatAnalyticsData(db)).toEqual(before);
      const audit = await queryRows(
        local.database,
        sql`select 1 from audit_events where action = 'analytics.cleared'`,
      );
      expect(audit).toHaveLength(0);
    } finally {
      await local.close();
    }
  });
});
