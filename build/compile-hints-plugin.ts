// V8's explicit compile hint (Chromium 136 and later): a file that starts with the magic comment
// `//# allFunctionsCalledOnLoad` has all its functions compiled while it streams in, on a
// background thread, instead of lazily on the main thread the first time each is called. Given to
// the two large chunks whose code nearly all runs on every first visit: React's (React, react-dom,
// React Router, Jotai) and the signed-in one (the session runtime, the frame, the query library).
// On the bench's slow phone the main thread's compiling before Home's largest paint fell from about
// 300 ms to under 100 ms (README, "Performance"). And to Recharts' chunk (stop 47): it loads once a
// page with a chart has been shown, and its evaluation and the pie's first render were Home's two
// long tasks after the paint; with the hint Home's blocking time fell by about 60 ms at 4x CPU (since
// stop 51 it holds only Recharts' sector shape, 4 KB, nearly all of it run by the pie). The
// Phaser chunk, of which a game runs a part, was slower with it, and on the small entry chunk the
// comment's bytes would outweigh it (the sign-in screen's bytes are measured against a goal). Other
// browsers read it as a comment.
// The hint is added after the chunks are hashed (their names do not change) and after Vite's own
// rewrites, before they are written and compressed; their source maps move down a line with it
// (tests/e2e/build-output.spec.ts reads the built files).
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The chunks given the hint: these named groups (vite.config.ts). */
export const HINTED_GROUPS: readonly string[] = ['react', 'signed-in', 'recharts'];

/** A source map's mappings for the same code one line lower: an empty first generated line. */
const oneLineDown = (mappings: string): string => `;${mappings}`;

export function compileHintsPlugin(groups: readonly string[] = HINTED_GROUPS): Plugin {
  return {
    name: 'budget-quest-compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own rewrites of the chunks (its preload helper puts a line of dependency lists
      // at the top of a chunk and writes the source map again): the hint must be the first line.
      order: 'post',
      handler(_options, bundle) {
        const hinted = new Set<string>();
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !groups.includes(chunk.name)) continue;
          hinted.add(chunk.name);
          if (chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // Both forms of the map: the one the chunk carries and the file written beside it.
          if (chunk.map) chunk.map.mappings = oneLineDown(chunk.map.mappings);
          const mapFile = bundle[`${chunk.fileName}.map`];
          if (mapFile?.type === 'asset') {
            const map = JSON.parse(String(mapFile.source)) as { mappings: string };
            map.mappings = oneLineDown(map.mappings);
            mapFile.source = JSON.stringify(map);
          }
        }
        const missing = groups.filter((g) => !hinted.has(g));
        if (missing.length) this.error(`compile hints: no chunk named ${missing.join(', ')}`);
      },
    },
  };
}
