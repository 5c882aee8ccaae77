import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, type TestApp } from '../../test/test-app';
import { widgetClient } from './chat-test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ CHAT_SWEEP_SECONDS: '1' });
});
afterAll(() => t.close());

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 50; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  return read();
}

describe('the sweep', () => {
  it('writes details learnt after the lead was made once the parent goes quiet', async () => {
    const w = widgetClient(t);
    const { visitor_id } = await w.visit();
    const { id } = await w.start(visitor_id);
    await w.say(id, visitor_id, "I'm Omar Haddad, omar@example.org, my daughter Lina is 6");
    await w.say(id, visitor_id, 'My number is (555) 010-7788');
    const lead = () =>
      queryRows(t.database, sql`select phone from leads where email = 'omar@example.org'`).then((r) => r[0]);
    // Not written yet: a phone number alone waits for a pause.
    expect((await lead())?.phone).toBeNull();
    await t.database.db.execute(
      sql`update conversations set last_activity_at = now() - interval '2 minutes' where id = ${id}`,
    );
    expect((await until(lead, (row) => row?.phone !== null))?.phone).toBe('(555) 010-7788');
    const stale = () =>
      queryRows(t.database, sql`select dialogue->>'leadStale' as stale from conversations where id = ${id}`);
    expect((await until(stale, (rows) => rows[0]?.stale === 'false'))[0]?.stale).toBe('false');
  });

  it('stores abandoned, with the end time, for a conversation silent 30 minutes', async () => {
    const w = widgetClient(t);
    const { visitor_id } = await w.visit();
    const { id } = await w.start(visitor_id);
    await w.say(id, visitor_id, 'Hello');
    await t.database.db.execute(
      sql`update conversations set last_activity_at = now() - interval '31 minutes' where id = ${id}`,
    );
    const row = await until(
      () =>
        queryRows(t.database, sql`select status, ended_at, completed from conversations where id = ${id}`),
      (rows) => rows[0]?.status === 'abandoned',
    );
    expect(row[0]).toMatchObject({ status: 'abandoned', completed: false, ended_at: expect.anything() });
  });
});
