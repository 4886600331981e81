// One type scale (issue 30): each font size and weight a page uses is a font the browser sets up
// on the page's first layout (about 1.4 ms per size and 3 ms per weight of CPU here, four times
// that on the bench's slow phone), so the app's stylesheets take every size and weight from the
// scale in src/styles.css instead of writing their own. docs/decisions.md, "One type scale".
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every `name: value` declaration of `property` in `css`, comments left out. */
function declarations(css: string, property: string): string[] {
  const bare = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...bare.matchAll(new RegExp(`(?<![-\\w])${property}\\s*:\\s*([^;}]+)`, 'g'))].map((m) =>
    m[1]!.trim(),
  );
}

/** Each stylesheet of the app, by its path from the project, read once. */
const sheets = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.css'))
  .map((f) => ({ file: path.join('src', f), css: readFileSync(path.join('src', f), 'utf8') }));
const root = sheets.find(({ file }) => file === path.join('src', 'styles.css'))?.css ?? '';
const scale = [...root.matchAll(/--text-([\w-]+)\s*:\s*([\d.]+)rem/g)].map((m) => m[1]!);

describe('the type scale', () => {
  it('when the app is styled, then every font size is a step of the scale', () => {
    expect(sheets.length).toBeGreaterThan(10);
    expect(scale).toEqual(['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl', '4xl']);
    const offScale = sheets.flatMap(({ file, css }) =>
      declarations(css, 'font-size')
        .filter((v) => !scale.includes(/^var\(--text-([\w-]+)\)$/.exec(v)?.[1] ?? ''))
        .map((v) => `${file}: font-size: ${v}`),
    );
    expect(offScale).toEqual([]);
  });

  it('when the app is styled, then text is regular or bold, nothing between or beyond', () => {
    expect(root).toMatch(/--bold:\s*700;/);
    const offScale = sheets.flatMap(({ file, css }) =>
      declarations(css, 'font-weight')
        .filter((v) => !['var(--bold)', '400', 'normal', 'inherit'].includes(v))
        .map((v) => `${file}: font-weight: ${v}`),
    );
    expect(offScale).toEqual([]);
  });

  it('when a declaration breaks the scale, then the check finds it', () => {
    const css =
      '.a { font-size: 0.95rem; font-weight: 600 } /* font-size: 3px */ .b{font-weight:var(--bold)}';
    expect(declarations(css, 'font-size')).toEqual(['0.95rem']);
    expect(declarations(css, 'font-weight')).toEqual(['600', 'var(--bold)']);
  });
});
