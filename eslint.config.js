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
