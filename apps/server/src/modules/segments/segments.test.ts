import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMailerLite, type FakeMailerLite } from '../../providers/mailerlite/fake-mailerlite';
import { createLead, makeLead } from '../../test/factories';
import {
  bearer,
  createTestApp,
  DEFAULT_ADMIN,
  loginToken,
  queryRows,
  type TestApp,
} from '../../test/test-app';

const AUTISM_IMMEDIATE = {
  operator: 'AND',
  conditions: [
    { field: 'all_special_needs', operator: 'contains', value: 'Autism/ASD' },
    { field: 'timeline', operator: 'equals', value: 'Immediately' },
  ],
};
const LOW_SCORE = { operator: 'OR', conditions: [{ field: 'lead_score', operator: 'less_than', value: 20 }] };

const autismLead = (overrides: Record<string, unknown> = {}) =>
  makeLead({
    timeline: 'Immediately',
    children: [
      { name: 'Ari', age: 7, special_needs: ['ADHD'] },
      { name: 'Bo', age: 9, special_needs: ['Autism/ASD'] },
    ],
    ...overrides,
  });

let t: TestApp;
let token: string;
let fake: FakeMailerLite;
beforeAll(async () => {
  fake = await startFakeMailerLite({ apiKey: 'ml-test-key-0123456789' });
  t = await createTestApp({ MAILERLITE_API_KEY: 'ml-test-key-0123456789', MAILERLITE_API_URL: fake.url });
  token = await loginToken(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function createSegment(body: Record<string, unknown>) {
  const res = await call('POST', '/api/segments', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().segment as { id: string; name: string; [k: string]: unknown };
}

async function segmentLeads(id: string, query = '') {
  const res = await call('GET', `/api/segments/${id}/leads?limit=200${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    leads: { id: string; email: string; manually_assigned: boolean; special_needs: string[] }[];
    pagination: { total: number; totalPages: number };
    segment_total: number;
  };
}

/** Waits for the background re-evaluation to stamp the segment. */
async function evaluated(id: string) {
  for (let i = 0; i < 100; i++) {
    const list = (await call('GET', '/api/segments')).json().segments as {
      id: string;
      last_evaluated: string | null;
    }[];
    const s = list.find((x) => x.id === id);
    if (s?.last_evaluated) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('segment was never evaluated');
}

describe('segment rules and automatic tagging', () => {
  it('tests rules: counts, percentage and at most 3 samples of each kind', async () => {
    const matching = [];
    for (let i = 0; i < 4; i++) matching.push(await createLead(t.app, token, autismLead()));
    await createLead(t.app, token, makeLead({ timeline: 'Immediately' }));
    const res = await call('POST', '/api/segments/evaluate-rules', {
      inclusion_rules: AUTISM_IMMEDIATE,
      exclusion_rules: {
        operator: 'OR',
        conditions: [{ field: 'email', operator: 'equals', value: matching[0]!.email }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result.total_leads).toBe(5);
    expect(result.matching_count).toBe(3);
    expect(result.excluded_count).toBe(1);
    expect(result.match_percentage).toBe(60);
    expect(result.matching_leads).toHaveLength(3);
    expect(result.excluded_leads.map((l: { email: string }) => l.email)).toEqual([matching[0]!.email]);
    expect(Object.keys(result.matching_leads[0]).sort()).toEqual([
      'child_name',
      'email',
      'id',
      'lead_score',
      'parent_name',
    ]);
  });

  it('creates a segment, tags the matching leads in the background and stamps last_evaluated', async () => {
    const segment = await createSegment({
      name: 'Autism - Immediate',
      inclusion_rules: AUTISM_IMMEDIATE,
      exclusion_rules: LOW_SCORE,
    });
    expect(segment).toMatchObject({
      priority: 5,
      is_active: true,
      email_list_ready: true,
      auto_tag: true,
      status: 'Email Ready',
    });
    expect(segment.rules_summary).toContain(
      'special needs (any child) contains Autism/ASD AND timeline equals Immediately',
    );
    const stamped = await evaluated(segment.id);
    expect(stamped).toMatchObject({ active_leads: 4 });
    const page = await segmentLeads(segment.id);
    expect(page.leads.every((l) => !l.manually_assigned)).toBe(true);
    expect(page.leads[0]!.special_needs).toEqual(['ADHD', 'Autism/ASD']);
  });

  it('tags a new or changed lead at once, and keeps manual members whatever the rules say', async () => {
    const segment = await createSegment({
      name: 'Immediate only',
      inclusion_rules: {
        operator: 'AND',
        conditions: [{ field: 'timeline', operator: 'equals', value: 'immediately' }],
      },
    });
    await evaluated(segment.id);
    const created = await call('POST', '/api/leads/import/single', autismLead());
    expect(created.statusCode, created.body).toBe(201);
    const lead = created.json().lead;
    expect(created.json().segments).toEqual(expect.arrayContaining(['Autism - Immediate', 'Immediate only']));

    // No longer immediate: the automatic tags go...
    const changed = await call('PUT', `/api/leads/${lead.id}`, { timeline: 'Just exploring' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().lead.segment_tags).not.toContain('Immediate only');
    // ...but a manual assignment stays, marked Manual.
    await call('POST', `/api/segments/${segment.id}/assign-leads`, { lead_ids: [lead.id] });
    await call('PUT', `/api/leads/${lead.id}`, { phone: '(555) 777-1234' });
    const members = await segmentLeads(segment.id, '&assignment=manual');
    expect(members.leads.map((l) => l.id)).toEqual([lead.id]);
  });

  it('tags imported leads exactly as manually created ones', async () => {
    const res = await call('POST', '/api/leads/import/bulk', {
      leads: [
        {
          email: 'imported.autism@example.org',
          parent_name: 'Imp One',
          phone: '5550101234',
          timeline: 'Immediately',
          children: [{ name: 'Kit', age: '6', special_needs: 'Autism/ASD' }],
        },
        {
          email: 'imported.other@example.org',
          parent_name: 'Imp Two',
          timeline: 'Just exploring',
          children: [{ name: 'Lou', age: '6' }],
        },
      ],
      skipDuplicates: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const segments = (await call('GET', '/api/segments')).json().segments as { id: string; name: string }[];
    const autism = segments.find((s) => s.name === 'Autism - Immediate')!;
    const emails = (await segmentLeads(autism.id)).leads.map((l) => l.email);
    expect(emails).toContain('imported.autism@example.org');
    expect(emails).not.toContain('imported.other@example.org');

    // Imports are tagged by the in-memory evaluator; re-evaluating in SQL changes nothing.
    const before = await call('GET', '/api/segments');
    const stamp = before.json().segments.find((s: { id: string }) => s.id === autism.id).last_evaluated;
    await call('PUT', `/api/segments/${autism.id}`, { inclusion_rules: AUTISM_IMMEDIATE });
    for (let i = 0; i < 100; i++) {
      const now = (await call('GET', '/api/segments'))
        .json()
        .segments.find((s: { id: string }) => s.id === autism.id);
      if (now.last_evaluated !== stamp) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await segmentLeads(autism.id)).leads.map((l) => l.email).sort()).toEqual([...emails].sort());
  });

  it('refuses bad rules with a 400 in plain words, never a 500', async () => {
    const cases: [unknown, string][] = [
      [
        { operator: 'AND', conditions: [{ field: 'email', operator: 'matches_regex', value: '(?=a)' }] },
        'Inclusion rule 1: Pattern uses a special group',
      ],
      [
        { operator: 'AND', conditions: [{ field: 'email', operator: 'matches_regex', value: '(a' }] },
        'not a valid regular expression',
      ],
      [
        // Valid to the editor, refused by PostgreSQL: still refused when no lead has its literal "zz".
        { operator: 'AND', conditions: [{ field: 'email', operator: 'matches_regex', value: 'zz[a-\\d]' }] },
        'not a valid regular expression',
      ],
      [
        { operator: 'AND', conditions: [{ field: 'email', operator: 'matches_regex', value: 'a{500}' }] },
        'repeats more than 100',
      ],
      [
        { operator: 'AND', conditions: [{ field: 'lead_score', operator: 'greater_than', value: 'high' }] },
        'Lead score needs a number',
      ],
      [
        { operator: 'AND', conditions: [{ field: 'lead_score', operator: 'contains', value: 5 }] },
        'cannot use the operator contains',
      ],
      [
        {
          operator: 'AND',
          conditions: [{ field: 'created_at', operator: 'less_than', value: '2026-02-30' }],
        },
        'the date must be a day',
      ],
      [
        { operator: 'AND', conditions: [{ field: 'favourite_colour', operator: 'equals', value: 'x' }] },
        'unknown field',
      ],
      [{ operator: 'XOR', conditions: [] }, 'inclusion rules must have AND or OR operator'],
      [
        { operator: 'AND', conditions: [{ field: 'email', operator: 'equals' }] },
        'Inclusion rule 1: Value is required',
      ],
    ];
    for (const [rules, message] of cases) {
      const res = await call('POST', '/api/segments/evaluate-rules', { inclusion_rules: rules });
      expect(res.statusCode, JSON.stringify(rules)).toBe(400);
      expect(res.json().error).toContain(message);
    }
    const typed = await call('POST', '/api/segments/evaluate-rules', {
      inclusion_rules: {
        operator: 'AND',
        conditions: [{ field: 'email', operator: 'equals', value: { $ne: 1 } }],
      },
    });
    expect(typed.statusCode).toBe(400);
  });

  it('answers a pathological pattern quickly (bounded work)', async () => {
    const started = Date.now();
    const res = await call('POST', '/api/segments/evaluate-rules', {
      inclusion_rules: {
        operator: 'AND',
        conditions: [{ field: 'biggest_concerns', operator: 'matches_regex', value: '(a*)*(b+)+(c|cc)*$' }],
      },
    });
    expect([200, 400]).toContain(res.statusCode);
    expect(Date.now() - started).toBeLessThan(6_000);
  });

  it('validates segments with the editor’s messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ', inclusion_rules: AUTISM_IMMEDIATE }, 'Segment name is required'],
      [
        { name: 'No rules' },
        'At least one inclusion rule is required (unless this is a "never contact" segment)',
      ],
      [
        { name: 'Too keen', priority: 101, inclusion_rules: AUTISM_IMMEDIATE },
        'Priority must be between 1 and 100',
      ],
      [
        { name: 'Autism - Immediate', inclusion_rules: AUTISM_IMMEDIATE },
        'A segment with this name already exists',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/segments', body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error).toContain(message);
    }
    // A never-contact segment needs no rules and is never email-ready.
    const nc = await createSegment({ name: 'Do not email', never_contact: true, email_list_ready: true });
    expect(nc).toMatchObject({ never_contact: true, email_list_ready: false, status: 'Do Not Contact' });
  });
});

describe('segment management', () => {
  it('pauses with is_active alone, lists leads with filters and pages, removes and moves', async () => {
    const segments = (await call('GET', '/api/segments')).json().segments as { id: string; name: string }[];
    const autism = segments.find((s) => s.name === 'Autism - Immediate')!;
    const paused = await call('PUT', `/api/segments/${autism.id}`, { is_active: false });
    expect(paused.json().segment).toMatchObject({
      is_active: false,
      status: 'Inactive',
      name: 'Autism - Immediate',
    });
    await call('PUT', `/api/segments/${autism.id}`, { is_active: true });

    const page = await call('GET', `/api/segments/${autism.id}/leads?page=1&limit=2`);
    const body = page.json();
    expect(body.leads).toHaveLength(2);
    expect(body.pagination.totalPages).toBe(Math.ceil(body.pagination.total / 2));
    expect(body.segment_total).toBe(body.pagination.total);
    const high = await segmentLeads(autism.id, '&score=low');
    expect(high.pagination.total).toBe(0);
    expect(high.segment_total).toBeGreaterThan(0);

    const first = body.leads[0].id as string;
    const target = await createSegment({
      name: 'Follow up',
      inclusion_rules: {
        operator: 'AND',
        conditions: [{ field: 'email', operator: 'contains', value: 'nobody-matches-this' }],
      },
    });
    const removed = await call('POST', `/api/segments/${autism.id}/remove-leads`, { lead_ids: [first] });
    expect(removed.json()).toEqual({ success: true, removed: 1 });
    const assigned = await call('POST', `/api/segments/${target.id}/assign-leads`, { lead_ids: [first] });
    expect(assigned.json()).toMatchObject({ success: true, message: '1 lead assigned to Follow up' });
    expect((await segmentLeads(target.id)).leads.map((l) => l.id)).toEqual([first]);
    expect((await segmentLeads(autism.id)).leads.map((l) => l.id)).not.toContain(first);
  });

  it('keeps a lead taken out by hand out, even when the rules match it again', async () => {
    const segments = (await call('GET', '/api/segments')).json().segments as {
      id: string;
      name: string;
      last_evaluated: string;
    }[];
    const autism = segments.find((s) => s.name === 'Autism - Immediate')!;
    const member = (await segmentLeads(autism.id, '&assignment=auto')).leads[0]!;
    await call('POST', `/api/segments/${autism.id}/remove-leads`, { lead_ids: [member.id] });
    // A lead change and a full re-evaluation both leave it out.
    await call('PUT', `/api/leads/${member.id}`, { phone: '(555) 123-9876' });
    await call('PUT', `/api/segments/${autism.id}`, { inclusion_rules: AUTISM_IMMEDIATE });
    for (let i = 0; i < 100; i++) {
      const now = (await call('GET', '/api/segments'))
        .json()
        .segments.find((s: { id: string }) => s.id === autism.id);
      if (now.last_evaluated !== autism.last_evaluated) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await segmentLeads(autism.id)).leads.map((l) => l.id)).not.toContain(member.id);
    // Assigning it by hand brings it back, as Manual.
    await call('POST', `/api/segments/${autism.id}/assign-leads`, { lead_ids: [member.id] });
    const back = (await segmentLeads(autism.id)).leads.find((l) => l.id === member.id);
    expect(back?.manually_assigned).toBe(true);
  });

  it('exports as CSV named after the segment, with formula-like cells neutralised, and as JSON', async () => {
    const lead = await createLead(t.app, token, autismLead({ parent_name: '=HYPERLINK("http://x","y")' }));
    const segment = await createSegment({
      name: 'Export: test/1',
      inclusion_rules: {
        operator: 'AND',
        conditions: [{ field: 'email', operator: 'equals', value: lead.email }],
      },
    });
    await evaluated(segment.id);
    const csv = await call('GET', `/api/segments/${segment.id}/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="Export__test_1_leads.csv"');
    const [header, row] = csv.body.trim().split('\n');
    expect(header).toBe(
      'email,parent_name,child_name,child_age,phone,special_needs,lead_score,timeline,assignment,assigned_at',
    );
    expect(row).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    const json = await call('GET', `/api/segments/${segment.id}/export?format=json`);
    expect(json.json()).toMatchObject({
      segment: { name: 'Export: test/1' },
      leads: [{ email: lead.email }],
    });
    const bad = await call('GET', `/api/segments/${segment.id}/export?format=xlsx`);
    expect(bad.statusCode).toBe(400);
  });

  it('clones a segment with its members, and deletes the clone only', async () => {
    const segments = (await call('GET', '/api/segments')).json().segments as {
      id: string;
      name: string;
      active_leads: number;
    }[];
    const source = segments.find((s) => s.name === 'Autism - Immediate')!;
    const res = await call('POST', `/api/segments/${source.id}/clone`, { name: 'Autism - Immediate (Copy)' });
    expect(res.statusCode, res.body).toBe(201);
    const clone = res.json().segment;
    expect(clone).toMatchObject({
      name: 'Autism - Immediate (Copy)',
      active_leads: source.active_leads,
      inclusion_rules: AUTISM_IMMEDIATE,
    });
    expect(
      (await call('POST', `/api/segments/${source.id}/clone`, { name: 'Autism - Immediate (Copy)' }))
        .statusCode,
    ).toBe(409);
    expect((await call('DELETE', `/api/segments/${clone.id}`)).json()).toEqual({ success: true });
    expect((await call('DELETE', `/api/segments/${clone.id}`)).statusCode).toBe(404);
    const after = (await call('GET', '/api/segments')).json().segments as {
      id: string;
      active_leads: number;
    }[];
    expect(after.find((s) => s.id === source.id)?.active_leads).toBe(source.active_leads);
  });

  it('lists the leads not yet in a segment, for the Add Leads dialog', async () => {
    const segments = (await call('GET', '/api/segments')).json().segments as { id: string; name: string }[];
    const followUp = segments.find((s) => s.name === 'Follow up')!;
    const members = (await segmentLeads(followUp.id)).leads.map((l) => l.id);
    const res = await call('GET', `/api/leads?limit=100&not_in_segment=${followUp.id}`);
    expect(res.statusCode).toBe(200);
    const ids = (res.json().leads as { id: string }[]).map((l) => l.id);
    expect(members.length).toBeGreaterThan(0);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => members.includes(id))).toEqual([]);
    expect((await call('GET', '/api/leads?not_in_segment=nope')).statusCode).toBe(400);
  });

  it('answers 404 for an unknown segment and 400 for a malformed id', async () => {
    expect((await call('GET', '/api/segments/00000000-0000-4000-8000-000000000000/leads')).statusCode).toBe(
      404,
    );
    expect((await call('PUT', '/api/segments/not-an-id', { is_active: false })).statusCode).toBe(400);
  });
});

describe('POST /api/segments/:id/sync-to-mailerlite', () => {
  it('sends only emailable leads: never-contact, unsubscribed and bounced leads stay out', async () => {
    const group = await createSegment({
      name: 'Sync me',
      inclusion_rules: {
        operator: 'AND',
        conditions: [{ field: 'email', operator: 'contains', value: '@sync.example.org' }],
      },
    });
    const ok = await createLead(
      t.app,
      token,
      makeLead({ email: 'ok@sync.example.org', parent_name: 'Olive Kay' }),
    );
    const blocked = await createLead(t.app, token, makeLead({ email: 'blocked@sync.example.org' }));
    const gone = await createLead(t.app, token, makeLead({ email: 'gone@sync.example.org' }));
    const bounced = await createLead(t.app, token, makeLead({ email: 'bounced@sync.example.org' }));
    await call('PUT', `/api/leads/${gone.id}`, { email_status: 'unsubscribed' });
    await call('PUT', `/api/leads/${bounced.id}`, { email_status: 'bounced' });
    const nc = (await call('GET', '/api/segments'))
      .json()
      .segments.find((s: { name: string }) => s.name === 'Do not email');
    await call('POST', `/api/segments/${nc.id}/assign-leads`, { lead_ids: [blocked.id] });
    await evaluated(group.id);

    fake.rateLimitNext(1, 1);
    const res = await call('POST', `/api/segments/${group.id}/sync-to-mailerlite`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      mailerlite_group_name: 'Sync me',
      results: { leads_found: 1, synced: 1, errors: 0 },
    });
    const subscriber = fake.state.subscribers.get(ok.email)!;
    expect(subscriber.fields).toMatchObject({ name: 'Olive', last_name: 'Kay' });
    expect([...fake.state.subscribers.keys()]).toEqual([ok.email]);
  });

  it('reports a refused email per lead and keeps the others', async () => {
    const segment = await createSegment({
      name: 'Sync two',
      inclusion_rules: {
        operator: 'AND',
        conditions: [{ field: 'email', operator: 'contains', value: '@two.example.org' }],
      },
    });
    await createLead(t.app, token, makeLead({ email: 'fine@two.example.org' }));
    await createLead(t.app, token, makeLead({ email: 'refused@two.example.org' }));
    await evaluated(segment.id);
    fake.rejectEmail('refused@two.example.org', 'The email must be a valid email address.');
    const res = await call('POST', `/api/segments/${segment.id}/sync-to-mailerlite`);
    expect(res.json()).toMatchObject({
      success: false,
      results: {
        leads_found: 2,
        synced: 1,
        errors: 1,
        error_details: [{ email: 'refused@two.example.org' }],
      },
    });
  });

  it('says MailerLite is not configured when there is no API key', async () => {
    const bare = await createTestApp();
    try {
      const bareToken = await loginToken(bare.app);
      const created = await bare.app.inject({
        method: 'POST',
        url: '/api/segments',
        headers: bearer(bareToken),
        payload: { name: 'Any', inclusion_rules: AUTISM_IMMEDIATE },
      });
      const res = await bare.app.inject({
        method: 'POST',
        url: `/api/segments/${created.json().segment.id}/sync-to-mailerlite`,
        headers: bearer(bareToken),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'MailerLite is not configured' });
    } finally {
      await bare.close();
    }
  });

  it('never writes the MailerLite key to the log', () => {
    expect(t.logs.join('\n')).not.toContain('ml-test-key-0123456789');
  });
});

describe('audit log', () => {
  it('records who created, changed, filled, emptied, exported, synced, cloned and deleted a segment', async () => {
    const lead = await createLead(t.app, token, makeLead());
    const segment = await createSegment({ name: 'Audited', inclusion_rules: LOW_SCORE });
    expect((await call('PUT', `/api/segments/${segment.id}`, { priority: 3 })).statusCode).toBe(200);
    const ids = { lead_ids: [lead.id, lead.id] };
    expect((await call('POST', `/api/segments/${segment.id}/assign-leads`, ids)).statusCode).toBe(200);
    expect((await call('POST', `/api/segments/${segment.id}/remove-leads`, ids)).statusCode).toBe(200);
    expect((await call('GET', `/api/segments/${segment.id}/export?format=json`)).statusCode).toBe(200);
    const clone = (await call('POST', `/api/segments/${segment.id}/clone`, { name: 'Audited copy' })).json()
      .segment as { id: string };
    expect((await call('DELETE', `/api/segments/${clone.id}`)).statusCode).toBe(200);
    expect((await call('POST', `/api/segments/${segment.id}/sync-to-mailerlite`)).statusCode).toBe(200);

    const events = await queryRows(
      t.database,
      sql`select e.action, e.details, e.ip, e.actor_id = u.id as by_admin
        from audit_events e left join admin_users u on u.email = ${DEFAULT_ADMIN.email}
        where e.action like 'segment.%'
          and (e.details->>'segmentId' in (${segment.id}, ${clone.id}) or e.details->>'from' = ${segment.id})`,
    );
    const byAction = Object.fromEntries(events.map((e) => [e.action as string, e.details]));
    expect(byAction).toEqual({
      'segment.created': { segmentId: segment.id },
      'segment.updated': { segmentId: segment.id, fields: ['priority'] },
      'segment.leads_assigned': { segmentId: segment.id, count: 2 },
      'segment.leads_removed': { segmentId: segment.id, count: 1 },
      'segment.exported': { segmentId: segment.id, format: 'json', rows: expect.any(Number) },
      'segment.synced': {
        segmentId: segment.id,
        found: expect.any(Number),
        synced: expect.any(Number),
        errors: expect.any(Number),
      },
      'segment.cloned': { from: segment.id, segmentId: clone.id },
      'segment.deleted': { segmentId: clone.id },
    });
    expect(events).toHaveLength(8);
    for (const e of events) expect(e).toMatchObject({ by_admin: true, ip: expect.any(String) });
  });
});
