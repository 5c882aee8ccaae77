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
  await createLead(
    t.app,
    token,
    makeLead({
      email: 'quoting@example.com',
      parent_name: 'Ann, "Nan" O\'Neil',
      phone: '@5550100',
      biggest_concerns: 'Line one\nline two; tab\tinside',
    }),
  );
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
    expect(records).toHaveLength(4);
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

  // The same bytes whichever database writes the file (PostgreSQL's COPY or the paged path on PGlite).
  it('writes RFC 4180 cells: quotes doubled, commas and line breaks quoted, empty cells empty', async () => {
    const res = await exportLeads(
      'format=csv&columns=email,parent_name,phone,biggest_concerns,payment_amount',
    );
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('email,parent_name,phone,payment_amount,biggest_concerns');
    // Newest first: the last lead created is the first row.
    expect(lines.slice(1, 3).join('\n')).toBe(
      `quoting@example.com,"Ann, ""Nan"" O'Neil",'@5550100,,"Line one\nline two; tab\tinside"`,
    );
    expect(res.body.endsWith('\n')).toBe(true);
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
    expect(leads).toHaveLength(4);
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
    expect(events.at(-1)).toMatchObject({ details: { format: 'csv', rows: 4, completed: true } });
    expect(events.at(-1)!.actor_id).toBeTruthy();
  });

  // The tags cell is the segments module's SQL inside the leads module's export query.
  it("writes each lead's segment tags, highest priority first", async () => {
    for (const [name, priority] of [
      ['Later families', 2],
      ['Urgent families', 9],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/segments',
        headers: bearer(token),
        payload: {
          name,
          priority,
          inclusion_rules: {
            operator: 'AND',
            conditions: [{ field: 'email', operator: 'contains', value: 'tagged' }],
          },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await createLead(t.app, token, makeLead({ email: 'tagged@example.com' }));
    const records: Record<string, string>[] = parse(
      (await exportLeads('format=csv&columns=email,segment_tags')).body,
      { columns: true },
    );
    expect(records).toHaveLength(5);
    expect(records[0]).toEqual({
      email: 'tagged@example.com',
      segment_tags: 'Urgent families; Later families',
    });
    expect(records.slice(1).map((r) => r.segment_tags)).toEqual(['', '', '', '']);
  });
});
