// Knows whether the built app is older than its sources, so `npm start` rebuilds only when needed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = path.join(root, '.build-stamp');
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/widget/demo',
  'apps/widget/src',
  'apps/widget/build.mjs',
  'apps/server/src',
  'apps/server/build.mjs',
  'packages/contracts/src',
  'package-lock.json',
];
const OUTPUTS = ['apps/web/dist/index.html', 'apps/widget/dist', 'apps/server/dist/server.js'];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(p)
    .reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
}

export function sourcesFingerprint() {
  return Math.max(...INPUTS.map((p) => newestMtime(path.join(root, p))));
}

export function isBuildCurrent() {
  if (!OUTPUTS.every((p) => fs.existsSync(path.join(root, p)))) return false;
  if (!fs.existsSync(STAMP)) return false;
  return Number(fs.readFileSync(STAMP, 'utf8')) >= sourcesFingerprint();
}

if (process.argv[2] === 'write') fs.writeFileSync(STAMP, String(sourcesFingerprint()));
