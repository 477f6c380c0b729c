// One lint setup for the whole repository (backend, scripts, tests; the frontend joins later).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import noDiscordCopies from './eslint-rules/no-discord-copies.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'generated/**', '.data/**', 'coverage/**', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The frontend calls the API only through the generated client and names cached data only through api/query-keys.ts
  // (tests/frontend-api-lint.test.ts plants each bypass). api/client.ts is the fetch wrapper; the sandbox viewer's
  // routes are the sandbox's, not API operations, so api/sandbox-viewer.ts may still call api().
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/api/client.ts', 'frontend/src/api/query-keys.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='fetch']",
          message: 'Call the API through the generated client (`client` of api/client.ts); only its fetch wrapper fetches.',
        },
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Build query keys with `queryKeys` of api/query-keys.ts, so an invalidation names the same key.',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(get|set)Quer(y|ies)(Data|State)$|^(invalidate|remove|refetch|cancel|reset|prefetch|fetch)Queries$|^(prefetch|fetch|ensure)Query(Data)?$/] > ArrayExpression',
          message: 'Build query keys with `queryKeys` of api/query-keys.ts, so an invalidation names the same key.',
        },
      ],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/api/sandbox-viewer.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/client', './client'],
              importNames: ['api'],
              message: 'Call the API through the generated client (`client` of api/client.ts), typed by the schemas.',
            },
          ],
        },
      ],
    },
  },
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        AbortSignal: 'readonly',
        Response: 'readonly',
        Headers: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  // The repository's own rules, one file each in eslint-rules/.
  {
    plugins: { guildhall: { rules: { 'no-discord-copies': noDiscordCopies } } },
    rules: { 'guildhall/no-discord-copies': 'error' },
  },
  // The rule's test plants the copies it must refuse.
  { files: ['tests/lint-rules.test.ts'], rules: { 'guildhall/no-discord-copies': 'off' } },
);
