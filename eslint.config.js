import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';
import path from 'node:path';

const webFeaturesDir = path.join(import.meta.dirname, 'apps/web/src/features');
const webFeatures = fs.existsSync(webFeaturesDir)
  ? fs
      .readdirSync(webFeaturesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const crossFeatureMessage =
  'Features do not import each other; move shared code to components/, lib/ or @lantern/contracts.';

/** Imports a feature folder may not make: another feature (by alias or relative path), or the app layer. */
function featureBoundaryPatterns(feature) {
  const others = webFeatures.filter((name) => name !== feature).map(escapeRegex);
  return [
    { regex: `^@/features/(?!${escapeRegex(feature)}(/|$))`, message: crossFeatureMessage },
    { regex: '^@/app(/|$)', message: 'Features do not import app code; the app composes features.' },
    ...(others.length > 0
      ? [{ regex: `^(\\.\\./)+(features/)?(${others.join('|')})(/|$)`, message: crossFeatureMessage }]
      : []),
  ];
}

const serverModulesDir = path.join(import.meta.dirname, 'apps/server/src/modules');
const serverModules = fs.existsSync(serverModulesDir)
  ? fs
      .readdirSync(serverModulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

/**
 * Imports a server module's files may not make: another module's files other than its service
 * (`<area>.service`) and its public surface (`index`, as `../<area>` or `../<area>/index`). A table
 * file may also name another module's tables (foreign keys); a test may assemble other modules
 * (repositories and services, as the modules' register functions do) but not touch their tables.
 */
function serverModuleBoundaryPatterns(area, kind) {
  const others = serverModules.filter((name) => name !== area).map(escapeRegex);
  if (others.length === 0) return [];
  const another = `^(\\.\\./)+(modules/)?(${others.join('|')})/`;
  if (kind === 'test')
    return [{ regex: `${another}\\3\\.tables$`, message: "Tests do not touch another module's tables." }];
  const allowed = ['\\3\\.service', 'index', ...(kind === 'tables' ? ['\\3\\.tables'] : [])];
  return [
    {
      regex: `${another}(?!(${allowed.join('|')})$)`,
      message:
        kind === 'tables'
          ? "A table file names another module's tables (foreign keys), service or public surface only."
          : 'Reach another module through its service (<area>.service) or its public surface (index), never its repository, tables or other files.',
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Code flows shared (components/, lib/) -> features -> app, never back.
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\./)+)(features|app)(/|$)',
              message: 'components/ and lib/ are shared: they import no feature or app code.',
            },
          ],
        },
      ],
    },
  },
  // Features never import each other: one block per folder under features/, allowing only its own files.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: featureBoundaryPatterns(feature) }] },
  })),
  // Server modules reach each other only through a service or a public surface (modules/README.md).
  ...serverModules.flatMap((area) =>
    ['source', 'tables', 'test'].map((kind) => ({
      files: [
        kind === 'source'
          ? `apps/server/src/modules/${area}/**/*.ts`
          : `apps/server/src/modules/${area}/**/*.${kind === 'tables' ? 'tables' : 'test'}.ts`,
      ],
      rules: { 'no-restricted-imports': ['error', { patterns: serverModuleBoundaryPatterns(area, kind) }] },
    })),
  ),
  {
    files: ['scripts/**', 'bench/**', 'apps/*/build.mjs', 'e2e/**'],
    languageOptions: {
      globals: Object.fromEntries(
        ['process', 'console', 'URL', 'fetch', 'performance', 'setTimeout', 'Buffer'].map((g) => [
          g,
          'readonly',
        ]),
      ),
    },
    rules: { 'no-console': 'off' },
  },
);
