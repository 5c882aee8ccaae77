import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createLogger } from '../logger';
import { createAuthRepository } from '../modules/auth/auth.repository';
import { DEV_DEFAULT_ADMIN, ensureFirstAdmin } from '../modules/auth/first-admin';
import { loadKeys } from '../security/keys';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export const DEFAULT_ADMIN = DEV_DEFAULT_ADMIN;

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  /** Every log line the app wrote, as raw JSON text. */
  logs: string[];
  close: () => Promise<void>;
};

/**
 * A fresh database per call: in-memory PGlite by default; a new database on the real
 * PostgreSQL server at TEST_DATABASE_URL when TEST_DB=postgres.
 */
async function freshDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres') {
    return { database: await openDatabase({ kind: 'pglite' }), drop: async () => {} };
  }
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `lantern_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 4 });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'lantern-test'),
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    LOG_LEVEL: 'info',
    ...env,
  });
  const { database, drop } = await freshDatabase();
  await runMigrations(database, migrationsFolder);
  await ensureFirstAdmin(createAuthRepository(database.db), config);

  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    config,
    database,
    keys: loadKeys(config),
    logger: createLogger(config.logLevel, sink),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    logs,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

let addressCounter = 0;
/** A distinct client address, so one test's failed logins do not lock out the next. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

export async function login(
  app: FastifyInstance,
  body: Record<string, unknown> = { email: DEFAULT_ADMIN.email, password: DEFAULT_ADMIN.password },
  remoteAddress = freshAddress(),
) {
  return app.inject({ method: 'POST', url: '/admin/login', payload: body, remoteAddress });
}

export async function loginToken(app: FastifyInstance, body?: Record<string, unknown>): Promise<string> {
  const res = await login(app, body);
  const token = res.json().token as string | undefined;
  if (!token) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Raw rows of a SQL query, for asserting what is stored at rest (both drivers answer `{ rows }`). */
export async function queryRows(database: DatabaseHandle, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}
