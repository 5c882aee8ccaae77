import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLead, makeLead } from '../../test/factories';
import { bearer, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { createSegmentsRepository } from '../segments/segments.repository';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
});
afterAll(() => t.close());

const dashboard = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/admin/dashboard', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { topSegments: { name: string; lead_count: number }[] };
};

/** A segment (straight into its table: system segments have no rules) holding `members` new leads. */
async function segmentWith(members: number, values: { name: string; neverContact?: boolean }) {
  const segment = await createSegmentsRepository(t.database.db).insertSegment(values);
  const leads = await Promise.all(
    Array.from({ length: members }, () => createLead(t.app, token, makeLead())),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/segments/${segment.id}/assign-leads`,
    headers: bearer(token),
    payload: { lead_ids: leads.map((l) => l.id) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('top segments', () => {
  it('leaves out the system segments the segments screen hides, however large they are', async () => {
    await segmentWith(1, { name: 'waitlist-families' });
    await segmentWith(2, { name: 'Autism - Immediate' });
    await segmentWith(4, { name: 'Families who asked not to be emailed', neverContact: true });
    await segmentWith(4, { name: 'never-contact' });
    await segmentWith(4, { name: 'all-active-leads' });
    await segmentWith(3, { name: ' Do Not Contact ' });

    const { topSegments } = await dashboard();
    expect(topSegments).toEqual([
      { name: 'Autism - Immediate', lead_count: 2 },
      { name: 'waitlist-families', lead_count: 1 },
    ]);
  });
});
