// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// domain/ is pure: the clock, randomness, IO and frameworks enter only as arguments at the edges.
const impureGlobals = [
  { name: 'fetch', message: 'domain/ does no IO: pass data in.' },
  { name: 'setTimeout', message: 'domain/ has no clock: use an injected scheduler.' },
  { name: 'setInterval', message: 'domain/ has no clock: use an injected scheduler.' },
  { name: 'WebSocket', message: 'domain/ does no IO.' },
];
const impureModules = [
  'react',
  'react-dom',
  'fastify',
  'better-sqlite3',
  'ws',
  '@fastify/websocket',
  'node:fs',
  'fs',
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'reports/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No export * barrels: import from the module itself.' },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...impureGlobals],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'domain/ has no clock: take `now` as an argument.' },
        { object: 'Math', property: 'random', message: 'domain/ has no randomness: take it as an argument.' },
      ],
      'no-restricted-imports': ['error', { paths: impureModules }],
    },
  },
  {
    // rxjs belongs to the pipeline only.
    files: ['domain/**/*.ts'],
    ignores: ['domain/pipeline/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [...impureModules, 'rxjs', 'rxjs/operators'] }],
    },
  },
);
