import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactCounters, countersByScan, readCounters, type Counters } from '../../db/stat-counters';
import { createLead, makeLead } from '../../test/factories';
import { bearer, createTestApp, loginToken, queryRows, type TestApp } from '../../test/test-app';
import { deleteChatAnalyticsData } from '../chat';
import { countAllLeads, deleteAllLeads } from '../leads';
import { createLeadsRepository } from '../leads/leads.repository';
import { createSegmentsRepository } from '../segments/segments.repository';

// The dashboard's figures are counters the database keeps in the transactions that change the data
// (migration 0017_scale). Drift: after every kind of write, through every path (the API, imports,
// segments, chat's tables, a cascade, clear-analytics' delete, a rolled-back transaction), the
// counters equal a full count; and folding them changes nothing.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
});
afterAll(() => t.close());

const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const plain = (c: Counters) => ({ ...c, segmentMembers: Object.fromEntries(c.segmentMembers) });

/** The counters equal a full count of the data, and so do the dashboard's figures. */
async function expectNoDrift() {
  const { rows: _rows, ...counters } = await readCounters(t.database.db);
  const scanned = await countersByScan(t.database.db);
  expect(plain(counters)).toEqual(plain(scanned));
  const res = await request('GET', '/admin/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().statistics).toMatchObject({
    totalLeads: scanned.leads,
    resourceDownloads: scanned.leadDownloads,
    completedConversations: scanned.completedConversations,
  });
  return scanned;
}

async function insertConversation(leadId: string | null, completed: boolean) {
  const session = `s-${Math.random().toString(36).slice(2)}`;
  await t.database.db.execute(sql`insert into visitors (id) values (${session})`);
  const [row] = await queryRows(
    t.database,
    sql`insert into conversations (session_id, visitor_id, lead_id, completed, status)
        values (${session}, ${session}, ${leadId}, ${completed}, ${completed ? 'converted' : 'in_progress'})
        returning id`,
  );
  return row!.id as string;
}

describe('the dashboard counters', () => {
  it('stay exact through every write path, and folding them changes nothing', async () => {
    await expectNoDrift();

    // The API: create, update, delete.
    const leads: Awaited<ReturnType<typeof createLead>>[] = [];
    for (let i = 0; i < 4; i++) leads.push(await createLead(t.app, token, makeLead()));
    const [first, second, third, fourth] = leads as [
      (typeof leads)[0],
      (typeof leads)[0],
      (typeof leads)[0],
      (typeof leads)[0],
    ];
    const updated = await request('PUT', `/api/leads/${first.id}`, { parent_name: 'Renamed Parent' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await expectNoDrift()).leads).toBe(4);

    // Downloads (the resources module's path through the leads service).
    const repo = createLeadsRepository(t.database.db);
    await repo.incrementDownloads(second.email);
    await repo.incrementDownloads(second.email);
    await repo.incrementDownloads(third.email);
    expect((await expectNoDrift()).leadDownloads).toBe(3);

    // Import: new rows and a merge into an existing lead.
    const child = [{ name: 'Kid', age: '7', special_needs: 'ADHD', current_support: 'none' }];
    const imported = await request('POST', '/api/leads/import/bulk', {
      skipDuplicates: false,
      leads: [
        { email: 'drift-import-1@example.org', parent_name: 'Import One', children: child },
        { email: 'drift-import-2@example.org', parent_name: 'Import Two', children: child },
        { email: fourth.email, parent_name: 'Merged Parent', children: child },
      ],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().results, imported.body).toMatchObject({ created: 2, updated: 1 });
    expect((await expectNoDrift()).leads).toBe(6);

    // Segments: assign, remove, and a segment's deletion (its memberships go by cascade).
    const segmentsRepo = createSegmentsRepository(t.database.db);
    const segmentId = (await segmentsRepo.insertSegment({ name: 'Drift check' })).id;
    const doomed = (await segmentsRepo.insertSegment({ name: 'Drift doomed' })).id;
    const ids = leads.map((l) => l.id as string);
    for (const id of [segmentId, doomed]) {
      const assigned = await request('POST', `/api/segments/${id}/assign-leads`, { lead_ids: ids });
      expect(assigned.statusCode, assigned.body).toBe(200);
    }
    expect((await expectNoDrift()).segmentMembers.get(segmentId)).toBe(4);
    await request('POST', `/api/segments/${segmentId}/remove-leads`, { lead_ids: ids.slice(0, 1) });
    expect((await expectNoDrift()).segmentMembers.get(segmentId)).toBe(3);
    const gone = await request('DELETE', `/api/segments/${doomed}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await expectNoDrift()).segmentMembers.has(doomed)).toBe(false);

    // Conversations: completed at once, completed later, and a lead's deletion removing its own.
    await insertConversation(second.id, true);
    const later = await insertConversation(third.id, false);
    await insertConversation(null, false);
    await t.database.db.execute(sql`update conversations set completed = true where id = ${later}`);
    expect((await expectNoDrift()).completedConversations).toBe(2);
    const deleted = await request('DELETE', `/api/leads/${third.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const afterDelete = await expectNoDrift();
    expect(afterDelete).toMatchObject({ leads: 5, leadDownloads: 2, completedConversations: 1 });
    expect(afterDelete.segmentMembers.get(segmentId)).toBe(2);

    // A transaction that rolls back leaves no trace.
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from leads`);
        expect(await countAllLeads(tx)).toBe(0); // inside it, its own change counts
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await expectNoDrift()).leads).toBe(5);

    // Folding: one row per name, the same figures, and rows written after it still count.
    await compactCounters(t.database.db);
    const folded = await queryRows(
      t.database,
      sql`select name, count(*)::int as n from stat_counters group by name`,
    );
    expect(folded.every((r) => r.n === 1)).toBe(true);
    await createLead(t.app, token, makeLead());
    expect((await expectNoDrift()).leads).toBe(6);

    // Clear analytics with "Also delete leads": chat's data, then every lead, in one transaction.
    await t.database.db.transaction(async (tx) => {
      await deleteChatAnalyticsData(tx);
      expect(await deleteAllLeads(tx)).toBe(6);
    });
    expect(await expectNoDrift()).toMatchObject({ leads: 0, leadDownloads: 0, completedConversations: 0 });
    expect((await readCounters(t.database.db)).segmentMembers.size).toBe(0);
  });

  it('are folded by the dashboard once they have many rows', async () => {
    const before = (await countersByScan(t.database.db)).leads;
    // Each single-lead write appends its own delta row.
    for (let i = 0; i < 3; i++) await createLead(t.app, token, makeLead());
    await t.database.db.execute(
      sql`insert into stat_counters (name, delta) select 'leads', 0 from generate_series(1, 600)`,
    );
    expect((await readCounters(t.database.db)).rows).toBeGreaterThan(600);
    await expectNoDrift(); // the read that sees too many rows starts a fold
    await expect
      .poll(async () => (await readCounters(t.database.db)).rows, { timeout: 5000 })
      .toBeLessThan(10);
    expect((await expectNoDrift()).leads).toBe(before + 3);
  });

  it('are folded by the leads list too (the counter it reads), not only by the dashboard', async () => {
    const before = (await countersByScan(t.database.db)).leads;
    await t.database.db.execute(
      sql`insert into stat_counters (name, delta) select 'leads', 0 from generate_series(1, 600)`,
    );
    expect(await createLeadsRepository(t.database.db).countAll()).toBe(before);
    await expect
      .poll(async () => (await readCounters(t.database.db)).rows, { timeout: 5000 })
      .toBeLessThan(10);
    expect((await expectNoDrift()).leads).toBe(before);
  });
});
