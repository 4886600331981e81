// React Router ships two builds of the same code, `dist/development` and `dist/production`, which
// differ in one constant: `ENABLE_DEV_WARNINGS`, true in the first (its console warnings for the
// developer, "No routes matched location ...", and the default error page's "Hey developer"
// script). The package's exports name only the development build, whatever the bundler's mode, so
// a production build of the app shipped those warnings in React's chunk (438 bytes of brotli on
// every first visit, the sign-in screen's included: issue 30). The production build resolves
// `react-router` and `react-router/dom` (what react-router-dom re-exports) to the package's own
// production files; the dev server and the tests keep the warnings.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const DEV_FLAG = /\bvar ENABLE_DEV_WARNINGS = (true|false);/;

/** The production files of the `react-router` package found in `packageDir`, by import path. */
export function productionEntries(packageDir: string): Record<string, string> {
  const dir = path.join(packageDir, 'dist', 'production');
  const entries = {
    'react-router': path.join(dir, 'index.mjs'),
    'react-router/dom': path.join(dir, 'dom-export.mjs'),
  };
  for (const file of Object.values(entries))
    if (!existsSync(file)) throw new Error(`react-router-production: ${file} is missing`);
  // The flag is set once, in one of the shared chunks; the production build must set it false.
  const flags = readdirSync(dir)
    .filter((f) => f.endsWith('.mjs'))
    .map((f) => DEV_FLAG.exec(readFileSync(path.join(dir, f), 'utf8'))?.[1])
    .filter((v) => v !== undefined);
  if (flags.length !== 1 || flags[0] !== 'false')
    throw new Error(
      `react-router-production: expected one "var ENABLE_DEV_WARNINGS = false;" in ${dir}, found ${JSON.stringify(flags)}`,
    );
  return entries;
}

/** `packageDir`: the `react-router` package's folder (vite.config.ts names it from its own place). */
export function reactRouterProductionPlugin(packageDir: string): Plugin {
  let entries: Record<string, string> = {};
  return {
    name: 'react-router-production',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      entries = productionEntries(packageDir);
    },
    resolveId(source) {
      return entries[source] ?? null;
    },
  };
}
