import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { serverBoundaries } from './eslint/server-boundaries.js';
import { readdirSync } from 'node:fs';

/** The folders directly under `dir` (none when it does not exist yet). */
function folders(dir) {
  try {
    return readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
}

// ---- Client layers (CONVENTIONS.md "Layers are enforced") ------------------------------------
// Imports flow one way: lib/domain -> bank -> components -> features -> app; a feature never
// imports another feature; games/ import only src/lib, src/domain and games/shared. src/bank is
// the bank module (bank data, the sync intent, Link): a layer of its own so every feature and
// shared widget may use it.
const ONE_WAY = 'Imports flow one way: lib/domain -> bank -> components -> features -> app.';
const clientZones = [
  {
    target: ['./src/lib', './src/domain'],
    from: ['./src/bank', './src/components', './src/features', './src/app', './games'],
    message: `${ONE_WAY} lib and domain are the bottom layer.`,
  },
  {
    target: './src/bank',
    from: ['./src/components', './src/features', './src/app', './games'],
    message: `${ONE_WAY} The bank module sits under the shared widgets and the features.`,
  },
  {
    target: './src/domain',
    from: './src/lib',
    message: 'domain holds pure rules (no React, no I/O; the server imports it too): it does not import lib.',
  },
  {
    target: './src/components',
    from: ['./src/features', './src/app', './games'],
    message: `${ONE_WAY} Shared widgets do not import features or the app.`,
  },
  { target: './src/features', from: './src/app', message: `${ONE_WAY} Features do not import the app.` },
  ...folders('./src/features/').map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need to components, domain or lib.',
  })),
  { target: './src', from: './server', message: 'The client does not import server code.' },
  {
    target: './games',
    from: './src',
    except: ['./lib', './domain'],
    message: 'games/ import only src/lib, src/domain and games/shared.',
  },
  {
    target: './games',
    from: './server',
    message: 'games/ import only src/lib, src/domain and games/shared.',
  },
  ...folders('./games/').map((game) => ({
    target: `./games/${game}`,
    from: './games',
    except: game === 'shared' ? ['./shared'] : [`./${game}`, './shared'],
    message: 'A game imports only itself, games/shared, src/lib and src/domain.',
  })),
];

// The server's layers are in eslint/server-boundaries.js (its zones replace these for server/**).

const CLIENT_FILES = ['src/**/*.{ts,tsx}', 'games/**/*.{ts,tsx}'];

const PHASER_PATHS = [{ name: 'phaser', message: 'Only games/shared/phaser.ts imports Phaser.' }];
const PHASER_PATTERNS = [
  { group: ['phaser/*', 'phaser-src/*'], message: 'Only games/shared/phaser.ts imports Phaser.' },
];

// Links to the app's routes are src/components/link.tsx's: React Router's own <Link> and <NavLink>
// bring its route prefetching and discovery into React's chunk, which every screen loads (issue 30).
const ROUTER_LINK =
  "Link to a route with src/components/link.tsx (React Router's links bring unused code to every screen).";
const ROUTER_LINK_PATHS = ['react-router-dom', 'react-router'].map((name) => ({
  name,
  importNames: ['Link', 'NavLink'],
  message: ROUTER_LINK,
}));

// CONVENTIONS.md "One owner": only lib/progression.ts writes XP, lives, achievements and quest
// state. Any import path ending in `atoms` counts (`@/lib/atoms`, `./atoms`, `../atoms` from
// lib/progress-sync/, ...): only these names are refused, and only lib/atoms.ts exports them.
export const WRITABLE_PROGRESS_ATOMS = [
  'xpAtom',
  'livesAtom',
  'accountMasterUnlockedAtom',
  'budgetMasterUnlockedAtom',
  'budgetProUnlockedAtom',
  'streakStarterUnlockedAtom',
  'questStateAtom',
  'questTimerAtom',
];
const WRITABLE_ATOMS_PATTERN = {
  regex: '(^|/)atoms(\\.ts)?$',
  importNames: WRITABLE_PROGRESS_ATOMS,
  message:
    'Read progress through lib/progression.ts (xpValueAtom, questStateValueAtom, …) and change it through its intents; only it writes these atoms.',
};

// CONVENTIONS.md "Layers are enforced": src/domain is pure (the server imports it too): no React,
// no Jotai or query library, no fetch, no storage, no DOM, no timers, no clock read.
const DOMAIN_IMPURE_MODULES = ['react', 'react-dom', 'jotai', '@tanstack/react-query', 'react-router-dom'];
const PURE = 'src/domain is pure: no React, no state library, no I/O, no clock (time is a parameter).';
const DOMAIN_IO_GLOBALS = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'caches',
  'document',
  'window',
  'navigator',
  'location',
  'history',
  'setTimeout',
  'setInterval',
  'requestAnimationFrame',
  'process',
].map((name) => ({ name, message: `${PURE} '${name}' is I/O: pass what it gives in as a parameter.` }));

export default tseslint.config(
  {
    ignores: [
      '.tmp*/**',
      'dist/**',
      'dist-server/**',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'assets/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['build/sw-template.js'],
    languageOptions: { globals: { ...globals.serviceworker, __PRECACHE__: 'readonly' } },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Import boundaries: a violation fails `npm run lint`.
    plugins: { 'import-x': importX },
    settings: {
      // Read TypeScript modules (no-cycle follows their imports) and resolve the @/ alias.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: clientZones }],
    },
  },
  {
    files: CLIENT_FILES,
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': [
        'error',
        {
          paths: [...PHASER_PATHS, ...ROUTER_LINK_PATHS],
          patterns: [...PHASER_PATTERNS, WRITABLE_ATOMS_PATTERN],
        },
      ],
    },
  },
  {
    // CONVENTIONS.md "Actions have one owner": a sync goes through syncBank() alone, so its award,
    // expired-login state and invalidation cannot be skipped.
    files: CLIENT_FILES,
    ignores: ['src/bank/sync.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='bankApi'][property.name='fetchTransactions']",
          message: 'Sync with the bank through syncBank() / useSyncBank() in src/bank/sync.ts.',
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...PHASER_PATHS, ...DOMAIN_IMPURE_MODULES.map((name) => ({ name, message: PURE }))],
          patterns: [
            ...PHASER_PATTERNS,
            { group: DOMAIN_IMPURE_MODULES.map((m) => `${m}/*`), message: PURE },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...DOMAIN_IO_GLOBALS],
      'no-restricted-properties': [
        'error',
        ...['fetch', 'localStorage', 'sessionStorage', 'indexedDB', 'document', 'navigator', 'location'].map(
          (property) => ({ object: 'globalThis', property, message: PURE }),
        ),
        { object: 'Date', property: 'now', message: `${PURE} Take \`now\` as a parameter.` },
        { object: 'performance', property: 'now', message: PURE },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: `${PURE} \`new Date()\` reads the clock: take \`now\` as a parameter.`,
        },
      ],
    },
  },
  {
    files: ['src/lib/progression.ts', 'games/shared/phaser.ts', 'games/shared/phaser-runtime.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  ...serverBoundaries,
);
