import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
