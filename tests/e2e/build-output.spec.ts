// The built output, read from `dist` as `npm run test:e2e` built it. The chunks that carry V8's
// compile hint (build/compile-hints-plugin.ts): the hint is each file's first line, after Vite's
// own rewrites, and the hidden source maps still lead from the built code back to the right source
// line. The page and the service worker (issue 30): the main stylesheet is inlined and no chunk
// lists it, and every file the service worker precaches is one the server has.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { COMPILE_HINT, HINTED_GROUPS } from '../../build/compile-hints-plugin';

const ASSETS = path.resolve('dist', 'assets');
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One segment's numbers from base64 VLQ (source map version 3). */
function decodeSegment(text: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of text) {
    const digit = B64.indexOf(ch);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

interface SourceMap {
  sources: string[];
  sourcesContent: string[];
  mappings: string;
}

/** The source file and its line text for a position of the built code (0-based line and column). */
function originalLine(map: SourceMap, line: number, column: number): { source: string; text: string } {
  // Source index and line are relative across the whole map; the column restarts on every line.
  let src = 0;
  let srcLine = 0;
  let found: { src: number; srcLine: number } | null = null;
  const lines = map.mappings.split(';');
  for (let l = 0; l <= line && l < lines.length; l++) {
    let col = 0;
    for (const seg of lines[l] ? lines[l]!.split(',') : []) {
      const [dCol, dSrc, dLine] = decodeSegment(seg);
      col += dCol!;
      if (dSrc === undefined) continue;
      src += dSrc;
      srcLine += dLine!;
      if (l === line && col <= column) found = { src, srcLine };
    }
  }
  if (!found) throw new Error(`no mapping at ${line}:${column}`);
  return {
    source: map.sources[found.src]!,
    text: map.sourcesContent[found.src]!.split('\n')[found.srcLine]!,
  };
}

function chunk(group: string): { code: string; map: SourceMap } {
  const file = readdirSync(ASSETS).find((f) => new RegExp(`^${group}-[\\w-]+\\.js$`).test(f));
  if (!file) throw new Error(`no ${group} chunk in dist/assets`);
  return {
    code: readFileSync(path.join(ASSETS, file), 'utf8'),
    map: JSON.parse(readFileSync(path.join(ASSETS, `${file}.map`), 'utf8')) as SourceMap,
  };
}

/** Where `needle` starts in `code`, as a 0-based line and column. */
function positionOf(code: string, needle: string): { line: number; column: number } {
  const at = code.indexOf(needle);
  expect(at, `${needle} in the chunk`).toBeGreaterThan(0);
  const before = code.slice(0, at).split('\n');
  return { line: before.length - 1, column: before.at(-1)!.length };
}

test.describe('the chunks given the compile hint', () => {
  test('each starts with the hint, once, and its source map has as many lines as its code', () => {
    for (const group of HINTED_GROUPS) {
      const { code, map } = chunk(group);
      expect(code.split('\n')[0], group).toBe(COMPILE_HINT);
      expect(code.split(COMPILE_HINT), group).toHaveLength(2);
      expect(map.mappings.split(';').length, group).toBeLessThanOrEqual(code.split('\n').length);
      expect(map.mappings.startsWith(';'), group).toBe(true);
    }
  });

  test('a text in each leads back through the source map to the source line that holds it', () => {
    const cases = [
      { group: 'react', needle: '"Minified React error #', source: /react-dom\.production\.js$/ },
      { group: 'signed-in', needle: 'Could not load the signed-in user', source: /use-session-start\.ts$/ },
    ];
    for (const { group, needle, source } of cases) {
      const { code, map } = chunk(group);
      const at = positionOf(code, needle.replace(/^"/, ''));
      const original = originalLine(map, at.line, at.column);
      expect(original.source, group).toMatch(source);
      expect(original.text, group).toContain(needle.replace(/^"/, ''));
    }
  });
});

test.describe('the page and what the service worker keeps', () => {
  const DIST = path.resolve('dist');
  const html = () => readFileSync(path.join(DIST, 'index.html'), 'utf8');

  test('the main stylesheet is inlined, no stylesheet is linked, and no chunk lists a stylesheet the page already has', () => {
    const page = html();
    expect(page).toMatch(/<style>[^<]*\.boot-shell\{/);
    expect(page).not.toMatch(/<link rel="stylesheet"/);
    // The stylesheet file the build emitted beside the page, whose text is the inlined one.
    const sheets = readdirSync(ASSETS).filter((f) => f.endsWith('.css'));
    const inlined = sheets.filter((f) => page.includes(readFileSync(path.join(ASSETS, f), 'utf8').trim()));
    expect(inlined).toHaveLength(1);
    for (const file of readdirSync(ASSETS).filter((f) => f.endsWith('.js')))
      expect(readFileSync(path.join(ASSETS, file), 'utf8'), file).not.toContain(inlined[0]!);
  });

  test("the page's scripts and every precached file exist, and the precache holds the page's scripts and the sign-in screen", () => {
    const scripts = [...html().matchAll(/<script type="module"[^>]* src="\/([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    const precache = JSON.parse(
      /PRECACHE = (\[.*?\]);/.exec(readFileSync(path.join(DIST, 'sw.js'), 'utf8'))![1]!,
    ) as string[];
    for (const file of [...scripts.map((s) => `/${s}`), ...precache])
      expect(existsSync(path.join(DIST, file === '/' ? 'index.html' : file)), file).toBe(true);
    for (const script of scripts) expect(precache).toContain(`/${script}`);
    expect(precache.some((f) => /^\/assets\/sign-in-[\w-]+\.js$/.test(f))).toBe(true);
  });
});

test.describe("React's chunk", () => {
  test("React Router comes from the package's production files only, without its developer warnings (build/react-router-production-plugin.ts)", () => {
    const { code, map } = chunk('react');
    const router = map.sources.filter((s) => s.includes('node_modules/react-router/'));
    expect(router.length).toBeGreaterThan(0);
    for (const source of router) expect(source).toContain('/react-router/dist/production/');
    expect(code).not.toContain('No routes matched location');
  });

  test("React Router's code the app does not use is left out: its links' prefetching, NavLink, forms, the data router (issue 30)", () => {
    const { code } = chunk('react');
    // Kept: what the app imports (HashRouter, Routes, Navigate, the hooks).
    expect(code).toContain('You cannot render a <Router> inside another <Router>');
    for (const unused of [
      'data-discover',
      'useViewTransitionState',
      'RouterProvider',
      'fetcherKey',
      'useFormAction',
    ])
      expect(code, unused).not.toContain(unused);
  });
});
