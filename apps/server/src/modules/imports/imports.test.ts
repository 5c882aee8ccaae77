import { IMPORT_COLUMNS, validateImportRow } from '@lantern/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLead, makeLead } from '../../test/factories';
import { bearer, createTestApp, loginToken, queryRows, type TestApp } from '../../test/test-app';
import { createChatRepository } from '../chat/chat.repository';
import { createChatService } from '../chat/chat.service';
import { createJobQueue } from '../jobs/job-queue';
import { createLeadsRepository, storedChildren } from '../leads/leads.repository';
import { createLeadsService } from '../leads/leads.service';
import { createSegmentsRepository } from '../segments/segments.repository';
import { createSegmentsService } from '../segments/segments.service';

let t: TestApp;
let token: string;
let existingEmail: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
  existingEmail = (await createLead(t.app, token, makeLead())).email;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

let n = 0;
const row = (overrides: Record<string, unknown> = {}) => {
  n += 1;
  return {
    email: `import${n}@example.org`,
    parent_name: `Importer ${n}`,
    phone: '555-010-2000',
    timeline: 'Immediately',
    children: [{ name: `Kid ${n}`, age: '6', special_needs: 'ADHD', current_support: 'none' }],
    ...overrides,
  };
};

describe('GET /api/leads/import/template', () => {
  it('answers the template CSV with every column and one sample row', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/leads/import/template',
      headers: bearer(token),
    });
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="lead-import-template.csv"');
    const [header, sample, ...rest] = res.body.trim().split('\n');
    expect(header).toBe(IMPORT_COLUMNS.join(','));
    expect(sample).toContain('Next semester');
    expect(sample).toContain(',8,');
    expect(rest).toEqual([]);
  });
});

describe('POST /api/leads/import/validate', () => {
  it('sorts rows into valid, invalid, duplicates and warnings with the file line numbers', async () => {
    const a = row();
    const res = await post('/api/leads/import/validate', {
      leads: [
        { ...a, lineNumber: 2 },
        { ...row(), lineNumber: 3 },
        { ...row({ phone: '' }), lineNumber: 4 },
        { ...row({ children: [{ name: 'Too Old', age: '30' }] }), lineNumber: 6 },
        { ...row({ email: existingEmail.toUpperCase() }), lineNumber: 7 },
        { ...row({ email: a.email }), lineNumber: 8 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const { validation, summary } = res.json();
    expect(summary).toEqual({ valid: 3, invalid: 1, duplicates: 2, warnings: 1 });
    expect(validation.valid.map((v: { lineNumber: number }) => v.lineNumber)).toEqual([2, 3, 4]);
    expect(validation.invalid[0]).toMatchObject({
      lineNumber: 6,
      errors: ['Child 1 age must be between 0 and 25'],
    });
    expect(validation.duplicates).toEqual([
      { email: existingEmail, lineNumber: 7, reason: 'A lead with this email already exists' },
      { email: a.email, lineNumber: 8, reason: 'Same email as line 2' },
    ]);
    expect(validation.warnings[0]).toMatchObject({ lineNumber: 4, warnings: ['No phone number'] });
  });

  it('numbers rows from line 2 when the client gives no line numbers', async () => {
    const res = await post('/api/leads/import/validate', { leads: [row(), row({ email: 'bad' })] });
    expect(res.json().validation.invalid[0].lineNumber).toBe(3);
  });

  it.each([
    [{}, 'leads'],
    [{ leads: 'x' }, 'leads'],
    [{ leads: [], extra: 1 }, 'extra'],
    [{ leads: [{ email: { nested: true } }] }, 'leads.0.email'],
  ])('refuses a malformed request %j with a 400', async (payload, field) => {
    const res = await post('/api/leads/import/validate', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(field);
  });

  it('refuses a body over 25 MB with a 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/leads/import/validate',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: `{"leads":[{"email":"${'x'.repeat(26 * 1024 * 1024)}"}]}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('Request body is too large (at most 25 MB)');
  });
});

describe('POST /api/leads/import/bulk', () => {
  it('creates the valid rows, skips duplicates, reports every row, and scores the new leads', async () => {
    const rows = [row(), row(), row({ email: existingEmail }), row({ timeline: 'Someday' })].map((r, i) => ({
      ...r,
      lineNumber: i + 2,
    }));
    const res = await post('/api/leads/import/bulk', { leads: rows });
    expect(res.statusCode).toBe(200);
    const { results } = res.json();
    expect(results).toMatchObject({ created: 2, updated: 0, skipped: 1, errors: 1 });
    expect(results.details.skipped).toEqual([
      { lineNumber: 4, email: existingEmail, reason: 'A lead with this email already exists' },
    ]);
    expect(results.details.errors).toEqual([
      { lineNumber: 5, email: rows[3]!.email, error: 'Timeline "Someday" is not one of the options' },
    ]);
    const created = await t.app.inject({
      method: 'GET',
      url: `/api/leads/${results.details.created[0].id}`,
      headers: bearer(token),
    });
    // Immediately 30 + contact 20 + children 20 (named, aged, needs given), no consent or engagement.
    expect(created.json().lead).toMatchObject({
      source: 'import',
      lead_score: 70,
      child_name: rows[0]!.children[0]!.name,
    });

    const again = (await post('/api/leads/import/bulk', { leads: rows })).json().results;
    expect(again).toMatchObject({ created: 0, skipped: 3, errors: 1 });
  });

  it('merges duplicates into the existing lead when skipDuplicates is off, losing nothing', async () => {
    const existing = await createLead(t.app, token, makeLead({ phone: null, biggest_concerns: 'Keep this' }));
    const res = await post('/api/leads/import/bulk', {
      skipDuplicates: false,
      leads: [
        row({
          email: existing.email,
          parent_name: 'Another Name',
          phone: '555-777-8888',
          biggest_concerns: 'New text',
          children: [
            { name: 'Brand New Kid', age: 4 },
            { name: (existing.children as { name: string }[])[0]!.name },
          ],
        }),
      ],
    });
    expect(res.json().results).toMatchObject({ created: 0, updated: 1, skipped: 0, errors: 0 });
    const lead = (
      await t.app.inject({ method: 'GET', url: `/api/leads/${existing.id}`, headers: bearer(token) })
    ).json().lead;
    expect(lead.parent_name).toBe(existing.parent_name);
    expect(lead.biggest_concerns).toBe('Keep this');
    expect(lead.phone).toBe('555-777-8888');
    expect(lead.children.map((c: { name: string }) => c.name)).toEqual([
      (existing.children as { name: string }[])[0]!.name,
      'Brand New Kid',
    ]);
  });

  it('stores every character as typed (quotes, backslashes, tabs, line breaks, accents)', async () => {
    const concerns = 'Line one\nline two, with a \\N and \\t\r\nend';
    const tricky = row({
      parent_name: 'Zoë "Zo" O\'Brien \\ Tab\there',
      biggest_concerns: concerns,
      children: [
        {
          name: 'Kid {braces}, "quoted" \\',
          age: '7',
          special_needs: 'ADHD, Dyslexia',
          current_support: 'IEP',
        },
      ],
    });
    const { results } = (await post('/api/leads/import/bulk', { leads: [tricky] })).json();
    expect(results).toMatchObject({ created: 1, errors: 0 });
    const lead = (
      await t.app.inject({
        method: 'GET',
        url: `/api/leads/${results.details.created[0].id}`,
        headers: bearer(token),
      })
    ).json().lead;
    expect(lead.parent_name).toBe(tricky.parent_name);
    expect(lead.biggest_concerns).toBe(concerns);
    expect(lead.children[0]).toMatchObject({
      name: tricky.children[0]!.name,
      age: 7,
      special_needs: ['ADHD', 'Dyslexia'],
      current_support: ['IEP'],
    });
    expect(lead.score_breakdown.length).toBeGreaterThan(0);
  });

  it('refuses rows with a NUL character (a database cannot store it) and imports the others', async () => {
    const good = row();
    const badEmail = row({ email: `nul\u0000${n}@example.org` });
    const badName = row({ parent_name: 'Ann\u0000Lee' });
    const validation = (
      await post('/api/leads/import/validate', { leads: [badEmail, good, badName] })
    ).json();
    expect(validation.summary).toMatchObject({ valid: 1, invalid: 2 });
    expect(validation.validation.invalid.map((v: { errors: string[] }) => v.errors)).toEqual([
      ['Email contains a NUL character, which cannot be stored'],
      ['Parent name contains a NUL character, which cannot be stored'],
    ]);
    const res = await post('/api/leads/import/bulk', { leads: [badEmail, good, badName] });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({ created: 1, errors: 2 });
    expect(res.json().results.details.created[0].email).toBe(good.email);
  });

  it('answers a single lead with a NUL character with a 400, storing nothing', async () => {
    const email = `single-nul-${n}@example.org`;
    const res = await post('/api/leads/import/single', {
      ...makeLead({ email, parent_name: 'Ann\u0000Lee' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Text must not contain NUL characters (\\u0000)' });
    expect(await queryRows(t.database, sql`select id from leads where email = ${email}`)).toEqual([]);
  });

  it('skips an email taken between validation and insert, and still writes the rest of its batch', async () => {
    const repo = createLeadsRepository(t.database.db);
    const bulk = (email: string) => ({
      created_at: new Date().toISOString(),
      email,
      parent_name: 'Racer',
      phone: null,
      timeline: null,
      timeline_date: null,
      biggest_concerns: null,
      lead_score: 20,
      score_breakdown: [],
      search_text: email,
      source: 'import',
      child_count: 1,
      first_child_name: 'Racer Kid',
      first_child_age: 5,
      first_child_special_needs: [],
      first_child_current_support: [],
      all_special_needs: [],
      all_ages: [5],
      children: storedChildren([
        { name: 'Racer Kid', age: 5, grade: null, specialNeeds: [], currentSupport: [] },
      ]),
    });
    const created = await repo.transaction((tx) =>
      repo.insertMany([bulk('racer-new@example.org'), bulk(existingEmail)], tx),
    );
    expect([...created.keys()]).toEqual(['racer-new@example.org']);
    const stored = await repo.findLeadById(created.get('racer-new@example.org')!);
    expect(stored?.children.map((c) => c.name)).toEqual(['Racer Kid']);
    const kept = await queryRows(
      t.database,
      sql`select parent_name from leads where email = ${existingEmail}`,
    );
    expect(kept[0]?.parent_name).not.toBe('Racer');
  });

  it('imports a large file in batches', async () => {
    const rows = Array.from({ length: 1234 }, () => row());
    const { results } = (await post('/api/leads/import/bulk', { leads: rows })).json();
    expect(results).toMatchObject({ created: 1234, skipped: 0, errors: 0 });
  });

  it('judges a big file a slice at a time: a repeat of an early line in a later slice is still a repeat, never merged', async () => {
    const rows = Array.from({ length: 2100 }, () => row());
    const repeat = { ...row(), email: rows[0]!.email.toUpperCase(), parent_name: 'Not Merged' };
    const invalid = row({ email: 'not-an-email' });
    const file = [...rows.slice(0, 1500), invalid, ...rows.slice(1500), repeat];
    const { results } = (await post('/api/leads/import/bulk', { leads: file, skipDuplicates: false })).json();
    expect(results).toMatchObject({ created: 2100, updated: 0, skipped: 1, errors: 1 });
    expect(results.details.skipped).toEqual([
      { lineNumber: 2103, email: rows[0]!.email, reason: 'Same email as line 2' },
    ]);
    expect(results.details.errors.map((e: { lineNumber: number }) => e.lineNumber)).toEqual([1502]);
    expect(results.details.created.at(-1).lineNumber).toBe(2102);
    const first = await queryRows(
      t.database,
      sql`select parent_name from leads where email = ${rows[0]!.email}`,
    );
    expect(first).toEqual([{ parent_name: rows[0]!.parent_name }]);
  });

  it('still records who imported when the import fails after writing some batches', async () => {
    // The service as the app builds it, fed batches whose making fails after the first: what a
    // database failure while judging a later slice looks like. HTTP cannot cause it on purpose.
    const db = t.database.db;
    const segments = createSegmentsService({
      repo: createSegmentsRepository(db),
      jobs: createJobQueue(db, t.app.log),
      mailerlite: null,
      log: t.app.log,
      convertedConversations: async () => 0,
    });
    const leads = createLeadsService({
      db,
      repo: createLeadsRepository(db),
      segments,
      chat: createChatService(createChatRepository(db)),
      onLeadsChanged: (leadIds, tx) => segments.tagLeads(leadIds, tx),
      onLeadsCreated: (created, tx, now) => segments.tagNewLeads(created, tx, now),
    });
    const written = [row(), row()];
    async function* batches() {
      yield written.map((r, i) => ({ lead: validateImportRow(r).lead, lineNumber: i + 2 }));
      throw new Error('connection lost while judging');
    }
    const actor = { userId: null, ip: '203.0.113.9' };
    await expect(leads.createImportedLeads(batches(), actor)).rejects.toThrow('connection lost');
    const stored = await queryRows(
      t.database,
      sql`select email from leads where email in (${written[0]!.email}, ${written[1]!.email})`,
    );
    expect(stored).toHaveLength(2);
    const audit = await queryRows(
      t.database,
      sql`select details from audit_events where action = 'leads.imported' and ip = '203.0.113.9'`,
    );
    expect(audit).toEqual([{ details: { created: 2, conflicts: 0, failed: 0, interrupted: true } }]);
  });

  it('records imports in the audit log without personal data', async () => {
    const events = await queryRows(
      t.database,
      sql`select action, details from audit_events where action = 'leads.imported'`,
    );
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toContain('@example.org');
  });
});
