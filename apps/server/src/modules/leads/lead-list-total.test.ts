import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { createLeadsRepository } from './leads.repository';

// The leads list's total at scale: exact where it is cheap (no filter, the last page, a count the
// planner expects to cost at most EXACT_COUNT_MAX_COST), else the planner's estimate labelled as
// one, and never one that would make "Page X of Y" lie: another page is offered only when it
// holds leads. Counting is cheap for every list this test can make quickly, so the estimate's
// path is tested on the repository with no counting budget.

let t: TestApp;
let token: string;
const MANY = 3500; // 'Next semester' leads
const FEW = 30; // 'Immediately' leads
beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
  await t.database.db.execute(sql`
    insert into leads (email, parent_name, timeline, lead_score, search_text, created_at)
    select 'bulk' || i || '@example.org', 'Bulk Parent ' || i,
      case when i <= ${FEW} then 'Immediately' else 'Next semester' end, i % 100,
      'bulk parent ' || i || ' bulk' || i || '@example.org', now() - i * interval '1 minute'
    from generate_series(1, ${MANY + FEW}) i`);
  await t.database.db.execute(sql`analyze leads`);
}, 60_000);
afterAll(() => t.close());

type Page = {
  leads: { email: string }[];
  pagination: { page: number; limit: number; total: number; totalPages: number; totalIsEstimate?: boolean };
};
const list = async (query: string): Promise<Page> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/leads?${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('the leads list total', () => {
  it('is exact without filters, however many leads (the database keeps the count)', async () => {
    const { pagination } = await list('limit=50');
    expect(pagination).toMatchObject({ total: MANY + FEW, totalPages: Math.ceil((MANY + FEW) / 50) });
    expect(pagination.totalIsEstimate).toBeUndefined();
  });

  it('is exact for a filter matching few leads', async () => {
    const { pagination, leads } = await list('timeline=Immediately&limit=10');
    expect(pagination).toMatchObject({ total: FEW, totalPages: 3 });
    expect(pagination.totalIsEstimate).toBeUndefined();
    expect(leads).toHaveLength(10);
  });

  it('is exact for a filter matching many when counting is cheap', async () => {
    const { pagination } = await list('timeline=Next%20semester&limit=100');
    expect(pagination).toMatchObject({ total: MANY, totalPages: Math.ceil(MANY / 100) });
    expect(pagination.totalIsEstimate).toBeUndefined();
  });

  it("is the planner's estimate, labelled, when counting would cost too much, and leads only to pages with leads", async () => {
    const repo = createLeadsRepository(t.database.db, t.database.db, { exactCountMaxCost: 0 });
    const nextSemester = [repo.conditions.timelineIs('Next semester')];
    const first = await repo.findLeadsPage(nextSemester, 100, 0);
    expect(first.totalIsEstimate).toBe(true);
    expect(first.rows).toHaveLength(100);
    // The planner's estimate is close here (one plain filter, with statistics).
    expect(Math.abs(first.total - MANY) / MANY).toBeLessThan(0.2);
    // Never less than the leads known to exist: a page past the estimate still offers the next.
    const deep = await repo.findLeadsPage(nextSemester, 10, MANY - 20);
    expect(deep.totalIsEstimate).toBe(true);
    expect(deep.total).toBeGreaterThanOrEqual(MANY - 20 + 11);
    // The last page is exact whatever the budget.
    const last = await repo.findLeadsPage(nextSemester, 10, MANY - 5);
    expect(last).toMatchObject({ total: MANY, totalIsEstimate: false });
    expect(last.rows).toHaveLength(5);
  });

  it('is exact on the last page: its rows say where the list ends', async () => {
    const lastPage = Math.ceil(MANY / 100);
    const { pagination, leads } = await list(`timeline=Next%20semester&limit=100&page=${lastPage}`);
    expect(leads).toHaveLength(MANY - (lastPage - 1) * 100);
    expect(pagination).toMatchObject({ total: MANY, totalPages: lastPage });
    expect(pagination.totalIsEstimate).toBeUndefined();
  });

  it('counts a search exactly when it matches few', async () => {
    const { pagination, leads } = await list('search=bulk%20parent%2012&limit=5');
    // 12, 120-129, 1200-1299 and 12000-12999 among the generated parents.
    const expected = [
      12,
      ...Array.from({ length: 10 }, (_, i) => 120 + i),
      ...Array.from({ length: 100 }, (_, i) => 1200 + i),
    ].filter((n) => n <= MANY + FEW).length;
    expect(pagination.total).toBe(expected);
    expect(leads).toHaveLength(5);
  });
});
