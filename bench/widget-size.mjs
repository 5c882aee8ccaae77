// Gzipped size of widget.js, what a school's visitors download (target: at most 30 KB; the widget's
// build fails above it). Usage: npm run build -w @lantern/widget && node bench/widget-size.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { reportResult, root } from './lib.mjs';

const file = path.join(root, 'apps/widget/dist/widget.js');
if (!fs.existsSync(file)) {
  console.error('apps/widget/dist/widget.js is missing: run npm run build -w @lantern/widget first');
  process.exit(1);
}
const bytes = fs.readFileSync(file);
const gzip = zlib.gzipSync(bytes, { level: 9 }).length;
const brotli = zlib.brotliCompressSync(bytes).length;
console.log(
  `widget.js: ${(bytes.length / 1024).toFixed(1)} KB minified, ${(brotli / 1024).toFixed(1)} KB brotli`,
);
console.log(`widget.js: ${(gzip / 1024).toFixed(1)} KB gzipped (${gzip} bytes; target <= 30 KB)`);
reportResult({
  name: 'widget.js gzipped',
  figure: Number((gzip / 1024).toFixed(1)),
  unit: 'KB',
  target: '<= 30',
});
