// React Router's production build in the app's production build: the package exports only its
// development build, whose developer warnings were shipped in React's chunk (issue 30).
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import {
  markPure,
  productionEntries,
  reactRouterProductionPlugin,
} from '../../../build/react-router-production-plugin';

const PACKAGE = path.resolve('node_modules/react-router');
const ROOT_OF_APP = path.resolve('.');
type Hook = (this: unknown, ...args: unknown[]) => unknown;
const hook = (plugin: Plugin, name: 'buildStart' | 'resolveId' | 'transform') =>
  (plugin as unknown as Record<string, Hook>)[name]!.bind({});

const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A fake react-router package whose production chunk sets the flag as given. */
function fakePackage(flag: string | null): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rr-prod-'));
  temps.push(dir);
  const prod = path.join(dir, 'dist', 'production');
  mkdirSync(prod, { recursive: true });
  writeFileSync(path.join(prod, 'index.mjs'), 'export * from "./chunk-A.mjs";');
  writeFileSync(path.join(prod, 'dom-export.mjs'), 'export {};');
  writeFileSync(
    path.join(prod, 'chunk-A.mjs'),
    flag === null ? 'export const x = 1;' : `var ENABLE_DEV_WARNINGS = ${flag};\nexport const x = 1;`,
  );
  return dir;
}

describe("React Router's production build", () => {
  it('when the app is built, then react-router and react-router/dom resolve to the production files, which turn the developer warnings off', () => {
    const entries = productionEntries(PACKAGE);
    expect(entries['react-router']).toBe(path.join(PACKAGE, 'dist/production/index.mjs'));
    expect(entries['react-router/dom']).toBe(path.join(PACKAGE, 'dist/production/dom-export.mjs'));
  });

  it('when the plugin runs, then only the two React Router imports are redirected, and only in a build', async () => {
    const plugin = reactRouterProductionPlugin(PACKAGE);
    expect(plugin.apply).toBe('build');
    await hook(plugin, 'buildStart')();
    const resolve = hook(plugin, 'resolveId');
    expect(resolve('react-router')).toBe(path.join(PACKAGE, 'dist/production/index.mjs'));
    expect(resolve('react-router/dom')).toBe(path.join(PACKAGE, 'dist/production/dom-export.mjs'));
    expect(resolve('react-router-dom')).toBeNull();
    expect(resolve('react')).toBeNull();
  });

  it('when an upgrade changes the package (the flag on, missing or a file gone), then the build stops instead of shipping the warnings unseen', () => {
    expect(() => productionEntries(fakePackage('false'))).not.toThrow();
    expect(() => productionEntries(fakePackage('true'))).toThrow(/ENABLE_DEV_WARNINGS = false/);
    expect(() => productionEntries(fakePackage(null))).toThrow(/found \[\]/);
    const gone = fakePackage('false');
    rmSync(path.join(gone, 'dist/production/dom-export.mjs'));
    expect(() => productionEntries(gone)).toThrow(/dom-export\.mjs is missing/);
  });

  it('when a production file declares components and contexts unmarked, then they are marked pure and their display names left out, line for line', () => {
    const code = [
      'var NavLink = React10.forwardRef(function NavLinkWithRef(props, ref) {',
      '  return null;',
      '});',
      'NavLink.displayName = "NavLink";',
      'var FrameworkContext = React8.createContext(void 0);',
      'FrameworkContext.displayName = "FrameworkContext";',
      'var MemoizedDataRoutes = React3.memo(DataRoutes2);',
      'var kept = /* @__PURE__ */ React.createElement("a");',
      'someCall(NavLink.displayName);',
    ].join('\n');
    const out = markPure(code)!;
    expect(out.split('\n')).toEqual([
      'var NavLink = /* @__PURE__ */ React10.forwardRef(function NavLinkWithRef(props, ref) {',
      '  return null;',
      '});',
      '',
      'var FrameworkContext = /* @__PURE__ */ React8.createContext(void 0);',
      '',
      'var MemoizedDataRoutes = /* @__PURE__ */ React3.memo(DataRoutes2);',
      'var kept = /* @__PURE__ */ React.createElement("a");',
      'someCall(NavLink.displayName);',
    ]);
    expect(markPure('export const x = 1;')).toBeNull();
  });

  it("when the app is built, then React Router's own production file has declarations to mark (an upgrade that reshapes it stops the build)", async () => {
    const files = readdirSync(path.join(PACKAGE, 'dist/production')).filter((f) => f.endsWith('.mjs'));
    const marked = files.filter((f) =>
      markPure(readFileSync(path.join(PACKAGE, 'dist/production', f), 'utf8')),
    );
    expect(marked.length).toBeGreaterThan(0);
    const dir = fakePackage('false');
    const plugin = reactRouterProductionPlugin(dir);
    await hook(plugin, 'buildStart')();
    const end = (plugin as unknown as Record<string, Hook>).buildEnd!.bind({});
    const transform = hook(plugin, 'transform');
    const declared = 'var C = React.createContext(null);';
    expect(transform(declared, path.join(ROOT_OF_APP, 'src/lib/x.ts'))).toBeNull();
    expect(() => end()).toThrow(/no declaration to mark pure/);
    expect(transform(declared, path.join(dir, 'dist/production/chunk-A.mjs'))).toEqual({
      code: 'var C = /* @__PURE__ */ React.createContext(null);',
      map: null,
    });
    expect(() => end()).not.toThrow();
  });
});
