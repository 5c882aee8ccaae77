// Gzipped size of the JavaScript the login page loads first (target: under 150 KB).
// Usage: npm run build -w @lantern/web && node bench/login-bundle-size.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { reportResult, root } from './lib.mjs';

const dist = path.join(root, 'apps/web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g),
].map((m) => m[1]);
let total = 0;
for (const src of scripts) {
  const bytes = zlib.gzipSync(fs.readFileSync(path.join(dist, src)), { level: 9 }).length;
  total += bytes;
  console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${src}`);
}
console.log(`login page initial JavaScript: ${(total / 1024).toFixed(1)} KB gzipped (target < 150 KB)`);
reportResult({
  name: 'login page initial JavaScript, gzipped',
  figure: Number((total / 1024).toFixed(1)),
  unit: 'KB',
  target: '< 150',
});
