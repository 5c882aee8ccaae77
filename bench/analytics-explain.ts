// The plans the Analytics calls rely on, over the same year of chat as bench/analytics.ts, on
// PostgreSQL: EXPLAIN (ANALYZE, BUFFERS) of every query the repository runs for All Time and
// Last 30 Days, printed with its time. Usage: npx tsx bench/analytics-explain.ts [--conversations 100000]
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
import { seedAnalyticsYear } from './analytics-seed';
import { root } from './lib.mjs';
import { startCluster } from '../scripts/postgres-cluster.mjs';

const { values } = parseArgs({ options: { conversations: { type: 'string', default: '100000' } } });
const ZONE = 'America/New_York';

const cluster = await startCluster();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-explain-'));
try {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: cluster.url,
    LOG_LEVEL: 'silent',
  });
  const { database } = await prepareDatabase(config, path.join(root, 'apps/server/drizzle'));
  await seedAnalyticsYear(database.db, Number(values.conversations));
  // A database that explains each query instead of answering it (the answers are then empty).
  let label = '';
  const explaining = {
    execute: async (query: SQL) => {
      const result = (await database.db.execute(sql`explain (analyze, buffers) ${query}`)) as unknown as {
        rows: Record<string, string>[];
      };
      const plan = result.rows.map((r) => Object.values(r)[0]).join('\n');
      console.log(`\n--- ${label}\n${plan}`);
      return { rows: [] };
    },
  } as unknown as Database;
  const service = createAnalyticsService(createAnalyticsRepository(explaining), () => ZONE);
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
