// The server's layers, checked by lint: routes -> services -> repositories, Knex only in
// repositories/ and db/ (the local Plaid sandbox's own store is its repository), services away
// from the database module (a unit of work from the repositories starts their transactions), and
// the local Plaid sandbox apart from the app (the app reaches it only through the Plaid SDK).
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const zone = (target, from, message) => ({ target, from, message });

/** Globals of a browser page that Node does not have (the DOM types still declare them). */
const BROWSER_ONLY_GLOBALS = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'caches',
  'location',
  'history',
  'origin',
  'self',
  'name',
  'status',
  'event',
  'top',
  'parent',
  'frames',
  'opener',
  'closed',
  'screen',
  'open',
  'close',
  'alert',
  'confirm',
  'prompt',
];

export const serverBoundaries = [
  {
    files: ['server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname + '/..',
          zones: [
            zone('server/routes', 'server/repositories', 'Routes call services, never repositories.'),
            zone('server/routes', 'server/db', 'Routes call services, never the database.'),
            zone(
              'server/middleware',
              'server/repositories',
              'Middleware calls services, never repositories.',
            ),
            zone('server/middleware', 'server/db', 'Middleware calls services, never the database.'),
            zone('server/services', 'server/routes', 'Services do not know about routes.'),
            zone('server/services', 'server/middleware', 'Services do not know about HTTP middleware.'),
            zone(
              'server/services',
              'server/db',
              'Services never touch the database module: repositories do, and their unit of work starts a transaction.',
            ),
            zone(
              'server/plaid-sandbox',
              [
                'server/services',
                'server/repositories',
                'server/routes',
                'server/middleware',
                'server/app.ts',
              ],
              "The local Plaid sandbox is a system of its own: it never imports the app's services, repositories, routes or middleware.",
            ),
            zone(
              ['server/services', 'server/repositories', 'server/routes', 'server/middleware'],
              'server/plaid-sandbox',
              'The app reaches the local Plaid sandbox only through the Plaid SDK (its HTTP API).',
            ),
            zone('server/repositories', 'server/services', 'Repositories do not call services.'),
            zone('server/repositories', 'server/routes', 'Repositories do not know about routes.'),
            zone('server/repositories', 'server/middleware', 'Repositories do not know about middleware.'),
            zone(
              'server/lib',
              ['server/routes', 'server/services', 'server/repositories'],
              'lib/ is the bottom layer.',
            ),
            zone('server', 'src/!(domain)/**/*', 'The server shares only src/domain with the client.'),
          ],
        },
      ],
    },
  },
  {
    // The server's TypeScript program also holds the browser's DOM types (it shares src/domain),
    // so a stray browser global such as `origin`, `name` or `status` type checks there and is
    // `undefined` (or a ReferenceError) at run time. Lint refuses them in server code.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...BROWSER_ONLY_GLOBALS.map((name) => ({
          name,
          message: `\`${name}\` is a browser global: it does not exist on the server (declare or import what you meant).`,
        })),
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/repositories/**', 'server/db/**', 'server/plaid-sandbox/store.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'knex', message: 'Only server/repositories and server/db import Knex.' }] },
      ],
    },
  },
];
