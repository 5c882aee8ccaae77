// The templates route's JavaScript, gzipped (target: under 250 KB with its lazy code editor), and
// proof from the build's own chunk graph that no other route (nor the shell) loads CodeMirror.
// Builds the web app into a temporary folder with a plugin that records every chunk's modules and
// imports, so the figures come from what the bundler emitted, not from file names.
// The campaigns route edits HTML with the same lazy editor: BUNDLE_ROUTE=campaigns measures it instead
// (bench/campaigns-bundle.mjs); both are the routes allowed to reach CodeMirror.
// Usage: node bench/templates-bundle.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';
import { reportResult, root } from './lib.mjs';

const webDir = path.join(root, 'apps/web');
const routesDir = path.join(webDir, 'src/app/routes');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-templates-bundle-'));
const CODE_EDITOR = /[\\/]node_modules[\\/](@codemirror|@uiw|@lezer)[\\/]/;
const ROUTE = process.env.BUNDLE_ROUTE ?? 'templates';
/** The routes that edit HTML and so may load the code editor (on demand). */
const HTML_EDITOR_ROUTES = ['templates.tsx', 'campaigns.tsx'];

/** fileName -> { code, modules, imports, dynamicImports, facade, isEntry } */
const chunks = new Map();
const recordChunkGraph = {
  name: 'record-chunk-graph',
  generateBundle(_options, bundle) {
    for (const item of Object.values(bundle)) {
      if (item.type !== 'chunk') continue;
      chunks.set(item.fileName, {
        code: item.code,
        modules: item.moduleIds ?? Object.keys(item.modules ?? {}),
        imports: item.imports,
        dynamicImports: item.dynamicImports,
        facade: item.facadeModuleId ? path.normalize(item.facadeModuleId) : null,
        isEntry: item.isEntry,
      });
    }
  },
};

await build({
  root: webDir,
  configFile: path.join(webDir, 'vite.config.ts'),
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true, write: false },
  plugins: [recordChunkGraph],
});
fs.rmSync(outDir, { recursive: true, force: true });

const gzipped = (file) => zlib.gzipSync(chunks.get(file).code, { level: 9 }).length;
const kb = (bytes) => Number((bytes / 1024).toFixed(1));

/**
 * Every chunk a chunk loads: its static imports, and with `lazy` also what it imports on demand.
 * Chunks in `loaded` (the shell, already on the page) are not entered: their own lazy imports are
 * the router's other routes, not this route's doing.
 */
function closure(start, { lazy, loaded = new Set() }) {
  const seen = new Set();
  const stack = [start];
  while (stack.length > 0) {
    const file = stack.pop();
    if (seen.has(file) || loaded.has(file)) continue;
    seen.add(file);
    const chunk = chunks.get(file);
    stack.push(...chunk.imports, ...(lazy ? chunk.dynamicImports : []));
  }
  return seen;
}

const chunkOf = (source) => {
  const wanted = path.normalize(source);
  const found = [...chunks.entries()].find(([, chunk]) => chunk.facade === wanted);
  if (!found) throw new Error(`no chunk is built for ${path.relative(root, source)}`);
  return found[0];
};

const entry = [...chunks.entries()].find(([, chunk]) => chunk.isEntry)?.[0];
const shellChunks = new Set([
  ...closure(entry, { lazy: false }),
  ...closure(chunkOf(path.join(routesDir, 'admin-layout.tsx')), { lazy: false }),
]);
const editorChunks = new Set(
  [...chunks.entries()].filter(([, c]) => c.modules.some((id) => CODE_EDITOR.test(id))).map(([f]) => f),
);
if (editorChunks.size === 0) throw new Error('no chunk holds CodeMirror: is the editor still built?');

// What every other route reaches, static and lazy (the shell is loaded already, so not entered).
const otherRoutes = fs
  .readdirSync(routesDir)
  .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))
  .filter((f) => !HTML_EDITOR_ROUTES.includes(f) && f !== 'admin-layout.tsx')
  // Routes bundled into the entry (the login page) are part of the shell.
  .filter((f) => [...chunks.values()].some((c) => c.facade === path.normalize(path.join(routesDir, f))));
const reachedByOthers = new Map(
  otherRoutes.map((f) => [f, closure(chunkOf(path.join(routesDir, f)), { lazy: true, loaded: shellChunks })]),
);
const sharedWithOthers = new Set([...reachedByOthers.values()].flatMap((set) => [...set]));

// 1. The templates route's JavaScript: the route, its lazy code editor and what only it uses; then
// everything a first visit downloads beyond the shell (adding libraries other routes share: zod...).
const templatesRoute = chunkOf(path.join(routesDir, `${ROUTE}.tsx`));
const firstPaint = [...closure(templatesRoute, { lazy: false, loaded: shellChunks })];
const withEditor = [...closure(templatesRoute, { lazy: true, loaded: shellChunks })];
const ownChunks = withEditor.filter((f) => !sharedWithOthers.has(f));
const sum = (files) => files.reduce((total, file) => total + gzipped(file), 0);
for (const file of withEditor.sort((a, b) => gzipped(b) - gzipped(a))) {
  const tags = [
    editorChunks.has(file) ? 'code editor, lazy' : firstPaint.includes(file) ? '' : 'lazy',
    sharedWithOthers.has(file) ? 'shared with other routes' : `${ROUTE} only`,
  ].filter(Boolean);
  console.log(`${kb(gzipped(file)).toFixed(1).padStart(7)} KB  ${file} (${tags.join(', ')})`);
}
const ownBytes = sum(ownChunks);
const coldBytes = sum(withEditor);
console.log(
  `${ROUTE} route's own JavaScript with the code editor: ${kb(ownBytes)} KB gzipped (target < 250 KB)`,
);
console.log(`${ROUTE} route on opening, before the editor loads: ${kb(sum(firstPaint))} KB gzipped`);
console.log(
  `a first visit to /${ROUTE}, opening the editor, downloads beyond the shell: ${kb(coldBytes)} KB gzipped ` +
    `(${kb(coldBytes - ownBytes)} KB of it shared with other routes)`,
);
console.log(`the admin shell every area loads first: ${kb(sum([...shellChunks]))} KB gzipped`);

// 2. No other route, nor the shell itself, reaches a chunk holding CodeMirror, even on demand.
const offenders = [];
if ([...shellChunks].some((f) => editorChunks.has(f))) offenders.push('the admin shell');
for (const [file, reached] of reachedByOthers) {
  if ([...reached].some((f) => editorChunks.has(f))) offenders.push(`route ${file}`);
}
if (offenders.length > 0) {
  console.error(`CodeMirror is reachable from: ${offenders.join(', ')}`);
} else {
  console.log(
    `CodeMirror is in ${editorChunks.size} chunk(s) reached only from ${HTML_EDITOR_ROUTES.join(' and ')}; ` +
      `${otherRoutes.length} other routes and the shell checked, static and lazy imports followed`,
  );
}

reportResult({
  name: `${ROUTE} route JavaScript with the lazy code editor, gzipped`,
  figure: kb(ownBytes),
  unit: 'KB',
  target: '< 250',
});
reportResult({
  name: `first visit to /${ROUTE} with the editor, beyond the shell, gzipped`,
  figure: kb(coldBytes),
  unit: 'KB',
});
reportResult({
  name: `routes other than ${HTML_EDITOR_ROUTES.join(' and ')} that load CodeMirror (${ROUTE} run)`,
  figure: offenders.length,
  unit: 'routes',
  target: '= 0',
});
if (offenders.length > 0) process.exit(1);
