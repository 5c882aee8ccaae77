import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { prepareDatabase } from '../bootstrap';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { loadKeys } from '../security/keys';
import { createLead, makeLead } from '../test/factories';
import { bearer, loginToken } from '../test/test-app';
import type { DatabaseHandle } from './client';
import { findPostgresBin, startPrimaryAndReplica, type ReplicaCluster } from './replica-cluster';

// DATABASE_READ_URL (issue 25): a real primary and a streaming replica of it (pg_basebackup -R).
// With the replica's replay paused, what the replica answers is visibly older than the primary:
// lists, the dashboard and exports show the replica's data; a lead just saved, and the import's
// duplicate check, see the primary's.

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const binaries = findPostgresBin();
if (!binaries)
  console.warn(
    'read-replica.test.ts skipped: no PostgreSQL server binaries (apt-get install -y postgresql-15)',
  );

describe.skipIf(!binaries)('reads on a streaming replica (DATABASE_READ_URL)', () => {
  let cluster: ReplicaCluster;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let token: string;
  let replica: pg.Client;

  beforeAll(async () => {
    cluster = await startPrimaryAndReplica();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(os.tmpdir(), 'lantern-test'),
      SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
      LOG_LEVEL: 'silent',
      DATABASE_URL: cluster.primaryUrl,
      DATABASE_READ_URL: cluster.replicaUrl,
    });
    ({ database } = await prepareDatabase(config, migrationsFolder));
    app = await buildApp({ config, database, keys: loadKeys(config), logger: createLogger('silent') });
    await app.ready();
    replica = new pg.Client({ connectionString: cluster.replicaUrl });
    await replica.connect();
    await caughtUp();
    token = await loginToken(app);
  }, 120_000);

  afterAll(async () => {
    await replica?.end();
    await app?.close();
    await database?.close();
    cluster?.stop();
  });

  /** Waits until the replica has replayed everything the primary has written so far. */
  async function caughtUp() {
    const primary = new pg.Client({ connectionString: cluster.primaryUrl });
    await primary.connect();
    const lsn = (await primary.query<{ lsn: string }>('select pg_current_wal_lsn() as lsn')).rows[0]!.lsn;
    await primary.end();
    const deadline = Date.now() + 20_000;
    for (;;) {
      const replayed = await replica.query<{ ok: boolean }>(
        'select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok',
        [lsn],
      );
      if (replayed.rows[0]!.ok) return;
      if (Date.now() > deadline) throw new Error(`the replica did not reach ${lsn} in 20 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(token) });

  it('reads lists, the dashboard, the rule test and exports from the replica, a saved lead and duplicates from the primary', async () => {
    expect(database.read).not.toBe(database.db);
    const replicaIsStandby = await replica.query<{ standby: boolean }>(
      'select pg_is_in_recovery() as standby',
    );
    expect(replicaIsStandby.rows[0]!.standby).toBe(true);

    const before = await createLead(app, token, makeLead({ parent_name: 'Replicated Parent' }));
    await caughtUp();
    // Replay paused: from now on the replica stays where it is; the primary moves on.
    await replica.query('select pg_wal_replay_pause()');
    try {
      const saved = await createLead(app, token, makeLead({ parent_name: 'Primary Only Parent' }));

      // The page after a save reads the primary: the new lead is there at once.
      const detail = await get(`/api/leads/${saved.id}`);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().lead.parent_name).toBe('Primary Only Parent');

      // The list, its total and the dashboard read the replica: the new lead is not there yet.
      const list = await get('/api/leads?limit=100');
      expect(list.statusCode, list.body).toBe(200);
      const ids = list.json().leads.map((l: { id: string }) => l.id);
      expect(ids).toContain(before.id);
      expect(ids).not.toContain(saved.id);
      expect(list.json().pagination.total).toBe(1);
      const dashboard = (await get('/admin/dashboard')).json();
      expect(dashboard.statistics.totalLeads).toBe(1);
      expect(dashboard.recentLeads.map((l: { id: string }) => l.id)).toEqual([before.id]);

      // The segment rule test is a report: it counts the replica's leads.
      const ruleTest = await app.inject({
        method: 'POST',
        url: '/api/segments/evaluate-rules',
        headers: bearer(token),
        payload: {
          inclusion_rules: {
            operator: 'AND',
            conditions: [{ field: 'parent_name', operator: 'contains', value: 'Parent' }],
          },
        },
      });
      expect(ruleTest.statusCode, ruleTest.body).toBe(200);
      expect(ruleTest.json()).toMatchObject({ total_leads: 1, matching_count: 1 });

      // The export reads the replica too (PostgreSQL's COPY on the replica's connection).
      const csv = await get('/api/leads/export/comprehensive?format=csv');
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.body).toContain(before.email);
      expect(csv.body).not.toContain(saved.email);

      // The import's duplicate check reads the primary: the new lead's address is a duplicate.
      const imported = await app.inject({
        method: 'POST',
        url: '/api/leads/import/bulk',
        headers: bearer(token),
        payload: {
          skipDuplicates: true,
          leads: [
            {
              email: saved.email,
              parent_name: 'Again',
              children: [{ name: 'Kid', age: '7', special_needs: '', current_support: '' }],
            },
          ],
        },
      });
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json().results).toMatchObject({ created: 0, skipped: 1 });
    } finally {
      await replica.query('select pg_wal_replay_resume()');
    }

    // Once the replica has replayed, the list shows the new lead too.
    await caughtUp();
    const list = (await get('/api/leads?limit=100')).json();
    expect(list.pagination.total).toBe(2);
    expect((await get('/admin/dashboard')).json().statistics.totalLeads).toBe(2);
  });
});
