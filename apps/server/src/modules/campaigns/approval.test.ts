import { APPROVAL_MESSAGES, CAMPAIGN_MESSAGES } from '@lantern/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  DEFAULT_ADMIN,
  loginToken,
  queryRows,
  type TestApp,
} from '../../test/test-app';
import { hashApprovalToken } from './approval';
import { campaignPayload, createCampaign, leadsIn, makeSegment } from './campaign-test-helpers';

// Approval links through HTTP (issue 23, first slice): the link, the public preview and decision,
// their bad cases (unknown, malformed, expired, revoked, reused, raced, changed content, rate
// limit), the admin's direct approval, publishing, and the token kept out of the logs.

let t: TestApp;
let token: string;
let segment: string;
let address = 0;
/** Each public call from its own address, so one test's calls never spend another's rate limit. */
const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const publicCall = (method: 'GET' | 'POST', url: string, payload?: unknown, remoteAddress = nextAddress()) =>
  t.app.inject({
    method,
    url,
    remoteAddress,
    headers: { 'user-agent': 'ReviewerPhone/1.0' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const tokenOf = (previewUrl: string) => previewUrl.split('/preview/')[1]!;

async function newCampaign(extra: Record<string, unknown> = {}) {
  return createCampaign(t, token, campaignPayload(segment, extra));
}
async function linkFor(id: string, body: unknown = {}) {
  const res = await call('POST', `/api/campaigns/${id}/create-approval-link`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    preview_url: string;
    version_number: number;
    expires_at: string;
    campaign: Record<string, unknown>;
  };
}
const row = async (id: string) =>
  (await queryRows(t.database, sql`select * from campaigns where id = ${id}::uuid`))[0]!;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://admissions.example.org', APPROVAL_LINK_DAYS: '3' });
  token = await loginToken(t.app);
  segment = await makeSegment(t, token, 'Open day families');
  await leadsIn(t, token, [segment], 3);
});
afterAll(async () => t.close());

describe('create-approval-link', () => {
  it('answers a preview URL on the site origin, stores only the hash, and sets the campaign pending', async () => {
    const campaign = await newCampaign();
    const before = Date.now();
    const link = await linkFor(campaign.id);
    expect(link.preview_url).toMatch(/^https:\/\/admissions\.example\.org\/preview\/[A-Za-z0-9_-]{43}$/);
    expect(link.version_number).toBe(1);
    expect(link.campaign.approval_status).toBe('pending');
    expect(link.campaign.badge).toBe('Pending Approval');
    expect(link.campaign.has_approval_link).toBe(true);
    // APPROVAL_LINK_DAYS=3
    const expires = new Date(link.expires_at).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(3 * 86_400_000 - 5000);
    expect(expires - before).toBeLessThanOrEqual(3 * 86_400_000 + 5000);
    const stored = await row(campaign.id);
    const raw = tokenOf(link.preview_url);
    expect(stored.approval_token_hash).toBe(hashApprovalToken(raw));
    expect(JSON.stringify(stored)).not.toContain(raw);
    expect(Buffer.from(raw, 'base64url')).toHaveLength(32);
    // Audited, without the token.
    const audit = await queryRows(
      t.database,
      sql`select details from audit_events where action = 'campaign.approval_link_created'`,
    );
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(raw);
  });

  it('uses the chosen version, else the final version, else the current one', async () => {
    const campaign = await newCampaign();
    await call('PUT', `/api/campaigns/${campaign.id}`, { subject: 'Second subject' });
    await call('PUT', `/api/campaigns/${campaign.id}`, { subject: 'Third subject' });
    expect((await linkFor(campaign.id)).version_number).toBe(3);
    // Back to draft by hand to try again.
    await queryRows(
      t.database,
      sql`update campaigns set approval_status = 'draft', approval_token_hash = null where id = ${campaign.id}::uuid returning id`,
    );
    const res = await call('POST', `/api/campaigns/${campaign.id}/set-final-version`, { version_number: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const final = await linkFor(campaign.id);
    expect(final.version_number).toBe(2);
    const preview = await publicCall('GET', `/api/campaigns/preview/${tokenOf(final.preview_url)}`);
    expect(preview.json().campaign.subject).toBe('Second subject');
    await queryRows(
      t.database,
      sql`update campaigns set approval_status = 'draft', approval_token_hash = null where id = ${campaign.id}::uuid returning id`,
    );
    const chosen = await linkFor(campaign.id, { version_number: 1 });
    expect(chosen.version_number).toBe(1);
    expect(chosen.campaign.final_version_number).toBe(1);
  });

  it('refuses an unknown version, a pending or approved campaign, a bad body and a missing campaign', async () => {
    const campaign = await newCampaign();
    const unknown = await call('POST', `/api/campaigns/${campaign.id}/create-approval-link`, {
      version_number: 9,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(CAMPAIGN_MESSAGES.versionNotFound);
    const bad = await call('POST', `/api/campaigns/${campaign.id}/create-approval-link`, {
      version_number: 'two',
    });
    expect(bad.statusCode).toBe(400);
    const extra = await call('POST', `/api/campaigns/${campaign.id}/create-approval-link`, { token: 'x' });
    expect(extra.statusCode).toBe(400);
    await linkFor(campaign.id);
    const again = await call('POST', `/api/campaigns/${campaign.id}/create-approval-link`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(APPROVAL_MESSAGES.cannotSendForApproval);
    const missing = await call(
      'POST',
      '/api/campaigns/00000000-0000-4000-8000-000000000000/create-approval-link',
      {},
    );
    expect(missing.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/create-approval-link`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('works without a body', async () => {
    const campaign = await newCampaign();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/create-approval-link`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the public preview', () => {
  it('shows the version with sample data, its source and text, and private headers', async () => {
    const campaign = await newCampaign();
    const link = await linkFor(campaign.id);
    const res = await publicCall('GET', `/api/campaigns/preview/${tokenOf(link.preview_url)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.status).toBe('pending');
    expect(body.decision).toBeNull();
    expect(body.campaign).toMatchObject({
      name: 'Open day',
      subject: 'Come to our open day',
      segment_name: 'Open day families',
      estimated_recipients: 3,
      version_number: 1,
    });
    expect(body.campaign.content_html).toContain('Dear Sarah Johnson');
    expect(body.campaign.content_html).toContain('Emma');
    expect(body.campaign.source_html).toContain('{{parent_name}}');
    expect(body.campaign.content_text).toContain('Sarah Johnson');
    // Nothing internal leaks.
    expect(JSON.stringify(body)).not.toMatch(/approval_token|hash|created_by|"id"/);
  });

  it('serves the approval page itself with no-referrer, noindex and no-store', async () => {
    const res = await publicCall('GET', `/preview/${'C'.repeat(43)}`);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers the same 404 for an unknown, malformed, expired or revoked token', async () => {
    const campaign = await newCampaign();
    const first = await linkFor(campaign.id);
    // A newer link revokes the first.
    await queryRows(
      t.database,
      sql`update campaigns set approval_status = 'draft' where id = ${campaign.id}::uuid returning id`,
    );
    const second = await linkFor(campaign.id);
    const expired = await newCampaign();
    const expiredLink = await linkFor(expired.id);
    await queryRows(
      t.database,
      sql`update campaigns set approval_expires_at = now() - interval '1 second' where id = ${expired.id}::uuid returning id`,
    );
    const tokens = [
      'A'.repeat(43), // unknown
      'not-a-token', // malformed
      `${'A'.repeat(42)}%`,
      'x'.repeat(190),
      tokenOf(expiredLink.preview_url),
      tokenOf(first.preview_url),
    ];
    for (const tk of tokens) {
      const res = await publicCall('GET', `/api/campaigns/preview/${encodeURIComponent(tk)}`);
      expect(res.statusCode, tk).toBe(404);
      expect(res.json().error).toBe(APPROVAL_MESSAGES.notFound);
      const decide = await publicCall('POST', `/api/campaigns/preview/${encodeURIComponent(tk)}/approve`, {
        approved: true,
      });
      expect(decide.statusCode, tk).toBe(404);
      expect(decide.json().error).toBe(APPROVAL_MESSAGES.notFound);
    }
    expect(
      (await publicCall('GET', `/api/campaigns/preview/${tokenOf(second.preview_url)}`)).statusCode,
    ).toBe(200);
    expect((await row(expired.id)).approval_status).toBe('pending');
  });
});

describe('the reviewer decides', () => {
  it('requests changes with a comment: rejected, recorded, audited, the creator emailed', async () => {
    const campaign = await newCampaign({ name: 'Autumn open day' });
    const link = await linkFor(campaign.id);
    const tk = tokenOf(link.preview_url);
    const res = await publicCall(
      'POST',
      `/api/campaigns/preview/${tk}/approve`,
      { approved: false, feedback: '  Please add the parking details.  ', email: 'Head@School.example' },
      '203.0.113.9',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      approved: false,
      message: APPROVAL_MESSAGES.rejectedMessage,
    });
    const saved = (await call('GET', `/api/campaigns/${campaign.id}`)).json().campaign;
    expect(saved).toMatchObject({
      approval_status: 'rejected',
      badge: 'Rejected',
      approval_feedback: 'Please add the parking details.',
      approved_by_email: 'head@school.example',
      approved_at: null,
      approval_version_number: 1,
    });
    expect(saved.actions).toContain('resubmit');
    const [audit] = await queryRows(
      t.database,
      sql`select details, ip from audit_events where action = 'campaign.rejected' order by created_at desc limit 1`,
    );
    expect(audit!.ip).toBe('203.0.113.9');
    expect(audit!.details).toMatchObject({
      campaign_id: campaign.id,
      reviewer_email: 'head@school.example',
      user_agent: 'ReviewerPhone/1.0',
    });
    expect(JSON.stringify(audit)).not.toContain(tk);
    const mail = await queryRows(
      t.database,
      sql`select to_address as "to", subject, text_body as text from email_messages where kind = 'campaign.approval_decision' order by created_at desc limit 1`,
    );
    expect(mail[0]).toMatchObject({
      to: DEFAULT_ADMIN.email,
      subject: APPROVAL_MESSAGES.notifyRejectedSubject('Autumn open day'),
    });
    expect(String(mail[0]!.text)).toContain('Please add the parking details.');
    // The used link shows the decision; a second decision is refused.
    const preview = (await publicCall('GET', `/api/campaigns/preview/${tk}`)).json();
    expect(preview.status).toBe('rejected');
    expect(preview.decision).toMatchObject({ approved: false, message: APPROVAL_MESSAGES.alreadyDecided });
    const again = await publicCall('POST', `/api/campaigns/preview/${tk}/approve`, { approved: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(APPROVAL_MESSAGES.alreadyDecided);
    // Edit (back to draft, the link cleared) and resubmit: the old link is gone, the new one works.
    const edit = await call('PUT', `/api/campaigns/${campaign.id}`, { subject: 'Open day, with parking' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().campaign).toMatchObject({ approval_status: 'draft', approval_feedback: null });
    expect((await publicCall('GET', `/api/campaigns/preview/${tk}`)).statusCode).toBe(404);
    const resubmitted = await linkFor(campaign.id);
    expect(resubmitted.version_number).toBe(2);
    const approve = await publicCall(
      'POST',
      `/api/campaigns/preview/${tokenOf(resubmitted.preview_url)}/approve`,
      {
        approved: true,
      },
    );
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().message).toBe(APPROVAL_MESSAGES.approvedMessage);
    const approved = (await call('GET', `/api/campaigns/${campaign.id}`)).json().campaign;
    expect(approved).toMatchObject({
      approval_status: 'approved',
      approved_by_email: null,
      approval_feedback: null,
    });
    expect(approved.approved_at).not.toBeNull();
    expect(approved.actions).toContain('publish');
  });

  it('refuses Request Changes without a comment, a bad email, an unknown field and a long comment', async () => {
    const campaign = await newCampaign();
    const tk = tokenOf((await linkFor(campaign.id)).preview_url);
    const cases: [unknown, string][] = [
      [{ approved: false }, APPROVAL_MESSAGES.feedbackRequired],
      [{ approved: false, feedback: '   ' }, APPROVAL_MESSAGES.feedbackRequired],
      [{ approved: true, email: 'not an email' }, APPROVAL_MESSAGES.emailInvalid],
      [{ approved: true, feedback: 'x'.repeat(5001) }, APPROVAL_MESSAGES.feedbackTooLong],
      [{ approved: 'yes' }, ''],
      [{ approved: true, status: 'approved' }, ''],
    ];
    for (const [payload, message] of cases) {
      const res = await publicCall('POST', `/api/campaigns/preview/${tk}/approve`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.body).toContain(message);
    }
    expect((await row(campaign.id)).approval_status).toBe('pending');
  });

  it('lets exactly one of several concurrent decisions win', async () => {
    for (let round = 0; round < 3; round++) {
      const campaign = await newCampaign({ name: `Race round ${round}` });
      const tk = tokenOf((await linkFor(campaign.id)).preview_url);
      const reviewers = ['a', 'b', 'c', 'd', 'e', 'f'].map((r, i) => ({
        email: `${r}@example.com`,
        approved: i % 2 === 0,
        feedback: i % 2 === 0 ? null : `Changes from ${r}`,
      }));
      const answers = await Promise.all(
        reviewers.map((body) => publicCall('POST', `/api/campaigns/preview/${tk}/approve`, body)),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(reviewers.length - 1);
      const winner = reviewers[codes.indexOf(200)]!;
      const stored = await row(campaign.id);
      expect(stored.approved_by_email).toBe(winner.email);
      expect(stored.approval_status).toBe(winner.approved ? 'approved' : 'rejected');
      expect(stored.approval_feedback).toBe(winner.feedback);
      const audits = await queryRows(
        t.database,
        sql`select id from audit_events where details->>'campaign_id' = ${campaign.id} and action in ('campaign.approved', 'campaign.rejected')`,
      );
      expect(audits).toHaveLength(1);
      const mails = await queryRows(
        t.database,
        sql`select id from email_messages where kind = 'campaign.approval_decision' and subject like ${`%Race round ${round}`}`,
      );
      expect(mails).toHaveLength(1);
    }
  });

  it('refuses a decision on content changed after the link was made', async () => {
    const campaign = await newCampaign();
    const tk = tokenOf((await linkFor(campaign.id)).preview_url);
    await queryRows(
      t.database,
      sql`update campaigns set content_html = '<p>Changed behind the link</p>' where id = ${campaign.id}::uuid returning id`,
    );
    await queryRows(
      t.database,
      sql`update campaign_versions set content_html = '<p>Changed behind the link</p>' where campaign_id = ${campaign.id}::uuid returning id`,
    );
    const res = await publicCall('POST', `/api/campaigns/preview/${tk}/approve`, { approved: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(APPROVAL_MESSAGES.contentChanged);
    expect((await row(campaign.id)).approval_status).toBe('pending');
  });

  it('rate limits the public calls per address', async () => {
    const campaign = await newCampaign();
    const tk = tokenOf((await linkFor(campaign.id)).preview_url);
    const from = '198.51.100.77';
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (
          await publicCall(
            'POST',
            `/api/campaigns/preview/${'B'.repeat(43)}/approve`,
            { approved: true },
            from,
          )
        ).statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 404)).toBe(true);
    expect(codes[10]).toBe(429);
    // Another address is not affected.
    expect(
      (await publicCall('POST', `/api/campaigns/preview/${tk}/approve`, { approved: true }, '198.51.100.78'))
        .statusCode,
    ).toBe(200);
    const gets: number[] = [];
    for (let i = 0; i < 61; i++)
      gets.push(
        (await publicCall('GET', `/api/campaigns/preview/${tk}`, undefined, '198.51.100.79')).statusCode,
      );
    expect(gets[59]).toBe(200);
    expect(gets[60]).toBe(429);
  });

  it('keeps the token out of the logs', async () => {
    const campaign = await newCampaign();
    const link = await linkFor(campaign.id);
    const tk = tokenOf(link.preview_url);
    await publicCall('GET', `/api/campaigns/preview/${tk}`);
    await publicCall('POST', `/api/campaigns/preview/${tk}/approve`, { approved: true });
    await publicCall('GET', `/api/campaigns/preview/${tk}x`);
    const logs = t.logs.join('\n');
    expect(logs).toContain('/api/campaigns/preview/[redacted]');
    expect(logs).not.toContain(tk);
  });
});

describe('approve directly and publish', () => {
  it('lets a signed-in admin approve a draft (audited), then publishes it once', async () => {
    const campaign = await newCampaign();
    const res = await call('POST', `/api/campaigns/${campaign.id}/approve`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: APPROVAL_MESSAGES.approvedDirectly,
      campaign: { approval_status: 'approved', approved_by_email: DEFAULT_ADMIN.email },
    });
    const audit = await queryRows(
      t.database,
      sql`select actor_id from audit_events where action = 'campaign.approved' and details->>'campaign_id' = ${campaign.id} and details->>'via' = 'admin'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).not.toBeNull();
    const again = await call('POST', `/api/campaigns/${campaign.id}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(APPROVAL_MESSAGES.cannotApprove);

    const published = await call('POST', `/api/campaigns/${campaign.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().campaign).toMatchObject({ publish_status: 'published', badge: 'Published' });
    expect(published.json().campaign.actions).toEqual(expect.arrayContaining(['schedule', 'send']));
    const twice = await call('POST', `/api/campaigns/${campaign.id}/publish`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(APPROVAL_MESSAGES.cannotPublish);
  });

  it('approves a pending campaign directly: its link then shows the decision', async () => {
    const campaign = await newCampaign();
    const tk = tokenOf((await linkFor(campaign.id)).preview_url);
    expect((await call('POST', `/api/campaigns/${campaign.id}/approve`)).statusCode).toBe(200);
    const preview = (await publicCall('GET', `/api/campaigns/preview/${tk}`)).json();
    expect(preview.status).toBe('approved');
    expect(preview.decision.approved).toBe(true);
    const decide = await publicCall('POST', `/api/campaigns/preview/${tk}/approve`, { approved: true });
    expect(decide.statusCode).toBe(409);
  });

  it('refuses to publish a draft, a rejected campaign, and content that differs from the approved', async () => {
    const draft = await newCampaign();
    const res = await call('POST', `/api/campaigns/${draft.id}/publish`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(APPROVAL_MESSAGES.cannotPublish);

    const rejected = await newCampaign();
    const tk = tokenOf((await linkFor(rejected.id)).preview_url);
    await publicCall('POST', `/api/campaigns/preview/${tk}/approve`, { approved: false, feedback: 'No' });
    expect((await call('POST', `/api/campaigns/${rejected.id}/publish`)).statusCode).toBe(409);
    expect((await call('POST', `/api/campaigns/${rejected.id}/approve`)).statusCode).toBe(409);

    const changed = await newCampaign();
    const ctk = tokenOf((await linkFor(changed.id)).preview_url);
    expect(
      (await publicCall('POST', `/api/campaigns/preview/${ctk}/approve`, { approved: true })).statusCode,
    ).toBe(200);
    await queryRows(
      t.database,
      sql`update campaign_versions set subject = 'Tampered' where campaign_id = ${changed.id}::uuid returning id`,
    );
    const refused = await call('POST', `/api/campaigns/${changed.id}/publish`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(APPROVAL_MESSAGES.publishContentChanged);
    expect((await row(changed.id)).publish_status).toBe('ready');
  });

  it('needs a session for approve and publish', async () => {
    const campaign = await newCampaign();
    for (const path of ['approve', 'publish']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaign.id}/${path}` });
      expect(res.statusCode).toBe(401);
    }
  });
});
