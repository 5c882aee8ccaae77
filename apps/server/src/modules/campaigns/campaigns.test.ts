import { CAMPAIGN_MESSAGES, cannotEditReason } from '@lantern/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginToken, queryRows, type TestApp } from '../../test/test-app';
import {
  campaignPayload,
  createCampaign,
  leadsIn,
  makeSegment,
  setEmail,
  setEmailStatus,
  setState,
} from './campaign-test-helpers';

let t: TestApp;
let token: string;
let autism: string;
let speech: string;
let dnc: string;
let leads: string[];

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
  autism = await makeSegment(t, token, 'Autism support');
  speech = await makeSegment(t, token, 'Speech therapy');
  dnc = await makeSegment(t, token, 'Do not contact list', { never_contact: true });
  // Six leads in Autism support: one unsubscribed, one bounced, one complained, one also in the
  // do-not-contact segment, one with no child's name; two more share one address (any case).
  leads = await leadsIn(t, token, [autism], 8);
  // A family that gave no child's name (the column the child_name placeholder reads).
  await queryRows(
    t.database,
    sql`update leads set first_child_name = null where id = ${leads[5]!}::uuid returning id`,
  );
  await setEmailStatus(t, leads[0]!, 'unsubscribed');
  await setEmailStatus(t, leads[1]!, 'bounced');
  await setEmailStatus(t, leads[2]!, 'complained');
  await leadsInExisting([dnc], [leads[3]!]);
  const [row] = await queryRows(t.database, sql`select email from leads where id = ${leads[6]!}::uuid`);
  await setEmail(t, leads[7]!, ` ${String(row!.email).toUpperCase()}`);
  // Speech therapy shares two sendable families with Autism support and has two of its own.
  await leadsInExisting([speech], [leads[4]!, leads[6]!]);
  await leadsIn(t, token, [speech], 2);
});
afterAll(async () => t.close());

async function leadsInExisting(segmentIds: string[], leadIds: string[]) {
  for (const id of segmentIds) {
    const res = await call('POST', `/api/segments/${id}/assign-leads`, { lead_ids: leadIds });
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('creating campaigns', () => {
  it('computes recipients and data quality from the segment, never from the request', async () => {
    const res = await call('POST', '/api/campaigns', {
      ...campaignPayload(autism),
      estimated_recipients: 999,
    });
    expect(res.statusCode).toBe(400); // unknown fields are refused

    const campaign = await createCampaign(t, token, campaignPayload(autism));
    expect(campaign).toMatchObject({
      segment_id: autism,
      segment_name: 'Autism support',
      segment_leads: 8,
      // leads 4, 5 and 6/7 (one address): three emails
      estimated_recipients: 3,
      approval_status: 'draft',
      publish_status: 'ready',
      badge: 'Draft',
      current_version_number: 1,
      final_version_number: null,
    });
    const validation = (campaign.generation_metadata as { data_validation: Record<string, unknown> })
      .data_validation;
    expect(validation).toMatchObject({
      sendable_leads: 3,
      excluded_leads: 5,
      duplicate_emails: 1,
      exclusions: [
        { reason: 'unsubscribed', count: 1 },
        { reason: 'bounced', count: 1 },
        { reason: 'complained', count: 1 },
        { reason: 'never_contact', count: 1 },
      ],
    });
    // Four sendable rows; one has no named child: the child_name greeting fills 3 of 4.
    expect(validation.fields).toEqual([
      { field: 'parent_name', filled: 4, fill_rate: 1 },
      { field: 'child_name', filled: 3, fill_rate: 0.75 },
    ]);
    expect(validation.quality_score).toBe(88);
    expect(validation.quality_color).toBe('green');
    expect(campaign.content_text).toContain('Dear {{parent_name}},');
  });

  it('scores lower when the content personalises with what the leads lack', async () => {
    const plain = await createCampaign(
      t,
      token,
      campaignPayload(autism, { content_html: '<p>Hello all</p>' }),
    );
    const needs = await createCampaign(
      t,
      token,
      campaignPayload(autism, { content_html: '<p>{{child_name}} {{timeline}} {{special_needs}}</p>' }),
    );
    const score = (c: Record<string, unknown>) =>
      (c.generation_metadata as { data_validation: { quality_score: number } }).data_validation.quality_score;
    expect(score(plain)).toBe(100);
    expect(score(needs)).toBeLessThan(score(plain));
  });

  it("refuses bad input with the spec's messages", async () => {
    for (const [change, message] of [
      [{ name: ' ' }, CAMPAIGN_MESSAGES.nameRequired],
      [{ subject: '' }, CAMPAIGN_MESSAGES.subjectRequired],
      [{ subject: 'x'.repeat(201) }, CAMPAIGN_MESSAGES.subjectTooLong],
      [{ content_html: '  ' }, CAMPAIGN_MESSAGES.contentRequired],
      [{ segment_id: undefined }, CAMPAIGN_MESSAGES.segmentRequired],
    ] as const) {
      const res = await call('POST', '/api/campaigns', campaignPayload(autism, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error).toContain(message);
    }
    const missing = await call(
      'POST',
      '/api/campaigns',
      campaignPayload('00000000-0000-4000-8000-000000000000'),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(CAMPAIGN_MESSAGES.segmentNotFound);
    const doNotContact = await call('POST', '/api/campaigns', campaignPayload(dnc));
    expect(doNotContact.statusCode).toBe(400);
    expect(doNotContact.json().error).toContain('Do Not Contact');
  });

  it('strips scripts and handlers from saved HTML and says so', async () => {
    const campaign = await createCampaign(
      t,
      token,
      campaignPayload(autism, {
        content_html:
          '<p onclick="steal()">Hi {{parent_name}}</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      }),
    );
    expect(campaign.content_html).toBe('<p>Hi {{parent_name}}</p><a>x</a>');
    const flags = (campaign.generation_metadata as { flags: { kind: string }[] }).flags;
    expect(flags.map((f) => f.kind)).toContain('html_removed');
  });
});

describe('the list', () => {
  it('filters by approval and publish status, newest first, without content', async () => {
    const a = await createCampaign(t, token, campaignPayload(speech, { name: 'List A' }));
    const b = await createCampaign(t, token, campaignPayload(speech, { name: 'List B' }));
    await setState(t, b.id, 'approved', 'published');
    const all = (await call('GET', '/api/campaigns')).json();
    expect(all.campaigns[0].id).toBe(b.id);
    expect(all.campaigns[0]).not.toHaveProperty('content_html');
    expect(all.total).toBe(all.campaigns.length);
    const published = (await call('GET', '/api/campaigns?status=published')).json().campaigns;
    expect(published.map((c: { id: string }) => c.id)).toEqual([b.id]);
    expect(published[0]).toMatchObject({ badge: 'Published', actions: ['schedule', 'send', 'delete'] });
    const drafts = (await call('GET', '/api/campaigns?approval_status=draft')).json().campaigns;
    expect(drafts.map((c: { id: string }) => c.id)).toContain(a.id);
    expect(drafts.map((c: { id: string }) => c.id)).not.toContain(b.id);
    expect((await call('GET', '/api/campaigns?status=bogus')).statusCode).toBe(400);
  });
});

describe('the rules of 4.5', () => {
  it('refuses to edit a pending, approved or published campaign (409), whatever is sent', async () => {
    const c = await createCampaign(t, token, campaignPayload(autism));
    for (const [approval, publish] of [
      ['pending', 'ready'],
      ['approved', 'ready'],
      ['approved', 'published'],
      ['approved', 'sent'],
    ] as const) {
      await setState(t, c.id, approval, publish);
      const res = await call('PUT', `/api/campaigns/${c.id}`, {
        subject: 'Changed',
        approval_status: 'draft',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(cannotEditReason({ approval_status: approval, publish_status: publish }));
      const ai = await call('POST', `/api/campaigns/${c.id}/edit-with-ai`, { instruction: 'Shorter' });
      expect(ai.statusCode).toBe(409);
      const final = await call('POST', `/api/campaigns/${c.id}/set-final-version`, { version_number: 1 });
      expect(final.statusCode).toBe(409);
    }
  });

  it('refuses a client that tries to approve through PUT', async () => {
    const c = await createCampaign(t, token, campaignPayload(autism));
    const res = await call('PUT', `/api/campaigns/${c.id}`, { approval_status: 'approved' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain('approval link');
  });

  it('resets a rejected campaign to draft on save and clears its approval', async () => {
    const c = await createCampaign(t, token, campaignPayload(autism));
    await setState(t, c.id, 'rejected');
    const before = (await call('GET', `/api/campaigns/${c.id}`)).json().campaign;
    expect(before).toMatchObject({
      approval_status: 'rejected',
      approval_feedback: 'Please shorten it',
      has_approval_link: true,
    });
    const res = await call('PUT', `/api/campaigns/${c.id}`, {
      subject: 'Shorter subject',
      approval_status: 'draft',
      approval_feedback: null,
      approved_at: null,
      approved_by_email: null,
      approval_token: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().campaign).toMatchObject({
      approval_status: 'draft',
      approval_feedback: null,
      approved_at: null,
      approved_by_email: null,
      has_approval_link: false,
      subject: 'Shorter subject',
      badge: 'Draft',
    });
  });

  it('deletes only where 4.5 allows', async () => {
    const c = await createCampaign(t, token, campaignPayload(autism));
    await setState(t, c.id, 'approved', 'scheduled');
    const refused = await call('DELETE', `/api/campaigns/${c.id}`);
    expect(refused.statusCode).toBe(409);
    await setState(t, c.id, 'approved', 'sent');
    expect((await call('DELETE', `/api/campaigns/${c.id}`)).statusCode).toBe(409);
    await setState(t, c.id, 'approved', 'published');
    expect((await call('DELETE', `/api/campaigns/${c.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/campaigns/${c.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/campaigns/${c.id}`)).statusCode).toBe(404);
  });
});

describe('editing and versions', () => {
  it('makes each manual save of content a version, and chooses a final version', async () => {
    const c = await createCampaign(t, token, campaignPayload(autism));
    const renamed = await call('PUT', `/api/campaigns/${c.id}`, { name: 'Renamed only' });
    expect(renamed.json().campaign.current_version_number).toBe(1);

    const edited = await call('PUT', `/api/campaigns/${c.id}`, {
      content_html: '<p>Version two for {{parent_name}}</p>',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().campaign).toMatchObject({
      current_version_number: 2,
      content_text: 'Version two for {{parent_name}}',
    });

    const history = (await call('GET', `/api/campaigns/${c.id}/edit-history`)).json();
    expect(history.current_version_number).toBe(2);
    expect(
      history.history.map((v: { version_number: number; source: string }) => [v.version_number, v.source]),
    ).toEqual([
      [2, 'manual'],
      [1, 'created'],
    ]);
    expect(history.history[0].change_summary).toBe('Content edited by hand');

    const v1 = await call('GET', `/api/campaigns/${c.id}/versions/1`);
    expect(v1.json().content_html).toContain('We would love to meet {{child_name}}');
    expect((await call('GET', `/api/campaigns/${c.id}/versions/9`)).statusCode).toBe(404);
    expect((await call('GET', `/api/campaigns/${c.id}/versions/zero`)).statusCode).toBe(400);

    const final = await call('POST', `/api/campaigns/${c.id}/set-final-version`, { version_number: 1 });
    expect(final.json()).toEqual({ success: true, final_version_number: 1 });
    expect((await call('GET', `/api/campaigns/${c.id}`)).json().campaign.final_version_number).toBe(1);
    expect(
      (await call('POST', `/api/campaigns/${c.id}/set-final-version`, { version_number: 7 })).statusCode,
    ).toBe(404);
    const current = await call('POST', `/api/campaigns/${c.id}/set-final-version`, { version_number: null });
    expect(current.json().final_version_number).toBeNull();
  });

  it("refuses an empty subject with 'Subject line cannot be empty' and more than one segment", async () => {
    const c = await createCampaign(t, token, campaignPayload(autism));
    const empty = await call('PUT', `/api/campaigns/${c.id}`, { subject: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain(CAMPAIGN_MESSAGES.subjectEmpty);
    const two = await call('PUT', `/api/campaigns/${c.id}`, { segment_ids: [autism, speech] });
    expect(two.statusCode).toBe(400);
    expect(two.json().error).toContain(CAMPAIGN_MESSAGES.exactlyOneSegment);
    const moved = await call('PUT', `/api/campaigns/${c.id}`, { segment_ids: [speech] });
    expect(moved.json().campaign).toMatchObject({
      segment_id: speech,
      segment_name: 'Speech therapy',
      estimated_recipients: 4,
    });
    const segs = await call('GET', `/api/campaigns/${c.id}/segments`);
    expect(segs.json()).toEqual({ segments: [{ id: speech, name: 'Speech therapy' }] });
  });

  it('answers the AI edit honestly without a provider', async () => {
    const c = await createCampaign(t, token, campaignPayload(autism));
    const res = await call('POST', `/api/campaigns/${c.id}/edit-with-ai`, { instruction: 'Make it warmer' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(CAMPAIGN_MESSAGES.aiNotConfigured);
    const empty = await call('POST', `/api/campaigns/${c.id}/edit-with-ai`, { instruction: ' ' });
    expect(empty.statusCode).toBe(400);
  });

  it('shows zero stats until the campaign is sent', async () => {
    const c = await createCampaign(t, token, campaignPayload(autism));
    expect((await call('GET', `/api/campaigns/${c.id}/stats`)).json()).toEqual({
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
    expect((await call('GET', '/api/campaigns/00000000-0000-4000-8000-000000000000/stats')).statusCode).toBe(
      404,
    );
  });
});

describe('audiences', () => {
  it('offers every segment but the do-not-contact ones, with its sendable leads', async () => {
    const { segments } = (await call('GET', '/api/campaigns/segment-options')).json();
    const byName = Object.fromEntries(segments.map((s: { name: string }) => [s.name, s]));
    expect(byName['Autism support']).toMatchObject({
      active_leads: 3,
      description: 'Autism support families',
    });
    expect(byName['Speech therapy'].active_leads).toBe(4);
    expect(byName['Do not contact list']).toBeUndefined();
  });

  it('deduplicates the banner total and reports overlap, do-not-contact and inactive segments', async () => {
    const both = (
      await call('POST', '/api/campaigns/check-segment-compatibility', { segment_ids: [autism, speech] })
    ).json();
    // Autism 3 + Speech 4, sharing 2 addresses: 5 families, 5 emails.
    expect(both).toMatchObject({
      total_recipients: 5,
      overlapping_recipients: 2,
      safetyLevel: 'warning',
      compatible: true,
    });
    expect(both.conflicts.map((c: { type: string }) => c.type)).toContain('overlap');
    expect(both.conflicts.find((c: { type: string }) => c.type === 'overlap').message).toContain(
      'each gets one email, not two',
    );

    const risky = (
      await call('POST', '/api/campaigns/check-segment-compatibility', { segment_ids: [autism, dnc] })
    ).json();
    expect(risky).toMatchObject({ safetyLevel: 'risky', compatible: false, total_recipients: 3 });
    expect(risky.recommendation).toContain('Do Not Contact');

    const paused = await makeSegment(t, token, 'Paused segment', { is_active: false });
    const inactive = (
      await call('POST', '/api/campaigns/check-segment-compatibility', { segment_ids: [paused] })
    ).json();
    expect(inactive.conflicts.map((c: { type: string }) => c.type)).toEqual(['inactive', 'no_recipients']);

    const none = await call('POST', '/api/campaigns/check-segment-compatibility', { segment_ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toContain(CAMPAIGN_MESSAGES.segmentRequired);
  });

  it('warns when audiences are very different for one message', async () => {
    const young = await makeSegment(t, token, 'Young dyslexia');
    const teens = await makeSegment(t, token, 'Teen anxiety');
    await leadsIn(t, token, [young], 2, () => ({
      children: [{ name: 'Kid', age: 5, grade: 'K', special_needs: ['Dyslexia'], current_support: [] }],
    }));
    await leadsIn(t, token, [teens], 2, () => ({
      children: [
        { name: 'Teen', age: 15, grade: '10th Grade', special_needs: ['Anxiety'], current_support: [] },
      ],
    }));
    const res = (
      await call('POST', '/api/campaigns/check-segment-compatibility', { segment_ids: [young, teens] })
    ).json();
    expect(res.conflicts.map((c: { type: string }) => c.type)).toEqual(['different_audiences']);
    expect(res.recommendation).toContain('one campaign per segment');
  });
});

describe('templates and variables', () => {
  it('lists active templates, fills one with sample data, and lists the personalization variables', async () => {
    const defaults = await call('POST', '/api/templates/create-defaults');
    expect(defaults.statusCode, defaults.body).toBe(200);
    const all = (await call('GET', '/api/campaigns/available-templates')).json().templates;
    expect(all.length).toBeGreaterThanOrEqual(5);
    const events = (await call('GET', '/api/campaigns/available-templates?category=events')).json().templates;
    expect(events.every((x: { category: string }) => x.category === 'events')).toBe(true);
    const welcome = all.find((x: { category: string }) => x.category === 'welcome');
    const test = await call('POST', '/api/campaigns/test-template-generation', { template_id: welcome.id });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json().html_content).not.toMatch(/\{\{\s*first_name\s*\}\}/);
    expect(test.json().html_content).toContain('Sarah');
    const missing = await call('POST', '/api/campaigns/test-template-generation', {
      template_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);

    const vars = (await call('GET', '/api/campaigns/personalization-variables')).json();
    expect(vars.variables.map((v: { key: string }) => v.key)).toEqual([
      'parent_name',
      'child_name',
      'child_age',
      'timeline',
      'special_needs',
      'school_name',
      'segment_name',
    ]);
    expect(vars.variables.find((v: { key: string }) => v.key === 'child_age').sample).toBe('8');
    expect(vars.levels.find((l: { level: string }) => l.level === 'light').variables).not.toContain(
      'special_needs',
    );
  });

  it('needs a session for every call', async () => {
    for (const url of [
      '/api/campaigns',
      '/api/campaigns/personalization-variables',
      '/api/campaigns/segment-options',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/campaigns/generate-content', payload: {} }))
        .statusCode,
    ).toBe(401);
  });
});
