// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import globals from 'globals';

// domain/ is pure: the clock, randomness, IO and frameworks enter only as arguments at the edges.
const impureGlobals = [
  { name: 'fetch', message: 'domain/ does no IO: pass data in.' },
  { name: 'setTimeout', message: 'domain/ has no clock: use an injected scheduler.' },
  { name: 'setInterval', message: 'domain/ has no clock: use an injected scheduler.' },
  { name: 'WebSocket', message: 'domain/ does no IO.' },
  { name: 'performance', message: 'domain/ has no clock: take the time as an argument.' },
  { name: 'crypto', message: 'domain/ has no randomness: take ids and random values as arguments.' },
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
  { name: 'node:crypto', message: 'domain/ has no randomness: take ids and random values as arguments.' },
  { name: 'crypto', message: 'domain/ has no randomness: take ids and random values as arguments.' },
  { name: 'node:perf_hooks', message: 'domain/ has no clock: take the time as an argument.' },
  { name: 'perf_hooks', message: 'domain/ has no clock: take the time as an argument.' },
];
const exportAllBarrels = {
  selector: 'ExportAllDeclaration',
  message: 'No export * barrels: import from the module itself.',
};
// On a cluster node a write waits for the cluster's turn and appends to the shared log before it commits locally, so
// every top-level write is `await log.write(() => ...)` (store/eventLog.ts, docs/scale-out.md); a top-level
// `transaction` throws there. Inside a write, code records without opening another transaction. Where a
// `.transaction(` must stay, the line says why with `eslint-disable-next-line no-restricted-syntax -- <reason>`:
// a savepoint nested inside a write, or work done while the file opens, before the app serves and before a shared
// log can be attached. The log itself (store/eventLog.ts) defines `transaction` and is exempt.
const topLevelTransaction = {
  selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='transaction']",
  message:
    'A top-level write is `await log.write(() => ...)` (it throws on a shared log); inside a write, record directly. A savepoint nested in a write, or work at open before the app serves, says so in an eslint-disable comment.',
};
// `new Date()` and `Date()` read the clock; `new Date(text)` and `new Date(ms)` only convert a given value.
const clockReadingSyntax = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'domain/ has no clock: take `now` as an argument (new Date(value) is fine).',
  },
  {
    selector: "CallExpression[callee.name='Date']",
    message: 'domain/ has no clock: take `now` as an argument.',
  },
];

// The dashboard and the simulator share only domain/: neither imports the other.
// Matched on the import text: the subpath alias, or any relative path through the folder.
const importsOf = (folder, alias, message) => ({
  regex: `^${alias}/|^\\.\\.?/(.*/)?${folder}(/|$)`,
  message,
});

// The client's layers, bottom to top (docs/architecture.md): each folder imports only the folders below it, so a
// change reaches only what lies above. The kit (ui) knows no app state; the data (api, then the live worker and its
// stores) knows no session; the session and page-wide state (session) knows no map; the map knows no screen; the
// screens (features) know no shell; the shell (app) composes the screens. `npm run lint:layers` prints the graph.
const CLIENT_LAYERS = ['ui', 'api', 'live', 'session', 'map', 'features', 'app'];
const layerBoundaries = CLIENT_LAYERS.flatMap((layer, index) =>
  CLIENT_LAYERS.slice(index + 1).map((above) => ({
    target: `./client/${layer}`,
    from: `./client/${above}`,
    message: `client/${layer} sits below client/${above} and never imports it (layers: ${CLIENT_LAYERS.join(' → ')}; docs/architecture.md).`,
  })),
);

// Feature folders are screens, not libraries: one never imports another (what two share lives in a layer below:
// client/ui, client/map or client/session).
const featureFolders = readdirSync(new URL('./client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = [
  ...featureFolders.map((feature) => ({
    target: `./client/features/${feature}`,
    from: './client/features',
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move what they share into a layer below (client/ui, client/map or client/session).',
  })),
  ...layerBoundaries,
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
      'no-restricted-syntax': ['error', exportAllBarrels],
      // A file past this many lines holds more than one concept: split it (blank lines and comments not counted).
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // A cycle makes load order matter and hides which module owns a concept. Type-only imports do not count.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          conditionNames: ['import', 'default'],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureBoundaries }] },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            importsOf('sim-server', '#sim', 'client/ never imports the simulator: share through domain/.'),
          ],
        },
      ],
    },
  },
  {
    files: ['sim-server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            importsOf('client', '#client', 'sim-server/ never imports the dashboard: share through domain/.'),
          ],
        },
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
        {
          object: 'globalThis',
          property: 'performance',
          message: 'domain/ has no clock: take the time as an argument.',
        },
        {
          object: 'globalThis',
          property: 'crypto',
          message: 'domain/ has no randomness: take it as an argument.',
        },
      ],
      'no-restricted-syntax': ['error', exportAllBarrels, ...clockReadingSyntax],
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
  {
    files: ['sim-server/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['sim-server/store/eventLog.ts'],
    rules: { 'no-restricted-syntax': ['error', exportAllBarrels, topLevelTransaction] },
  },
  {
    // A function past 120 lines hides its parts (issue 39). Tests are exempt (a describe block reads as a list).
    files: ['{client,sim-server,domain,scripts}/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
);
