import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { prepareDatabase } from './bootstrap';
import { embeddedLimitWarning } from './db/embedded-limit';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { loadKeys } from './security/keys';

// Both src/server.ts (dev) and dist/server.js (built) sit one folder below apps/server.
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '../..');

async function main() {
  // Relative settings (DATA_DIR) mean the same folder for `npm start` and `npm run dev`.
  process.chdir(repoRoot);
  const config = loadConfig();
  config.webDistDir ??= path.join(repoRoot, 'apps/web/dist');
  config.widgetDistDir ??= path.join(repoRoot, 'apps/widget/dist');
  const logger = createLogger(config.logLevel);

  const keys = loadKeys(config);
  const { database, firstAdmin } = await prepareDatabase(config, path.join(serverRoot, 'drizzle'));
  if (firstAdmin.created) {
    logger.info(
      { email: firstAdmin.email },
      firstAdmin.isDevDefault
        ? 'created the development admin account (credentials are shown on the login page until changed)'
        : 'created the first admin account from ADMIN_EMAIL',
    );
  }

  const app = await buildApp({ config, database, keys, logger });
  const close = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  logger.info(`Lantern is ready on http://localhost:${config.port} (database: ${database.kind})`);
  const tooLarge = await embeddedLimitWarning(database);
  if (tooLarge) logger.warn(tooLarge);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
