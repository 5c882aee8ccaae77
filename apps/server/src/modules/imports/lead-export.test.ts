import { neutraliseCsvCell } from '@lantern/contracts';
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

// The children cells are read straight from the first three children and aggregated past them; a
// second or third value is compared directly and longer lists are sorted: each path against the
// cells computed here from the JSON export's children (the same on PostgreSQL's COPY and PGlite's pages).
describe("lead export: children's cells", () => {
  let c: TestApp;
  let ctoken: string;
  const child = (name: string, more: Record<string, unknown> = {}) => ({
    name,
    age: 7,
    grade: '2nd Grade',
    special_needs: [],
    current_support: [],
    ...more,
  });
  const families: Record<string, unknown>[][] = [
    [],
    [child('Solo', { age: null, grade: null, special_needs: ['Dyslexia'], current_support: ['IEP'] })],
    // Two values out of order, and two the same.
    [
      child('Ann', { special_needs: ['Dyslexia'], current_support: ['Tutoring'] }),
      child('Bo', { age: null, special_needs: ['ADHD'], current_support: ['Tutoring'] }),
    ],
    // In order already; a name with a comma and quotes; no grade on the second.
    [
      child('Cy "C", Jr', { special_needs: ['ADHD', 'Dyslexia'] }),
      child('Di', { grade: null, age: 12, current_support: ['IEP', 'Speech therapy'] }),
    ],
    // Three children: duplicates across them, more than two values (sorted), ages missing.
    [
      child('Ed', { age: null, special_needs: ['Dyslexia', 'ADHD'], current_support: ['OT'] }),
      child('Flo', { age: 9, special_needs: ['Autism', 'ADHD'], current_support: ['OT', 'IEP'] }),
      child('Gus', { age: null, grade: null, special_needs: ['Dyslexia'] }),
    ],
    // Five children (past the first three), formula-like first cells, and an empty list among them.
    [
      child('=SUM(A1)', { grade: '@grade', special_needs: ['+plus'] }),
      child('Zed', { age: 4, current_support: ['-minus'] }),
      child('Amy', { age: null, grade: null }),
      child('Kit', { age: 15, grade: '9th Grade' }),
      child('Lou', { age: 3, grade: 'Pre-K' }),
    ],
    // Four children, none with an age or a grade.
    ['Mo', 'Ned', 'Oz', 'Pia'].map((n) => child(n, { age: null, grade: null })),
  ];

  beforeAll(async () => {
    c = await createTestApp();
    ctoken = await loginToken(c.app);
    for (const children of families) {
      const lead = await createLead(
        c.app,
        ctoken,
        makeLead({ children: children.length ? children : [child('Gone')] }),
      );
      // No form writes a lead without children, but a stored row may have none (the chat's leads).
      if (!children.length)
        await queryRows(
          c.database,
          sql`update leads set children = '[]', child_count = 0, first_child_name = null,
            first_child_age = null, all_ages = '{}' where id = ${lead.id}`,
        );
    }
  });
  afterAll(() => c.close());

  type ExportedChild = {
    name: string;
    age: number | null;
    grade: string | null;
    special_needs: string[];
    current_support: string[];
  };
  const joined = (values: (string | number | null)[]) => values.filter((v) => v !== null).join('; ');
  const distinctSorted = (values: string[]) => [...new Set(values)].sort().join('; ');
  const cell = (value: string) => (value === '' ? '' : neutraliseCsvCell(value));

  it('writes every child in order, ages and grades skipped when missing, needs distinct and sorted', async () => {
    const get = (q: string) =>
      c.app.inject({ method: 'GET', url: `/api/leads/export/comprehensive?${q}`, headers: bearer(ctoken) });
    const exported: { id: string; children: ExportedChild[] }[] = (await get('format=json')).json();
    const records: Record<string, string>[] = parse((await get('format=csv')).body, { columns: true });
    expect(records).toHaveLength(families.length);
    const expected = (kids: ExportedChild[]) => ({
      children_count: String(kids.length),
      children_names: cell(joined(kids.map((k) => k.name))),
      children_ages: cell(joined(kids.map((k) => k.age))),
      children_grades: cell(joined(kids.map((k) => k.grade))),
      special_needs: cell(distinctSorted(kids.flatMap((k) => k.special_needs))),
      current_support: cell(distinctSorted(kids.flatMap((k) => k.current_support))),
    });
    for (const lead of exported) {
      const row = records.find((r) => r.id === lead.id)!;
      expect(row, lead.id).toBeTruthy();
      expect(pickChildCells(row)).toEqual(expected(lead.children));
    }
    // The oracle itself is checked on two families written out by hand.
    const byCount = (n: string) => records.filter((r) => r.children_count === n);
    expect(pickChildCells(byCount('3')[0]!)).toEqual({
      children_count: '3',
      children_names: 'Ed; Flo; Gus',
      children_ages: '9',
      children_grades: '2nd Grade; 2nd Grade',
      special_needs: 'ADHD; Autism; Dyslexia',
      current_support: 'IEP; OT',
    });
    expect(pickChildCells(byCount('5')[0]!)).toEqual({
      children_count: '5',
      children_names: "'=SUM(A1); Zed; Amy; Kit; Lou",
      children_ages: '7; 4; 15; 3',
      children_grades: "'@grade; 2nd Grade; 9th Grade; Pre-K",
      special_needs: "'+plus",
      current_support: "'-minus",
    });
    expect(pickChildCells(byCount('0')[0]!)).toEqual({
      children_count: '0',
      children_names: '',
      children_ages: '',
      children_grades: '',
      special_needs: '',
      current_support: '',
    });
  });
});

const CHILD_CELLS = [
  'children_count',
  'children_names',
  'children_ages',
  'children_grades',
  'special_needs',
  'current_support',
] as const;
const pickChildCells = (row: Record<string, string>) =>
  Object.fromEntries(CHILD_CELLS.map((k) => [k, row[k]]));
