import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLead, makeLead } from '../../test/factories';
import { bearer, createTestApp, loginToken, queryRows, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
  await createLead(t.app, token, makeLead({ parent_name: '=HYPERLINK("http://x","y")' }, 2));
  await createLead(t.app, token, makeLead({ biggest_concerns: '+1 more thing, with "quotes"' }));
  await createLead(t.app, token, makeLead({ phone: '-5550100000' }));
});
afterAll(() => t.close());

const exportLeads = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/leads/export/comprehensive?${query}`, headers: bearer(token) });
const today = new Date().toISOString().slice(0, 10);

describe('lead export', () => {
  it('lists the column groups', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/leads/export/columns',
      headers: bearer(token),
    });
    const groups = res.json().columns;
    expect(groups.map((g: { group: string }) => g.group)).toContain('Contact');
    expect(groups.find((g: { group: string }) => g.group === 'Contact').columns).toContain('email');
  });

  it("streams every lead as CSV with all columns by default, named with today's date", async () => {
    const res = await exportLeads('format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="leads-export-${today}.csv"`);
    const records: Record<string, string>[] = parse(res.body, { columns: true });
    expect(records).toHaveLength(3);
    expect(Object.keys(records[0]!)).toContain('segment_tags');
    expect(records.find((r) => r.children_count === '2')).toBeTruthy();
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const records: Record<string, string>[] = parse((await exportLeads('format=csv')).body, {
      columns: true,
    });
    const names = records.map((r) => r.parent_name);
    expect(names).toContain(`'=HYPERLINK("http://x","y")`);
    expect(records.map((r) => r.biggest_concerns)).toContain(`'+1 more thing, with "quotes"`);
    expect(records.map((r) => r.phone)).toContain(`'-5550100000`);
    for (const r of records) for (const v of Object.values(r)) expect(v).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('exports only the chosen columns, in group order', async () => {
    const res = await exportLeads('format=csv&columns=lead_score,email,parent_name');
    const [header] = res.body.split('\n');
    expect(header).toBe('email,parent_name,lead_score');
  });

  it('exports JSON as an array of whole leads', async () => {
    const res = await exportLeads('format=json');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="leads-export-${today}.json"`);
    const leads = res.json();
    expect(leads).toHaveLength(3);
    expect(leads[0]).toHaveProperty('children');
    expect(leads.map((l: { parent_name: string }) => l.parent_name)).toContain('=HYPERLINK("http://x","y")');
  });

  it.each(['format=xml', 'columns=password_hash', 'format=csv&columns=email,nope'])(
    'refuses %s with a 400',
    async (q) => {
      const res = await exportLeads(q);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBeTruthy();
    },
  );

  it('records who exported how many rows', async () => {
    await exportLeads('format=csv');
    const events = await queryRows(
      t.database,
      sql`select actor_id, details from audit_events where action = 'leads.exported'`,
    );
    expect(events.length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ details: { format: 'csv', rows: 3 } });
    expect(events.at(-1)!.actor_id).toBeTruthy();
  });
});
