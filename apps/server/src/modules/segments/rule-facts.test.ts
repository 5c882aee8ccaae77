import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLead, makeLead } from '../../test/factories';
import {
  bearer,
  createTestApp,
  DEFAULT_ADMIN,
  freshAddress,
  loginToken,
  queryRows,
  type TestApp,
} from '../../test/test-app';
import { deleteAllLeads } from '../leads';
import { createLeadsRepository } from '../leads/leads.repository';

// The rules' narrow projection of the leads (lead_rule_facts, migration 0021_rule_scan) is kept
// by triggers on leads. Drift: after every kind of write, through every path (the API's create,
// update and delete, imports that create and merge, a download, raw statements, a rolled-back
// transaction, the clearing of every lead through lead-clearing.ts and through the widget's
// clear-analytics, a TRUNCATE), it holds exactly one row per lead equal to the lead's fields as
// rules read them, and the rule test answers as the leads themselves do.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
});
afterAll(() => t.close());

const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** The facts a rule reads of each lead, computed here from the leads table itself. */
const EXPECTED = sql`
  select id as lead_id, created_at, lead_score, child_count, first_child_age as child_age,
    email, parent_name, first_child_name as child_name, phone, timeline, biggest_concerns,
    lower(coalesce(email, '')) as email_lc, lower(coalesce(parent_name, '')) as parent_name_lc,
    lower(coalesce(first_child_name, '')) as child_name_lc, lower(coalesce(phone, '')) as phone_lc,
    lower(coalesce(timeline, '')) as timeline_lc, lower(coalesce(biggest_concerns, '')) as biggest_concerns_lc,
    array(select lower(x) from unnest(first_child_special_needs) x) as special_needs_lc,
    array(select lower(x) from unnest(first_child_current_support) x) as current_support_lc,
    array(select lower(x) from unnest(all_special_needs) x) as all_special_needs_lc,
    all_ages
  from leads`;

/** The facts equal the leads' fields, row for row; answers how many leads there are. */
async function expectNoDrift(): Promise<number> {
  const [counts] = await queryRows(
    t.database,
    sql`select (select count(*) from leads)::int as leads, (select count(*) from lead_rule_facts)::int as facts`,
  );
  const missing = await queryRows(
    t.database,
    sql`select lead_id, email from (${EXPECTED} except all select * from lead_rule_facts) d`,
  );
  const extra = await queryRows(
    t.database,
    sql`select lead_id, email from (select * from lead_rule_facts except all ${EXPECTED}) d`,
  );
  expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  expect(counts!.facts).toBe(counts!.leads);
  return counts!.leads as number;
}

/** The rule test's counts, and the same counted on the leads table with the in-memory meanings. */
async function ruleTestCounts(inclusion: object, exclusion?: object) {
  const res = await request('POST', '/api/segments/evaluate-rules', {
    inclusion_rules: inclusion,
    ...(exclusion ? { exclusion_rules: exclusion } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { total: body.total_leads, matching: body.matching_count, excluded: body.excluded_count };
}

const ADHD = {
  operator: 'AND',
  conditions: [{ field: 'special_needs', operator: 'contains', value: 'adhd' }],
};
const SOON = {
  operator: 'OR',
  conditions: [{ field: 'timeline', operator: 'equals', value: 'IMMEDIATELY' }],
};

describe('the rules’ projection of the leads', () => {
  it('starts with one row per lead, and none without a lead', async () => {
    expect(await expectNoDrift()).toBe(0);
  });

  it('stays exact through every write path', async () => {
    // The API: create (one child, then three), update (children replaced, text changed and
    // cleared), delete.
    const first = await createLead(t.app, token, makeLead({ timeline: 'Immediately' }));
    const second = await createLead(
      t.app,
      token,
      makeLead({ biggest_concerns: 'Transitions AND Noise', parent_name: 'ÉLODIE Dupont' }, 3),
    );
    const third = await createLead(t.app, token, makeLead({ phone: undefined }));
    expect(await expectNoDrift()).toBe(3);
    expect(await ruleTestCounts(ADHD, SOON)).toEqual({ total: 3, matching: 2, excluded: 1 });

    const updated = await request('PUT', `/api/leads/${first.id}`, {
      parent_name: 'Renamed Parent',
      timeline: 'Next year',
      phone: '',
      children: [{ name: 'Zoë', age: 11, special_needs: ['Dyslexia', 'Autism/ASD'], current_support: [] }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await expectNoDrift()).toBe(3);
    expect(await ruleTestCounts(ADHD, SOON)).toEqual({ total: 3, matching: 2, excluded: 0 });
    const [facts] = await queryRows(
      t.database,
      sql`select parent_name, child_age, special_needs_lc, all_ages from lead_rule_facts where lead_id = ${first.id}`,
    );
    expect(facts).toEqual({
      parent_name: 'Renamed Parent',
      child_age: 11,
      special_needs_lc: ['dyslexia', 'autism/asd'],
      all_ages: [11],
    });

    // A write no rule reads (a download, an email status) does not rewrite the row.
    const version = async () =>
      (await queryRows(t.database, sql`select xmin::text as v from lead_rule_facts order by lead_id`)).map(
        (r) => r.v,
      );
    const before = await version();
    await createLeadsRepository(t.database.db).incrementDownloads(second.email);
    await t.database.db.execute(sql`update leads set email_status = 'bounced' where id = ${third.id}`);
    expect(await version()).toEqual(before);
    expect(await expectNoDrift()).toBe(3);

    // Import: new rows and a merge into an existing lead.
    const child = [{ name: 'Kid', age: '7', special_needs: 'Autism/ASD', current_support: 'none' }];
    const imported = await request('POST', '/api/leads/import/bulk', {
      skipDuplicates: false,
      leads: [
        {
          email: 'facts-import-1@example.org',
          parent_name: 'Import One',
          timeline: 'Immediately',
          children: child,
        },
        { email: 'facts-import-2@example.org', parent_name: 'Import Two', children: child },
        { email: third.email, parent_name: 'Merged Parent', children: child },
      ],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().results, imported.body).toMatchObject({ created: 2, updated: 1 });
    expect(await expectNoDrift()).toBe(5);

    // Raw statements (as a data fix or another module would write): insert, update many, delete.
    // Array items the migration lowers as the array's text: quotes, commas, braces, backslashes,
    // spaces, a null item and the text "NULL" come back as lowering each item gives.
    const tricky = ['ADHD', null, 'Has, Comma', 'Quote"D', 'Back\\Slash', 'NULL', ' Spaced {X} ', 'Null'];
    const textArray = (items: (string | null)[]) =>
      sql`array(select jsonb_array_elements_text(${JSON.stringify(items)}::jsonb))`;
    await t.database.db.execute(
      sql`insert into leads (email, parent_name, all_special_needs, first_child_special_needs, first_child_current_support)
          values ('raw@example.org', 'Raw Lead', ${textArray(tricky)}, ${textArray(tricky.slice(2))},
            ${textArray(['ÉCOLE Ü', 'Ωmega'])})`,
    );
    expect(await expectNoDrift()).toBe(6);
    const [raw] = await queryRows(
      t.database,
      sql`select all_special_needs_lc from lead_rule_facts f join leads l on l.id = f.lead_id
          where l.email = 'raw@example.org'`,
    );
    expect(raw!.all_special_needs_lc).toEqual(tricky.map((x) => x?.toLowerCase() ?? null));
    await t.database.db.execute(
      sql`update leads set lead_score = lead_score + 1, created_at = created_at - interval '3 days'`,
    );
    await t.database.db.execute(sql`delete from leads where email = 'raw@example.org'`);
    expect(await expectNoDrift()).toBe(5);

    // The API's delete.
    const deleted = await request('DELETE', `/api/leads/${second.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await expectNoDrift()).toBe(4);

    // A transaction that rolls back leaves no trace.
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from leads`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await expectNoDrift()).toBe(4);

    // The clearing of every lead (lead-clearing.ts), in the caller's transaction.
    await t.database.db.transaction(async (tx) => {
      expect(await deleteAllLeads(tx)).toBe(4);
    });
    expect(await expectNoDrift()).toBe(0);
    expect(await ruleTestCounts(ADHD)).toEqual({ total: 0, matching: 0, excluded: 0 });
  });

  it('stays exact when the widget’s clear analytics deletes the leads, and on a TRUNCATE', async () => {
    for (let i = 0; i < 3; i++) await createLead(t.app, token, makeLead());
    expect(await expectNoDrift()).toBe(3);
    const cleared = await t.app.inject({
      method: 'POST',
      url: '/admin/clear-analytics',
      headers: bearer(token),
      payload: { password: DEFAULT_ADMIN.password, include_leads: true },
      remoteAddress: freshAddress(),
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().summary.leads).toBe(3);
    expect(await expectNoDrift()).toBe(0);

    for (let i = 0; i < 2; i++) await createLead(t.app, token, makeLead());
    expect(await expectNoDrift()).toBe(2);
    await t.database.db.execute(sql`truncate leads cascade`);
    expect(await expectNoDrift()).toBe(0);
  });
});
