import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
const folders: string[] = [];
afterAll(() => folders.forEach((f) => fs.rmSync(f, { recursive: true, force: true })));

/** A copy of the migrations folder holding only the migrations before `tag`. */
function migrationsBefore(tag: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  const stop = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  expect(stop).toBeGreaterThan(0);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-migrations-'));
  folders.push(dir);
  fs.mkdirSync(path.join(dir, 'meta'));
  const entries = journal.entries.slice(0, stop);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries)
    fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

describe('migration 0009: children move into their lead row', () => {
  it('keeps every child, in order, with its id and fields; leads without children get none', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await runMigrations(database, migrationsBefore('0009_lead_children_in_row'));
      const db = database.db;
      await db.execute(sql`
        insert into leads (id, email, parent_name) values
          ('00000000-0000-4000-8000-000000000001', 'two@example.org', 'Two Kids'),
          ('00000000-0000-4000-8000-000000000002', 'none@example.org', 'No Kids')`);
      // Written out of order: position decides the order.
      await db.execute(sql`
        insert into lead_children (id, lead_id, position, name, age, grade, special_needs, current_support) values
          ('00000000-0000-4000-8000-0000000000b2', '00000000-0000-4000-8000-000000000001', 1, 'Ben', null, null, '{}', '{}'),
          ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 0, 'Ava', 7, '2nd Grade',
            '{ADHD,"Speech, Language"}', '{IEP}')`);

      await runMigrations(database, migrationsFolder);

      const rows = (await db.execute(sql`select email, children from leads order by email`)) as unknown as {
        rows: { email: string; children: unknown }[];
      };
      expect(rows.rows).toEqual([
        { email: 'none@example.org', children: [] },
        {
          email: 'two@example.org',
          children: [
            {
              id: '00000000-0000-4000-8000-0000000000a1',
              name: 'Ava',
              age: 7,
              grade: '2nd Grade',
              specialNeeds: ['ADHD', 'Speech, Language'],
              currentSupport: ['IEP'],
            },
            {
              id: '00000000-0000-4000-8000-0000000000b2',
              name: 'Ben',
              age: null,
              grade: null,
              specialNeeds: [],
              currentSupport: [],
            },
          ],
        },
      ]);
      const table = (await db.execute(sql`select to_regclass('lead_children') as t`)) as unknown as {
        rows: { t: string | null }[];
      };
      expect(table.rows[0]!.t).toBeNull();
    } finally {
      await database.close();
    }
  });
});
