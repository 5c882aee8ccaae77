import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { EMBEDDED_LEAD_LIMIT, embeddedLimitWarning } from './embedded-limit';

describe('the embedded database limit warning', () => {
  it('warns on PGlite only past the limit, naming DATABASE_URL', async () => {
    const t = await createTestApp();
    try {
      expect(await embeddedLimitWarning(t.database)).toBeNull();
      // The leads counter as it would read past the limit (no million rows needed).
      await t.database.db.execute(
        sql`insert into stat_counters (name, delta) values ('leads', ${EMBEDDED_LEAD_LIMIT + 1})`,
      );
      const warning = await embeddedLimitWarning(t.database);
      if (t.database.kind === 'pglite') {
        expect(warning).toContain(`holds ${(EMBEDDED_LEAD_LIMIT + 1).toLocaleString('en-US')} leads`);
        expect(warning).toContain('Set DATABASE_URL');
      } else {
        expect(warning).toBeNull(); // PostgreSQL has no such limit
      }
    } finally {
      await t.close();
    }
  });
});
