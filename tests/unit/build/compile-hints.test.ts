// V8's compile hint on the chunks that run on every first visit (build/compile-hints-plugin.ts):
// which chunks get it, and their source maps still pointing at the same code.
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHintsPlugin } from '../../../build/compile-hints-plugin';

type Item =
  | {
      type: 'chunk';
      name: string;
      isEntry: boolean;
      fileName: string;
      code: string;
      map: null | { mappings: string };
    }
  | { type: 'asset'; fileName: string; source: string };

const chunk = (name: string, isEntry = false, map: null | { mappings: string } = null): Item => ({
  type: 'chunk',
  name,
  isEntry,
  fileName: `assets/${name}-x1.js`,
  code: `var ${name.replace(/-/g, '_')}=1;\nexport{};`,
  map,
});
const mapAsset = (name: string, mappings: string): Item => ({
  type: 'asset',
  fileName: `assets/${name}-x1.js.map`,
  source: JSON.stringify({ version: 3, sources: [`${name}.ts`], names: [], mappings }),
});

function run(items: Item[], groups?: readonly string[]) {
  const bundle = Object.fromEntries(items.map((i) => [i.fileName, i]));
  const plugin = compileHintsPlugin(groups);
  const errors: string[] = [];
  const hook = plugin.generateBundle as {
    order: string;
    handler: (this: unknown, o: unknown, b: typeof bundle) => void;
  };
  // After Vite's own rewrites of the chunks (its dependency-list line, the maps written again).
  expect(hook.order).toBe('post');
  hook.handler.call(
    {
      error: (m: string) => {
        errors.push(m);
        throw new Error(m);
      },
    },
    {},
    bundle,
  );
  return { bundle, errors };
}

describe('compile hints on the first-visit chunks', () => {
  it('when the app is built, then the react, signed-in and recharts chunks start with the hint, and no other chunk (the entry, the shell, Phaser, the pages) does', () => {
    const items = ['react', 'shell', 'signed-in', 'phaser', 'home-page', 'recharts', 'sign-in'].map((n) =>
      chunk(n),
    );
    items.push(chunk('index', true));
    const { bundle } = run(items);
    const hinted = Object.values(bundle)
      .filter((i) => i.type === 'chunk' && i.code.startsWith(`${COMPILE_HINT}\n`))
      .map((i) => (i as { name: string }).name)
      .sort();
    expect(hinted).toEqual(['react', 'recharts', 'signed-in']);
    // The code itself follows, unchanged.
    const react = bundle['assets/react-x1.js'] as { code: string };
    expect(react.code).toBe(`${COMPILE_HINT}\nvar react=1;\nexport{};`);
  });

  it("when a hinted chunk has a source map (on the chunk, as a file beside it, or both), then its mappings start one line lower (an empty first line) and the others' do not move", () => {
    const { bundle } = run([
      chunk('react'),
      mapAsset('react', 'AAAA,CAAC;AACA'),
      chunk('signed-in', false, { mappings: 'AAAA' }),
      mapAsset('signed-in', 'AAAA'),
      chunk('shell'),
      mapAsset('shell', 'AAAA;AACA'),
      chunk('phaser'),
      mapAsset('phaser', 'AAAA;AACA'),
      chunk('recharts'),
    ]);
    const mappings = (file: string) =>
      (JSON.parse((bundle[file] as { source: string }).source) as { mappings: string }).mappings;
    expect(mappings('assets/react-x1.js.map')).toBe(';AAAA,CAAC;AACA');
    expect((bundle['assets/signed-in-x1.js'] as { map: { mappings: string } }).map.mappings).toBe(';AAAA');
    expect(mappings('assets/signed-in-x1.js.map')).toBe(';AAAA');
    expect(mappings('assets/shell-x1.js.map')).toBe('AAAA;AACA');
    expect(mappings('assets/phaser-x1.js.map')).toBe('AAAA;AACA');
  });

  it('when the plugin meets a chunk that already has the hint (a second pass), then it adds no second line', () => {
    const items = [chunk('react'), chunk('signed-in'), chunk('recharts')];
    const { bundle } = run(items);
    run(Object.values(bundle) as Item[]);
    expect((bundle['assets/react-x1.js'] as { code: string }).code.split(COMPILE_HINT)).toHaveLength(2);
  });

  it('when a named group is missing from the build (the chunks were renamed), then the build stops', () => {
    expect(() => run([chunk('react'), chunk('shell')])).toThrow(/no chunk named signed-in/);
  });
});
