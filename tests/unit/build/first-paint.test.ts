// Paint before the code runs (issue 33): index.html's scripts are fetched at low priority, so
// nothing on the page is taken for render-blocking while the static shell paints.
import { describe, expect, it } from 'vitest';
import { scriptsAfterPaint } from '../../../build/first-paint-plugin';

const HEAD = `<head>
    <script type="module" crossorigin src="/assets/preload-route-1.js"></script>
    <title>Budget Quest</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="modulepreload" crossorigin href="/assets/shell-1.js">
    <link rel="icon" href="/icons/icon.svg" type="image/svg+xml" />
  </head>`;

describe('the first paint before the scripts', () => {
  it('when index.html is built, then every module script and module preload asks for low priority, and nothing else changes', () => {
    const out = scriptsAfterPaint(HEAD);
    const tags = out.match(/<(script|link)[^>]*>/g)!;
    expect(tags).toEqual([
      '<script type="module" fetchpriority="low" crossorigin src="/assets/preload-route-1.js">',
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-1.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shell-1.js">',
      '<link rel="icon" href="/icons/icon.svg" type="image/svg+xml" />',
    ]);
    expect(out.replace(/ fetchpriority="low"/g, '')).toBe(HEAD);
  });

  it('when the page has no module script (the build changed its tags), then the build stops', () => {
    expect(() => scriptsAfterPaint('<head><script src="/a.js"></script></head>')).toThrow(/no module script/);
  });
});
