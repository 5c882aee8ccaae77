// Bundles the server into dist/server.js: our workspace code (contracts included) is bundled,
// npm dependencies stay external and load from node_modules.
import fs from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@lantern/'));

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: [...external, 'pg-native'],
  sourcemap: false,
  logLevel: 'warning',
});
console.log('built apps/server/dist/server.js');
