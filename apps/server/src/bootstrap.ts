import path from 'node:path';
import type { AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { runMigrations } from './db/migrate';
import { createAuthRepository } from './modules/auth/auth.repository';
import { ensureFirstAdmin, type FirstAdminResult } from './modules/auth/first-admin';

/** Opens the configured database (PGlite in DATA_DIR unless DATABASE_URL is set) and migrates it. */
export async function prepareDatabase(
  config: AppConfig,
  migrationsFolder: string,
): Promise<{ database: DatabaseHandle; firstAdmin: FirstAdminResult }> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, readUrl: config.databaseReadUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
  await runMigrations(database, migrationsFolder);
  const firstAdmin = await ensureFirstAdmin(createAuthRepository(database.db), config);
  return { database, firstAdmin };
}
