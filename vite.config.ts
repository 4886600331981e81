/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { serviceWorkerPlugin } from './build/service-worker-plugin.ts';
import { phaserFeaturesPlugin } from './build/phaser-features-plugin.ts';
import { precompressPlugin } from './build/precompress-plugin.ts';
import { routePreloadPlugin } from './build/route-preload-plugin.ts';
import { firstPaintPlugin } from './build/first-paint-plugin.ts';
import { compileHintsPlugin } from './build/compile-hints-plugin.ts';
import { preloadHelperPlugin } from './build/preload-helper-plugin.ts';
import { reactRouterProductionPlugin } from './build/react-router-production-plugin.ts';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [
    react(),
    preloadHelperPlugin(),
    reactRouterProductionPlugin(r('./node_modules/react-router')),
    serviceWorkerPlugin(),
    phaserFeaturesPlugin(),
    routePreloadPlugin(),
    firstPaintPlugin(),
    compileHintsPlugin(),
    precompressPlugin(),
  ],
  // Icons, the manifest, sounds and game art: copied as they are to the site's root.
  publicDir: 'assets',
  resolve: {
    alias: [
      { find: '@', replacement: r('./src') },
      { find: '@games', replacement: r('./games') },
      { find: '@server', replacement: r('./server') },
      // The games run a trimmed Phaser built from its source (games/shared/phaser-runtime.ts);
      // TypeScript still reads the `phaser` package's types.
      { find: /^phaser$/, replacement: r('./games/shared/phaser-runtime.ts') },
      { find: /^phaser-src\/(.*)$/, replacement: r('./node_modules/phaser/src/$1') },
    ],
  },
  build: {
    outDir: 'dist',
    // Every chunk has a source map for debugging and audits, not linked from the served files.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 1600,
    // Every browser the app supports preloads modules itself; the polyfill only cost the entry bytes.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // Heavy libraries get named chunks, so tests and benchmarks can see where they load. Rolldown
        // puts a group's dependencies in the group too, so React's group has the higher priority:
        // otherwise React's own code lands in the first library chunk that imports it (e.g.
        // framer-motion) and every screen loads that chunk. React is named, or the signed-in chunk
        // would take in React's JSX runtime; the query cache loads with the signed-in layout only.
        // React's chunk is the stack every screen runs on: React, react-dom, React Router and Jotai,
        // cached apart from the app's own code across deploys; the bench's floor (bench/floor.ts)
        // is a minimal app of the same libraries.
        advancedChunks: {
          groups: [
            { name: 'phaser', test: /node_modules[\\/]phaser[\\/]|phaser-runtime/, priority: 50 },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|jotai)[\\/]|rolldown[\\/]runtime/,
              priority: 40,
            },
            // The sign-in screen's own code in two chunks instead of nine (issue 30). "index": the app's
            // entry with what it shares with the lazily loaded chunks (API client, storage keys and
            // shell atoms, the route table, route loading, the store, the transition hooks, Vite's
            // preload helper), one file: those chunks import the entry, which carries no stylesheet
            // (the main one is the preload-route entry's, inlined by build/first-paint-plugin.ts).
            // "sign-in": the sign-in screen and what it shares with register and the password screens.
            {
              name: 'index',
              test: /src[\\/]main\.tsx$/,
              priority: 35,
            },
            {
              name: 'sign-in',
              test: /src[\\/](features[\\/]auth[\\/](login-page|api|auth-layout|brand-logo|form-field|form-error|submit-button|use-form-submit|error-messages|use-sign-in)|domain[\\/]validation)\.tsx?$/,
              priority: 34,
            },
            // Everything someone signed in runs, whatever the page: the session runtime, the signed-in
            // frame and what they import (progression, the bank module's queries), one chunk instead
            // of seven, with the query library (TanStack Query), which every signed-in page loads with
            // it anyway: one request fewer on each first visit. Started by the sign-in form. With it
            // the small "after the page has painted" helpers the game host and Home's chart share,
            // which would otherwise be a chunk of their own (400 bytes, one request more).
            {
              name: 'signed-in',
              test: /src[\\/]app[\\/](session-runtime|signed-in-routes)\.tsx$|src[\\/]lib[\\/]after-paint\.ts$|node_modules[\\/]@tanstack[\\/]/,
              priority: 25,
            },
            { name: 'recharts', test: /node_modules[\\/](recharts|d3-[^\\/]+)[\\/]/, priority: 20 },
            {
              name: 'framer-motion',
              test: /node_modules[\\/](framer-motion|motion-[^\\/]+)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': apiTarget, '/plaid-sandbox': apiTarget } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          // Pure logic runs in Node; a file that needs a DOM says `// @vitest-environment jsdom` on
          // its first line (jsdom's set-up was 60% of the unit run when every file paid for it).
          environment: 'node',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 30000,
        },
      },
      {
        // `npm run test:hardening`: authorization, fuzzing, load, crash and bank faults (issue 15).
        extends: true,
        test: {
          name: 'hardening',
          include: ['tests/hardening/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
      {
        // `npm run test:scale`: two server processes on one fresh PostgreSQL database (issue 16).
        extends: true,
        test: {
          name: 'scale',
          include: ['tests/scale/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120000,
          hookTimeout: 120000,
        },
      },
    ],
  },
});
