// React Router ships two builds of the same code, `dist/development` and `dist/production`, which
// differ in one constant: `ENABLE_DEV_WARNINGS`, true in the first (its console warnings for the
// developer, "No routes matched location ...", and the default error page's "Hey developer"
// script). The package's exports name only the development build, whatever the bundler's mode, so
// a production build of the app shipped those warnings in React's chunk (438 bytes of brotli on
// every first visit, the sign-in screen's included: issue 30). The production build resolves
// `react-router` and `react-router/dom` (what react-router-dom re-exports) to the package's own
// production files; the dev server and the tests keep the warnings.
//
// Those files also keep code no one calls (issue 30): React Router declares its components and
// contexts as `var Link = React.forwardRef(...)`, `var FrameworkContext = React.createContext(...)`
// and names them with `Link.displayName = "Link"` on the next line, without the `@__PURE__` mark its
// other calls carry, so the bundler must assume that each call and assignment does something and
// keeps NavLink, Form, the data router's contexts and everything they reach whether the app uses
// them or not. The production build marks those calls pure and leaves the names (read only by
// React's developer tools) out, so what the app does not import is dropped like any unused code.
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

const UNMARKED_CALL = /= (React\d*\.(?:forwardRef|createContext|memo))\(/g;
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = [^;\n]+;$/gm;

/**
 * One of React Router's production files with its component and context declarations marked pure
 * and their display names left out; null for a file that has none (nothing to change). Lines stay
 * where they were, so the source map of the file is still right line by line.
 */
export function markPure(code: string): string | null {
  const calls = code.match(UNMARKED_CALL)?.length ?? 0;
  const names = code.match(DISPLAY_NAME)?.length ?? 0;
  if (calls === 0 && names === 0) return null;
  return code.replace(UNMARKED_CALL, '= /* @__PURE__ */ $1(').replace(DISPLAY_NAME, '');
}

/** `packageDir`: the `react-router` package's folder (vite.config.ts names it from its own place). */
export function reactRouterProductionPlugin(packageDir: string): Plugin {
  let entries: Record<string, string> = {};
  let marked = 0;
  const productionDir = path.join(packageDir, 'dist', 'production') + path.sep;
  return {
    name: 'react-router-production',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      entries = productionEntries(packageDir);
      marked = 0;
    },
    resolveId(source) {
      return entries[source] ?? null;
    },
    transform(code, id) {
      if (!id.startsWith(productionDir)) return null;
      const out = markPure(code);
      if (out === null) return null;
      marked++;
      return { code: out, map: null };
    },
    buildEnd(error) {
      // An upgrade that reshapes the files would otherwise put the unused code back unseen.
      if (!error && marked === 0)
        throw new Error(`react-router-production: no declaration to mark pure in ${productionDir}`);
    },
  };
}
