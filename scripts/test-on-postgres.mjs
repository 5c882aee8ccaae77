// Runs the server's integration suites again on a real PostgreSQL: the server at
// TEST_DATABASE_URL when set, else a throwaway cluster started here.
import { spawnSync } from 'node:child_process';
import { findPostgresBin, startCluster } from './postgres-cluster.mjs';

let cluster;
let url = process.env.TEST_DATABASE_URL;
if (!url) {
  if (!findPostgresBin()) {
    console.error(
      'No TEST_DATABASE_URL and no PostgreSQL binaries: install postgresql-15 to run the PostgreSQL suite.',
    );
    process.exit(1);
  }
  cluster = await startCluster();
  url = cluster.url;
}
console.log('Running the server suites on PostgreSQL');
const result = spawnSync('npx', ['vitest', 'run', 'apps/server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres', TEST_DATABASE_URL: url },
});
cluster?.stop();
process.exit(result.status ?? 1);
