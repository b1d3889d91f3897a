import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The API's domains: core and platform import none of them (packages/api/src/*\/README.md). */
const DOMAINS = ['profiles', 'communities', 'membership', 'payments', 'posts', 'chat', 'courses', 'calendar', 'levels', 'feedback', 'partners'];
const domainImports = (depth) => DOMAINS.map((domain) => `${'../'.repeat(depth)}${domain}/*`);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', '**/routeTree.gen.ts', 'drizzle/**', 'test-results/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in apps/server/src/env.ts.' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['@app/db', '@app/db/*'], message: 'The web app never imports the database package.' }] }],
    },
  },
  {
    // Entry points, test infrastructure and tooling read their own variables.
    files: ['apps/server/src/env.ts', 'packages/db/src/testing.ts', 'e2e/**', 'scripts/**', '**/*.test.ts', 'apps/web/vite.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // No import circles between modules' values (the rule passes over `import type`; scripts/import-cycles.test.ts counts those too).
    files: ['**/*.{ts,tsx}'],
    ignores: ['apps/web/src/routeTree.gen.ts', 'apps/web/src/router.tsx', 'apps/web/src/routes/__root.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Layers: the builders, context and access rules (core) and the shared services (platform) know no domain.
    files: ['packages/api/src/core/**/*.ts', 'packages/api/src/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: [...domainImports(1), ...domainImports(2), ...domainImports(3), '../root.ts', '../../root.ts'], message: 'core/ and platform/ import no domain: hand what they need in (see core/context.ts).' }] },
      ],
    },
  },
  {
    // The live bus offers a typed topic factory and nothing else: it imports no domain and no core.
    files: ['packages/api/src/platform/live/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: [...domainImports(2), '../../core/*', '../../root.ts'], message: 'The live bus knows no domain: each domain declares its topics in its own events.ts.' }] },
      ],
    },
  },
);
