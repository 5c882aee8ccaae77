import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_SECRET_KEY } from './support/download-links';
import { E2E_MAILERLITE_WEBHOOK_SECRET } from './support/mailerlite';
import { e2ePorts } from './support/sink-ports';

// E2E_PORT and WEB_DIST_DIR (the built web app the server serves; apps/web/dist by default) let a
// run use its own port and build beside another run.
const PORT = Number(process.env.E2E_PORT ?? 3210);
// Email leaves through SMTP into a local sink beside the app (support/smtp-sink-server.ts).
const SINK = e2ePorts(PORT);
// A fresh data folder for every run: the journeys start from a first start of the product.
// Kept in the environment so test workers, which load this file again, see the same folder.
const dataDir = (process.env.LANTERN_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-e2e-')));
export const logFile = path.join(dataDir, 'server.log');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      // The mail server first: every email the app sends arrives here (GET /messages shows them).
      command: `npx tsx support/smtp-sink-server.ts`,
      url: `http://127.0.0.1:${SINK.inspect}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_PORT: String(PORT) },
    },
    {
      // The journeys seed their own data through the API; only an expired download link is stored first.
      command: `npx tsx support/seed-expired-link.ts > ${logFile} 2>&1 && node ../apps/server/dist/server.js >> ${logFile} 2>&1`,
      url: `http://localhost:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        SECRET_KEY: E2E_SECRET_KEY,
        MAILERLITE_WEBHOOK_SECRET: E2E_MAILERLITE_WEBHOOK_SECRET,
        EMAIL_PROVIDER: 'smtp',
        SMTP_URL: `smtp://127.0.0.1:${SINK.smtp}`,
        PUBLIC_URL: `http://localhost:${PORT}`,
        EMAIL_SEND_RATE: '0',
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      },
    },
  ],
});
