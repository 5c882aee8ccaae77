// The plans the Analytics calls rely on, over the same year of chat as bench/analytics.ts, on
// PostgreSQL: EXPLAIN (ANALYZE, BUFFERS) of every query the calls run (from the hourly summaries,
// as the app does) for All Time and Last 30 Days, printed with its time.
// Usage: npx tsx bench/analytics-explain.ts [--conversations 100000]
//        npx tsx bench/analytics-explain.ts --url postgres://... (an existing database, e.g. the
//        1,000,000-lead one of bench/scale-seed.ts; migrated, not seeded)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { prepareDatabase } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';
import { createAnalyticsRepository } from '../apps/server/src/modules/analytics/analytics.repository';
import { createAnalyticsService } from '../apps/server/src/modules/analytics/analytics.service';
import { createSummaryReads } from '../apps/server/src/modules/analytics/analytics-summaries';
import { seedAnalyticsYear } from './analytics-seed';
import { root } from './lib.mjs';
import { startCluster } from '../scripts/postgres-cluster.mjs';

const { values } = parseArgs({
  options: { conversations: { type: 'string', default: '100000' }, url: { type: 'string' } },
});
const ZONE = 'America/New_York';

const cluster = values.url ? { url: values.url, stop: () => undefined } : await startCluster();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-explain-'));
try {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: cluster.url,
    LOG_LEVEL: 'silent',
  });
  const { database } = await prepareDatabase(config, path.join(root, 'apps/server/drizzle'));
  if (!values.url) await seedAnalyticsYear(database.db, Number(values.conversations));
  // A database that explains each query instead of answering it (the answers are then empty).
  let label = '';
  const explaining = {
    execute: async (query: SQL) => {
      // The period's bounds are read for real (the other queries take them as values).
      const { dialect } = database.db as unknown as { dialect: { sqlToQuery: (q: SQL) => { sql: string } } };
      // (So is the planner's view of a list's count, which decides between exact and estimate.)
      if (/^(select f::text as f|explain )/.test(dialect.sqlToQuery(query).sql))
        return database.db.execute(query);
      const result = (await database.db.execute(sql`explain (analyze, buffers) ${query}`)) as unknown as {
        rows: Record<string, string>[];
      };
      const plan = result.rows.map((r) => Object.values(r)[0]).join('\n');
      console.log(`\n--- ${label}\n${plan}`);
      return { rows: [] };
    },
  } as unknown as Database;
  const service = createAnalyticsService(
    createAnalyticsRepository(explaining),
    () => ZONE,
    createSummaryReads(explaining),
  );
  for (const period of ['all', '30d'] as const) {
    const range = { period };
    const calls: [string, () => Promise<unknown>][] = [
      ['conversation-stats', () => service.conversationStats(range)],
      ['funnel', () => service.funnel(range)],
      ['drop-off', () => service.dropOff(range)],
      [
        'conversations, converted, search',
        () =>
          service.findConversations({
            ...range,
            page: 1,
            limit: 20,
            status: 'converted',
            search: 'parent 12',
          }),
      ],
      [
        'search by message',
        () => service.findConversations({ ...range, page: 1, limit: 20, messageSearch: 'speech therapy' }),
      ],
    ];
    for (const [name, call] of calls) {
      label = `${name} (${period})`;
      await call().catch(() => undefined); // the service reads empty answers: only the plans matter
    }
  }
  await database.close();
} finally {
  cluster.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
