// One flat config for every workspace (STYLE.md §10).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// Feature import zones (docs/architecture.md "Boundaries", decision 014). A feature is a folder under
// <app>/src/features; it may import another feature only through that feature's index.ts.
const here = import.meta.dirname;
function featureZones(app) {
  const dir = join(here, app, 'src/features');
  const features = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return features.map(({ name }) => ({
    target: `${app}/src/features/${name}/**`,
    from: `${app}/src/features/**`,
    except: [join(dir, name, '**'), join(dir, '*', 'index.{ts,tsx}')],
    message: `Import another feature through its index.ts only (features/${name} may reach into itself).`,
  }));
}
function sharedLayerZone(app, layers) {
  return {
    target: layers.map((layer) => `${app}/src/${layer}`),
    from: `${app}/src/features/**`,
    message: 'Shared layers never import features: move what both need into the shared layer.',
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/drizzle/**',
      'coverage/**',
      'test-results/**',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // Fastify handlers and hooks are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/src/**/': 'KEBAB_CASE' }],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration in apps/server/src/config.ts only.',
        },
      ],
    },
  },
  {
    // Enforced structure: no import cycles, files that fit in a head (allow-list below).
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript settings of import-x (which files it parses and with what), with our resolver.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/external-module-folders':
        importX.flatConfigs.typescript.settings['import-x/external-module-folders'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // A test file is a list of independent cases around one set-up: it may run longer, not without end.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 600, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The allow-list for max-lines, each with its reason (decision 014).
    files: [
      // The packed tracer keeps its hot loop, its packed state layout and their invariants in one file on
      // purpose (decision 005): splitting it would hide the layout from the loop that depends on it.
      'packages/engine/src/tracing/logistic-tracer.ts',
    ],
    rules: { 'max-lines': 'off' },
  },
  {
    // Server: features through index.ts; plugins, db, lib, config and errors import no feature; the
    // composition root (app.ts, main.ts, types.d.ts), testing/, security/, bench/ and scripts/ only through index.ts.
    files: ['apps/server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones('apps/server'),
            sharedLayerZone('apps/server', ['plugins/**', 'db/**', 'lib/**', 'config.ts', 'errors.ts']),
            {
              target: [
                'apps/server/src/*.ts',
                'apps/server/src/!(features)/**',
                'apps/server/{bench,scripts}/**',
                'apps/server/*.ts',
              ],
              from: 'apps/server/src/features/**',
              except: [
                join(here, 'apps/server/src/features/*/index.ts'),
                // The composition root registers each feature's routes file; index.ts files do not re-export routes,
                // so that one feature's public surface never drags another's routes (and their cycles) along.
                join(here, 'apps/server/src/features/*/*.routes.ts'),
              ],
              message: 'Outside features, import a feature through its index.ts only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Web: features through index.ts; components, lib, hooks and config import no feature. app/ (routes and
    // layouts) composes features and may import their modules directly, so that lazy routes split by module.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones('apps/web'),
            sharedLayerZone('apps/web', ['components/**', 'lib/**', 'hooks/**', 'config/**']),
          ],
        },
      ],
    },
  },
  {
    // Config readers and tooling entry points may read the environment.
    files: [
      'apps/server/src/config.ts',
      '**/*.config.ts',
      'e2e/**',
      '**/bench/**',
      '**/scripts/**',
      '**/src/testing/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // Dependencies point inward (DESIGN.md): web -> contracts; engine and content -> nothing of ours.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@vidya/server', '@vidya/engine', '@vidya/content', '**/apps/server/**'] },
      ],
    },
  },
  {
    files: ['packages/engine/**/*.ts', 'packages/content/**/*.ts', 'packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@vidya/*', '**/apps/**'] }],
    },
  },
  {
    // Tests read JSON bodies of responses (typed any by light-my-request) and assert on them.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
