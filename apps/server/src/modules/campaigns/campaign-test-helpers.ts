import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createLead, makeLead } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { bearer, queryRows, type TestApp } from '../../test/test-app';

// Test support for the campaigns tests: segments with hand-assigned leads, email statuses, the
// knowledge base, and the campaign calls.

export async function makeSegment(
  t: TestApp,
  token: string,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/segments',
    headers: bearer(token),
    payload: {
      name,
      auto_tag: false,
      description: `${name} families`,
      // Members are assigned by hand; the rule matches no one.
      inclusion_rules: {
        operator: 'AND',
        conditions: [{ field: 'email', operator: 'equals', value: 'nobody@example.invalid' }],
      },
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().segment.id as string;
}

/** `count` new leads (overrides per index) put in the segments by hand; their ids. */
export async function leadsIn(
  t: TestApp,
  token: string,
  segmentIds: string[],
  count: number,
  overrides: (i: number) => Record<string, unknown> = () => ({}),
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await createLead(t.app, token, makeLead(overrides(i)))).id);
  await assign(t, token, segmentIds, ids);
  return ids;
}

export async function assign(t: TestApp, token: string, segmentIds: string[], leadIds: string[]) {
  for (const id of segmentIds) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/segments/${id}/assign-leads`,
      headers: bearer(token),
      payload: { lead_ids: leadIds },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

export async function setEmailStatus(t: TestApp, leadId: string, status: string) {
  await queryRows(
    t.database,
    sql`update leads set email_status = ${status} where id = ${leadId}::uuid returning id`,
  );
}

export async function setEmail(t: TestApp, leadId: string, email: string) {
  await queryRows(t.database, sql`update leads set email = ${email} where id = ${leadId}::uuid returning id`);
}

export async function uploadKnowledge(t: TestApp, token: string, filename: string, content: string) {
  const body = multipart({}, [{ field: 'document', filename, content }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/knowledge/upload',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
}

export const campaignPayload = (segmentId: string, extra: Record<string, unknown> = {}) => ({
  name: 'Open day',
  subject: 'Come to our open day',
  content_html:
    '<p>Dear {{parent_name}},</p><p>We would love to meet {{child_name}}.</p><p><a href="{{unsubscribe}}">Unsubscribe</a></p>',
  segment_id: segmentId,
  ...extra,
});

export async function createCampaign(t: TestApp, token: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: bearer(token), payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().campaign as Record<string, unknown> & { id: string };
}

/** Puts a campaign in any state (the approval and sending calls come with a later issue). */
export async function setState(t: TestApp, id: string, approval: string, publish = 'ready') {
  await queryRows(
    t.database,
    sql`update campaigns set approval_status = ${approval}, publish_status = ${publish},
      approval_feedback = ${approval === 'rejected' ? 'Please shorten it' : null},
      approved_by_email = ${approval === 'rejected' || approval === 'approved' ? 'head@example.com' : null},
      approved_at = ${approval === 'rejected' || approval === 'approved' ? sql`now()` : null},
      approval_token_hash = ${approval === 'draft' ? null : `hash-${id}`}
    where id = ${id}::uuid returning id`,
  );
}
