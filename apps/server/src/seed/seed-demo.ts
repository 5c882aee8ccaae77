// `npm run seed:demo [-- --leads N]`: adds N realistic demo leads (default 200) with children,
// segments, conversations and their visitors to the configured database (DATA_DIR's PGlite or DATABASE_URL).
// With the embedded database, stop the server first: PGlite allows one process at a time.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { prepareDatabase } from '../bootstrap';
import { loadConfig } from '../config';
import { seedDemoData } from './demo-data';

const { values } = parseArgs({
  options: { leads: { type: 'string', default: '200' }, seed: { type: 'string' } },
});
const total = Number(values.leads);
if (!Number.isInteger(total) || total < 1 || total > 1_000_000) {
  console.error('--leads must be a whole number from 1 to 1000000');
  process.exit(1);
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
process.chdir(path.resolve(serverRoot, '../..'));
const config = loadConfig();
const { database } = await prepareDatabase(config, path.join(serverRoot, 'drizzle'));
const started = performance.now();
let last = 0;
await seedDemoData(database.db, total, {
  seed: values.seed ? Number(values.seed) : Date.now() % 100_000,
  onProgress: (n) => {
    if (n - last >= 10_000 || n === total) {
      console.warn(`  ${n} / ${total} leads`);
      last = n;
    }
  },
});
await database.close();
console.warn(
  `Added ${total} demo leads in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.kind}).`,
);
