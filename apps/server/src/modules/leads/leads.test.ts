import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createLead, makeLead } from '../../test/factories';
import { bearer, createTestApp, loginToken, queryRows, type TestApp } from '../../test/test-app';
import { createChatRepository } from '../chat/chat.repository';
import { createSegmentsRepository } from '../segments/segments.repository';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const list = async (query: string) => (await api('GET', `/api/leads?${query}`)).json();

describe('creating a lead', () => {
  it('creates a lead with two children and scores it', async () => {
    const res = await api('POST', '/api/leads/import/single', makeLead({ phone_consent: true }, 2));
    expect(res.statusCode).toBe(201);
    const { lead, segments } = res.json();
    expect(segments).toEqual([]);
    expect(lead.children).toHaveLength(2);
    expect(lead.children[1]).toMatchObject({ age: 7, special_needs: ['ADHD'], current_support: ['IEP'] });
    expect(lead.conversion_status).toBe('pending');
    expect(lead.email_status).toBe('subscribed');
    // semester 24 + contact 20 + consent 10 + children 20 + engagement 0
    expect(lead.lead_score).toBe(74);
    expect(lead.score_breakdown.map((f: { points: number }) => f.points)).toEqual([24, 20, 10, 20, 0]);
    expect(lead.score_breakdown[0]).toEqual({
      key: 'timeline',
      label: 'Timeline urgency',
      points: 24,
      max: 30,
      detail: 'Wants a place within three months',
    });
    // Stored without the label and maximum (they follow from the key); served whole.
    const [stored] = await queryRows(
      t.database,
      sql`select score_breakdown from leads where id = ${lead.id}`,
    );
    expect((stored!.score_breakdown as object[])[0]).toEqual({
      key: 'timeline',
      points: 24,
      detail: 'Wants a place within three months',
    });
  });

  it('serves a breakdown stored with its labels (as rows written before) the same way', async () => {
    const lead = await createLead(t.app, token, makeLead());
    const whole = lead.score_breakdown as object[];
    await queryRows(
      t.database,
      sql`update leads set score_breakdown = ${JSON.stringify(whole)}::jsonb where id = ${lead.id}`,
    );
    const res = await api('GET', `/api/leads/${lead.id}`);
    expect(res.json().lead.score_breakdown).toEqual(whole);
  });

  it('wraps the legacy single-child fields into one child', async () => {
    const { children, ...rest } = makeLead();
    void children;
    const lead = await createLead(t.app, token, {
      ...rest,
      child_name: 'Legacy Kid',
      child_age: 9,
      grade: '3rd Grade',
      special_needs: ['Dyslexia'],
      current_support: 'Tutoring',
    });
    expect(lead.children).toEqual([
      expect.objectContaining({
        name: 'Legacy Kid',
        age: 9,
        grade: '3rd Grade',
        current_support: ['Tutoring'],
      }),
    ]);
  });

  it.each([
    [{ email: '' }, 'Email is required'],
    [{ parent_name: '' }, 'Parent name is required'],
    [{ children: [] }, 'At least one child is required'],
    [{ children: [{ name: 'A' }, { name: '' }] }, 'Child 2 name is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
  ])('refuses %j with the spec message', async (override, message) => {
    const res = await api('POST', '/api/leads/import/single', makeLead(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it.each([
    [{ children: [{ name: 'A', age: 26 }] }, 'children.0.age'],
    [{ children: [{ name: 'A', age: 4.5 }] }, 'children.0.age'],
    [{ timeline_date: '2026-02-31x' }, 'timeline_date'],
    [{ role: 'admin' }, 'role'],
    [{ parent_name: 'x'.repeat(161) }, 'parent_name'],
    [{ conversion_status: 'won' }, 'conversion_status'],
  ])('refuses %j with a 400 naming the field', async (override, field) => {
    const res = await api('POST', '/api/leads/import/single', makeLead(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(field);
  });

  it('refuses a second lead with the same email (any letter case) with a 409', async () => {
    const first = makeLead();
    await createLead(t.app, token, first);
    const res = await api('POST', '/api/leads/import/single', {
      ...makeLead(),
      email: first.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'A lead with this email already exists' });
  });

  it('keeps markup in names as plain text', async () => {
    const lead = await createLead(t.app, token, makeLead({ parent_name: '<img src=x onerror=alert(1)>' }));
    const res = await api('GET', `/api/leads/${lead.id}`);
    expect(res.json().lead.parent_name).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('listing leads', () => {
  let target: { id: string; email: string };
  beforeAll(async () => {
    target = await createLead(
      t.app,
      token,
      makeLead({
        phone: '+1 (617) 555-0199',
        timeline: 'Immediately',
        children: [{ name: 'Zebulon Quartz', age: 10, special_needs: [] }],
      }),
    );
    await createLead(t.app, token, makeLead({ timeline: null }));
  });

  it('pages newest first with the spec pagination', async () => {
    const body = await list('page=1&limit=2');
    expect(body.leads).toHaveLength(2);
    expect(body.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(body.pagination.totalPages).toBe(Math.ceil(body.pagination.total / 2));
    expect(new Date(body.leads[0].created_at) >= new Date(body.leads[1].created_at)).toBe(true);
  });

  it('defaults to pages of 10', async () => {
    expect((await list('')).pagination.limit).toBe(10);
  });

  it.each([['zebulon'], ['QUARTZ'], ['6175550199'], ['617) 555'], [''], ['%']])(
    'finds leads by %j (child name, phone, case-insensitive)',
    async (term) => {
      const body = await list(`search=${encodeURIComponent(term)}&limit=100`);
      if (term === '%') return expect(body.leads).toHaveLength(0);
      expect(body.leads.map((l: { id: string }) => l.id)).toContain(target.id);
    },
  );

  it('finds by email and parent name', async () => {
    const byEmail = await list(`search=${encodeURIComponent(target.email.toUpperCase())}`);
    expect(byEmail.leads.map((l: { id: string }) => l.id)).toEqual([target.id]);
  });

  it('filters by score band, timeline, Unknown timeline and statuses; "all" is ignored', async () => {
    const all = await list('limit=100');
    const ignored = await list(
      'limit=100&score=all&timeline=all&segment=all&conversion_status=all&email_status=all',
    );
    expect(ignored.pagination.total).toBe(all.pagination.total);
    const high = await list('limit=100&score=high');
    expect(high.leads.every((l: { lead_score: number }) => l.lead_score >= 70)).toBe(true);
    const low = await list('limit=100&score=low');
    expect(low.leads.every((l: { lead_score: number }) => l.lead_score < 40)).toBe(true);
    const immediate = await list('limit=100&timeline=immediately');
    expect(immediate.leads.map((l: { id: string }) => l.id)).toEqual([target.id]);
    const unknown = await list('limit=100&timeline=Unknown');
    expect(unknown.leads.length).toBeGreaterThan(0);
    expect(unknown.leads.every((l: { timeline: string | null }) => !l.timeline)).toBe(true);
    expect((await list('limit=100&conversion_status=enrolled')).pagination.total).toBe(0);
    expect((await list('limit=100&email_status=subscribed')).pagination.total).toBe(all.pagination.total);
  });

  it('answers an empty page past the end, with the real total pages', async () => {
    const body = await list('page=999');
    expect(body.leads).toEqual([]);
    expect(body.pagination.totalPages).toBeLessThan(999);
  });

  it.each(['page=0', 'limit=1000', 'score=great', 'conversion_status=won', 'segment=abc', 'nope=1'])(
    'refuses the query %s with a 400',
    async (query) => {
      const res = await api('GET', `/api/leads?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBeTruthy();
    },
  );
});

describe('one lead', () => {
  it('answers the lead and its conversations', async () => {
    const lead = await createLead(t.app, token, makeLead());
    await createChatRepository(t.database.db).insertConversation({
      sessionId: 'abcdef1234567890',
      visitorId: 'visitor-1',
      leadId: lead.id,
      startedAt: new Date('2026-11-20T10:00:00Z'),
      endedAt: new Date('2026-11-20T10:12:20Z'),
      completed: true,
      messages: [
        { role: 'user', content: 'Do you support dyslexia?', timestamp: '2026-11-20T10:00:05Z' },
        { role: 'assistant', content: 'Yes, we do.', timestamp: '2026-11-20T10:00:09Z' },
      ],
      context: { parentName: 'Dana', email: lead.email },
    });
    const body = (await api('GET', `/api/leads/${lead.id}`)).json();
    expect(body.lead.id).toBe(lead.id);
    expect(body.conversations).toEqual([
      expect.objectContaining({
        session_id: 'abcdef1234567890',
        completed: true,
        message_count: 2,
        duration_minutes: 12,
      }),
    ]);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await api('GET', '/api/leads/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Lead not found' });
    expect((await api('GET', '/api/leads/42')).statusCode).toBe(400);
    expect(
      (await api('PUT', '/api/leads/00000000-0000-4000-8000-000000000000', { parent_name: 'X' })).statusCode,
    ).toBe(404);
    expect((await api('DELETE', '/api/leads/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('updates enrolment, payment and children, and rescores', async () => {
    const lead = await createLead(t.app, token, makeLead({}, 1));
    const res = await api('PUT', `/api/leads/${lead.id}`, {
      conversion_status: 'enrolled',
      enrollment_date: '2026-12-01',
      payment_amount: 1250.5,
      payment_period: 'monthly',
      timeline: 'Immediately',
      children: [
        { name: 'First', age: 5, special_needs: [] },
        { name: 'Second', age: 8, special_needs: ['Autism/ASD'] },
      ],
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json().lead;
    expect(updated).toMatchObject({
      conversion_status: 'enrolled',
      enrollment_date: '2026-12-01',
      payment_amount: 1250.5,
      payment_period: 'monthly',
    });
    expect(updated.children.map((c: { name: string }) => c.name)).toEqual(['First', 'Second']);
    expect(updated.lead_score).toBeGreaterThan(lead.lead_score);
  });

  it('keeps a child id while the child is edited; new children (or a repeated id) get new ids', async () => {
    const lead = await createLead(t.app, token, makeLead({}, 2));
    const [first, second] = lead.children as { id: string; name: string }[];
    const res = await api('PUT', `/api/leads/${lead.id}`, {
      children: [
        { id: second!.id, name: 'Second renamed', age: 9, special_needs: [] },
        { id: first!.id, name: first!.name, age: 4, special_needs: ['ADHD'] },
        { id: first!.id, name: 'Copy of first', age: 4, special_needs: [] },
        { name: 'Newborn', age: 0, special_needs: [] },
      ],
    });
    expect(res.statusCode).toBe(200);
    const children = res.json().lead.children as { id: string; name: string; age: number }[];
    expect(children.map((c) => [c.name, c.age])).toEqual([
      ['Second renamed', 9],
      [first!.name, 4],
      ['Copy of first', 4],
      ['Newborn', 0],
    ]);
    expect(children[0]!.id).toBe(second!.id);
    expect(children[1]!.id).toBe(first!.id);
    expect(new Set(children.map((c) => c.id)).size).toBe(4);
    const again = (await api('GET', `/api/leads/${lead.id}`)).json().lead;
    expect(again.children).toEqual(children);
  });

  it('changes only the fields an update names', async () => {
    const lead = await createLead(t.app, token, makeLead({ biggest_concerns: 'Transitions' }));
    await api('PUT', `/api/leads/${lead.id}`, {
      conversion_status: 'enrolled',
      enrollment_date: '2026-12-01',
      payment_period: 'termly',
    });
    const res = await api('PUT', `/api/leads/${lead.id}`, { parent_name: 'Renamed Parent' });
    expect(res.json().lead).toMatchObject({
      parent_name: 'Renamed Parent',
      phone: lead.phone,
      timeline: 'Next semester',
      biggest_concerns: 'Transitions',
      conversion_status: 'enrolled',
      enrollment_date: '2026-12-01',
      payment_period: 'termly',
    });
  });

  it('records when and why a lead unsubscribed', async () => {
    const lead = await createLead(t.app, token, makeLead());
    const res = await api('PUT', `/api/leads/${lead.id}`, {
      email_status: 'unsubscribed',
      unsubscribe_reason: 'Moved',
    });
    expect(res.json().lead.unsubscribe_reason).toBe('Moved');
    expect(new Date(res.json().lead.unsubscribed_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('saves nothing of a bad update', async () => {
    const lead = await createLead(t.app, token, makeLead({}, 2));
    const before = (await api('GET', `/api/leads/${lead.id}`)).json().lead;
    const bad = await api('PUT', `/api/leads/${lead.id}`, {
      parent_name: 'Changed',
      children: [
        { name: 'Ok', age: 3 },
        { name: 'Bad', age: 30 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    const taken = await createLead(t.app, token, makeLead());
    const dup = await api('PUT', `/api/leads/${lead.id}`, { parent_name: 'Changed', email: taken.email });
    expect(dup.statusCode).toBe(409);
    const after = (await api('GET', `/api/leads/${lead.id}`)).json().lead;
    expect(after).toEqual(before);
  });

  it('deletes a lead with its children and conversations', async () => {
    const lead = await createLead(t.app, token, makeLead({}, 2));
    const res = await api('DELETE', `/api/leads/${lead.id}`);
    expect(res.json()).toEqual({ success: true, message: 'Lead deleted successfully' });
    expect((await api('GET', `/api/leads/${lead.id}`)).statusCode).toBe(404);
  });
});

describe('segments and the dashboard', () => {
  it('assigns leads to a segment by hand, shows the tags, filters by segment and counts on the dashboard', async () => {
    const before = (await api('GET', '/admin/dashboard')).json();
    const segment = await createSegmentsRepository(t.database.db).insertSegment({
      name: 'high-priority-autism',
    });
    const leads = await Promise.all([1, 2, 3].map(() => createLead(t.app, token, makeLead())));
    const ids = leads.map((l) => l.id);

    const res = await api('POST', `/api/segments/${segment.id}/assign-leads`, { lead_ids: ids });
    expect(res.json()).toEqual({
      success: true,
      assigned: 3,
      message: '3 leads assigned to high-priority-autism',
    });
    const again = await api('POST', `/api/segments/${segment.id}/assign-leads`, { lead_ids: ids });
    expect(again.json().assigned).toBe(0);

    const filtered = await list(`segment=${segment.id}&limit=100`);
    expect(filtered.leads.map((l: { id: string }) => l.id).sort()).toEqual([...ids].sort());
    expect(filtered.leads[0].segment_tags).toEqual(['high-priority-autism']);
    expect(filtered.leads[0].segments[0].manually_assigned).toBe(true);

    const after = (await api('GET', '/admin/dashboard')).json();
    expect(after.statistics.totalLeads).toBe(before.statistics.totalLeads + 3);
    expect(after.statistics.newLeadsToday).toBe(before.statistics.newLeadsToday + 3);
    expect(after.statistics.activeSegments).toBe(before.statistics.activeSegments + 1);
    expect(after.recentLeads).toHaveLength(5);
    expect(ids).toContain(after.recentLeads[0].id);
    expect(after.topSegments).toContainEqual({ name: 'high-priority-autism', lead_count: 3 });
  });

  it('refuses unknown leads and segments', async () => {
    const segment = await createSegmentsRepository(t.database.db).insertSegment({ name: 'another' });
    const unknownLead = await api('POST', `/api/segments/${segment.id}/assign-leads`, {
      lead_ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknownLead.statusCode).toBe(400);
    const unknownSegment = await api(
      'POST',
      '/api/segments/00000000-0000-4000-8000-000000000000/assign-leads',
      {
        lead_ids: ['00000000-0000-4000-8000-000000000000'],
      },
    );
    expect(unknownSegment.statusCode).toBe(404);
    expect((await api('POST', `/api/segments/${segment.id}/assign-leads`, { lead_ids: [] })).statusCode).toBe(
      400,
    );
  });
});
