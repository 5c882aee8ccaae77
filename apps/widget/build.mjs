// Builds the embeddable widget (src/ -> dist/widget.js, one minified script) and copies the demo
// pages beside it; the server serves dist/ under /widget/. Fails when widget.js is over budget.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');
/** The widget's budget: what a school's visitors download, gzipped. */
export const WIDGET_MAX_GZIP_BYTES = 30 * 1024;

fs.rmSync(dist, { recursive: true, force: true });
fs.cpSync(path.join(root, 'demo'), dist, { recursive: true });

await esbuild.build({
  entryPoints: [path.join(root, 'src/main.tsx')],
  outfile: path.join(dist, 'widget.js'),
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  legalComments: 'none',
  logLevel: 'warning',
});

const bytes = fs.readFileSync(path.join(dist, 'widget.js'));
const gzipped = zlib.gzipSync(bytes, { level: 9 }).length;
const summary = `widget.js ${(bytes.length / 1024).toFixed(1)} KB, ${(gzipped / 1024).toFixed(1)} KB gzipped`;
if (gzipped > WIDGET_MAX_GZIP_BYTES) {
  console.error(`${summary}: over the ${WIDGET_MAX_GZIP_BYTES / 1024} KB budget`);
  process.exit(1);
}
// Precompressed copies, served by the server to browsers that accept them (preCompressed).
fs.writeFileSync(path.join(dist, 'widget.js.gz'), zlib.gzipSync(bytes, { level: 9 }));
fs.writeFileSync(
  path.join(dist, 'widget.js.br'),
  zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
);
console.log(`built apps/widget/dist (${summary})`);
