import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A server zone: no web code (as everywhere on the server), and no import matching `regex`. */
function serverZone(regex, message) {
  return {
    'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**', '#web/*'] }, { regex, message }] }],
  };
}

/** What no web file imports: server code and Node built-ins. */
const webPatterns = [{ group: ['**/server/**', '#server/*', 'node:*'] }];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-*/',
      '.tsbuild/',
      'node_modules/',
      'drizzle/',
      'test-results/',
      'playwright-report/',
      'data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Shared code runs on both sides: no Node, DOM, database or framework imports.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'node:*',
            'drizzle-orm*',
            'fastify*',
            'react*',
            'pg',
            '@electric-sql/*',
            '../server/*',
            '../web/*',
          ],
        },
      ],
    },
  },
  {
    // Web and server never import each other.
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: webPatterns }] },
  },
  {
    // A feature imports only components/, lib/, #shared and itself; pages that combine
    // features live in app/ (bulletproof-react's unidirectional layers).
    files: ['src/web/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webPatterns,
            {
              regex: String.raw`^\.\./(?!\.\./(components|lib)/)`,
              message: 'A feature imports only components/, lib/, #shared and itself; combine features in app/.',
            },
            {
              regex: '^#web/(app|features)/',
              message: 'A feature imports only components/, lib/, #shared and itself.',
            },
          ],
        },
      ],
      // The same for lazy `import()`, which no-restricted-imports does not see.
      'no-restricted-syntax': [
        'error',
        {
          selector: String.raw`ImportExpression[source.value=/^(\.\.\/(?!\.\.\/(components|lib)\/)|#web\/(app|features)\/)/]`,
          message: 'A feature imports only components/, lib/, #shared and itself; combine features in app/.',
        },
      ],
    },
  },
  {
    // Shared widgets and helpers know no feature and no page.
    files: ['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webPatterns,
            {
              regex: String.raw`^(\.\./)+(features|app)/|^#web/(features|app)/`,
              message: 'components/ and lib/ import no feature and no app code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/web/**', '#web/*'] }] },
  },
  {
    // The server's lower layers know no feature: lib/ and plugins/ (and db/) are what features build
    // on, so an import the other way would tie the foundation to one feature (docs/architecture.md).
    // Their tests may build the whole app.
    files: ['src/server/lib/**/*.ts', 'src/server/plugins/**/*.ts', 'src/server/db/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    rules: serverZone(
      String.raw`^(\.\./)+features/|^#server/features/`,
      'lib/, plugins/ and db/ import no feature; move what several features need into lib/.',
    ),
  },
  {
    // Server features meet only through a feature's public index.ts; their tests may reach inside.
    files: ['src/server/features/*/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    rules: serverZone(
      String.raw`^\.\./[a-z-]+/(?!index\.ts$)|^#server/features/[a-z-]+/(?!index\.ts$)`,
      'Another feature is reached only through its index.ts (its public face).',
    ),
  },
  {
    // env.ts is the only reader of process.env in the server.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/env.ts', 'src/server/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/server/env.ts.' },
      ],
    },
  },
);
