import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLead, makeLead } from '../../test/factories';
import { bearer, createTestApp, loginToken, queryRows, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const NOBODY = {
  operator: 'AND',
  conditions: [{ field: 'email', operator: 'equals', value: 'nobody@example.invalid' }],
};

async function createSegment(name: string) {
  const res = await call('POST', '/api/segments', { name, inclusion_rules: NOBODY, auto_tag: false });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().segment as { id: string; name: string };
}

describe('GET /api/segments/:id/analytics', () => {
  it('counts growth by the day leads joined, conversion by status and engagement', async () => {
    const segment = await createSegment('Analytics families');
    const leads = [];
    for (let i = 0; i < 3; i++)
      leads.push(await createLead(t.app, token, makeLead({ email: `an${i}@example.com` })));
    const assigned = await call('POST', `/api/segments/${segment.id}/assign-leads`, {
      lead_ids: leads.map((l) => l.id),
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    // One member joined 3 days ago; the others today.
    await queryRows(
      t.database,
      sql`update lead_segments set assigned_at = now() - interval '3 days'
       where segment_id = ${segment.id} and lead_id = ${leads[0]!.id}`,
    );
    const enrolled = await call('PUT', `/api/leads/${leads[1]!.id}`, { conversion_status: 'enrolled' });
    expect(enrolled.statusCode, enrolled.body).toBe(200);

    const res = await call('GET', `/api/segments/${segment.id}/analytics?time_range=7d`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.segment_id).toBe(segment.id);
    expect(body.time_range).toBe('7d');
    expect(body.lead_growth).toHaveLength(7);
    const last = body.lead_growth.at(-1);
    expect(last).toMatchObject({ new_leads: 2, total_leads: 3 });
    expect(body.lead_growth[0]).toMatchObject({ new_leads: 0, total_leads: 0 });
    expect(body.lead_growth.reduce((n: number, p: { new_leads: number }) => n + p.new_leads, 0)).toBe(3);

    expect(body.conversion_rates.total_leads).toBe(3);
    const byStatus = Object.fromEntries(
      body.conversion_rates.by_status.map((s: { status: string; count: number }) => [s.status, s.count]),
    );
    expect(byStatus).toMatchObject({ pending: 2, enrolled: 1, lost: 0 });
    expect(body.conversion_rates.enrolled_rate).toBeCloseTo(1 / 3);
    expect(body.engagement_metrics).toEqual({
      conversations_completed: 0,
      resources_downloaded: 0,
      campaign_opens: 0,
      campaign_clicks: 0,
    });

    const defaulted = (await call('GET', `/api/segments/${segment.id}/analytics`)).json();
    expect(defaulted.time_range).toBe('30d');
    expect(defaulted.lead_growth).toHaveLength(30);
    const all = (await call('GET', `/api/segments/${segment.id}/analytics?time_range=all`)).json();
    expect(all.lead_growth[0]).toMatchObject({ new_leads: 1, total_leads: 1 });
    expect(all.lead_growth.at(-1).total_leads).toBe(3);
  });

  it('gives an empty segment zero counts', async () => {
    const segment = await createSegment('Analytics empty');
    const body = (await call('GET', `/api/segments/${segment.id}/analytics?time_range=all`)).json();
    expect(body.lead_growth).toEqual([]);
    expect(body.conversion_rates.total_leads).toBe(0);
    expect(body.conversion_rates.by_status.every((s: { rate: number }) => s.rate === 0)).toBe(true);
  });

  it('refuses an unknown segment (404) and a bad range (400)', async () => {
    const missing = await call('GET', `/api/segments/${randomUUID()}/analytics`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Segment not found');
    const segment = await createSegment('Analytics range');
    const bad = await call('GET', `/api/segments/${segment.id}/analytics?time_range=1y`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/segments/batch-update', () => {
  it('updates each segment and audits each update', async () => {
    const a = await createSegment('Batch A');
    const b = await createSegment('Batch B');
    const res = await call('POST', '/api/segments/batch-update', {
      updates: [
        { id: a.id, changes: { is_active: false } },
        { id: b.id, changes: { priority: 9 } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, updated: 2, failed: 0 });
    const list = (await call('GET', '/api/segments')).json().segments as {
      id: string;
      is_active: boolean;
      priority: number;
    }[];
    expect(list.find((s) => s.id === a.id)?.is_active).toBe(false);
    expect(list.find((s) => s.id === b.id)?.priority).toBe(9);
    const audited = await queryRows(
      t.database,
      sql`select count(*) as n from audit_events where action = 'segment.updated'
       and details->>'segmentId' in (${a.id}, ${b.id})`,
    );
    expect(Number(audited[0]!.n)).toBe(2);
  });

  it('reports failure when one update fails, and still makes the others', async () => {
    const a = await createSegment('Batch C');
    const b = await createSegment('Batch D');
    const missing = randomUUID();
    const res = await call('POST', '/api/segments/batch-update', {
      updates: [
        { id: a.id, changes: { priority: 42 } },
        { id: missing, changes: { is_active: false } },
        { id: b.id, changes: { name: 'Batch C' } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: false, updated: 1, failed: 2 });
    expect(body.results).toEqual([
      { id: a.id, success: true },
      { id: missing, success: false, error: 'Segment not found' },
      { id: b.id, success: false, error: 'A segment with this name already exists' },
    ]);
  });

  it('refuses an empty batch', async () => {
    const res = await call('POST', '/api/segments/batch-update', { updates: [] });
    expect(res.statusCode).toBe(400);
  });
});
