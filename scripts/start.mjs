// `npm start`: builds what is out of date, then runs the server (which migrates the database
// and creates the first admin). Environment variables come from the shell or from .env.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBuildCurrent } from './build-stamp.mjs';
import { SERVER_NODE_ARGS } from './server-node-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

if (!isBuildCurrent()) {
  console.log('Building Lantern (first start or sources changed)...');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const envFile = path.join(root, '.env');
const nodeArgs = [...SERVER_NODE_ARGS, ...(fs.existsSync(envFile) ? [`--env-file=${envFile}`] : [])];
const server = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/server.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
