// Builds src/app/preload-route.ts as an entry of its own, runs it inline in index.html before the
// app's main script, and writes into index.html the built files of every route (the route tables
// of src/app/route-files.ts and signed-in-page-files.ts, each page module's chunk and what it
// imports), so that script can preload the current route's code as soon as the page is parsed
// instead of once React and the app's scripts have arrived and run (issue 14). The tables are
// resolved here, at build time, so the script imports nothing and the first load carries no route
// table for it (issue 30). Vite would merge a second module script of index.html into the main
// entry, so the entry is added to the build's inputs and its code is written here (the built file
// stays in the output, loaded by no page and not precached).
import type { HtmlTagDescriptor, Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PUBLIC_PAGE_FILES, SESSION_RUNTIME_FILE, SIGNED_IN_FRAME_FILE } from '../src/app/route-files.ts';
import { PAGE_AFTER_PAINT_FILES, SIGNED_IN_PAGE_FILES } from '../src/app/signed-in-page-files.ts';
import { STORAGE_KEYS } from '../src/lib/storage-keys.ts';
import type { RouteFiles } from '../src/app/preload-route.ts';

/** The preload script's entry name (its chunk's name; build/first-paint-plugin.ts finds its stylesheet by it). */
export const PRELOAD_ENTRY_NAME = 'preload-route';
/** Its source, from the project's root (the dev server loads it from there for the stylesheet). */
export const PRELOAD_ENTRY_SOURCE = 'src/app/preload-route.ts';
const ENTRY = fileURLToPath(new URL(`../${PRELOAD_ENTRY_SOURCE}`, import.meta.url));
const HTML = fileURLToPath(new URL('../index.html', import.meta.url));
/** Must match ROUTE_FILES_ID in src/app/preload-route.ts. */
const LIST_ID = 'route-files';

/** A built chunk with the stylesheets Vite records for it. */
export type BuiltChunk = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/**
 * A source module's chunk (`module` from the project's root): the one it is the facade of, or, in
 * a group of several, the one holding it. Also used by build/service-worker-plugin.ts.
 */
export function chunkOfModule<C extends OutputChunk>(
  chunks: C[],
  root: string,
  module: string,
): C | undefined {
  const id = path.join(root, module);
  return chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
}

/** A chunk's file, the files it imports statically (transitively) and their CSS. */
function closure(bundle: OutputBundle, chunk: BuiltChunk, into = new Set<string>()): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const file of chunk.imports) {
    const next = bundle[file];
    if (next?.type === 'chunk') closure(bundle, next as BuiltChunk, into);
  }
  return into;
}

/**
 * The preload script as index.html runs it: inline, so its early reads and route preloads start
 * while the page is parsed instead of a round trip later (issue 33: the file was one more step
 * before them on every signed-in first load). A classic script, in a function of its own and
 * strict as the module it was built as, so its top-level names stay out of `window`. The server
 * allows exactly this text by its hash (server/lib/inline-script-hashes.ts).
 */
export function inlinePreloadScript(
  chunk: Pick<OutputChunk, 'code' | 'imports' | 'exports' | 'fileName'>,
): string {
  if (chunk.imports.length || chunk.exports.length)
    throw new Error(`${chunk.fileName} imports or exports: it cannot run inline`);
  const code = chunk.code.replace(/\n\/\/# sourceMappingURL=\S*\s*$/, '').trim();
  // Text that would end the script element or open a comment inside it.
  if (/<\/script|<!--/i.test(code))
    throw new Error(`${chunk.fileName} holds text that would end an inline script`);
  return `(()=>{"use strict";${code}})()`;
}

/** Each route's files: its page module's files by path, through `files` (module -> files). */
function byRoute(table: Record<string, string>, files: (module: string) => string[]) {
  return Object.fromEntries(Object.entries(table).map(([route, module]) => [route, files(module)]));
}

export function routePreloadPlugin(): Plugin {
  let root = '';
  return {
    name: 'budget-quest-route-preload',
    apply: 'build',
    config: () => ({ build: { rollupOptions: { input: { index: HTML, [PRELOAD_ENTRY_NAME]: ENTRY } } } }),
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx): HtmlTagDescriptor[] {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c): c is BuiltChunk => c.type === 'chunk');
        const preload = chunks.find((c) => c.isEntry && c.name === PRELOAD_ENTRY_NAME);
        const main = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
        if (!preload || !main)
          throw new Error(`the ${PRELOAD_ENTRY_NAME} or the main entry is missing from the build`);
        if (preload.imports.length)
          throw new Error(
            `${PRELOAD_ENTRY_NAME} imports ${preload.imports.join(', ')}: it must run without waiting for any`,
          );
        // What index.html loads anyway is not listed again.
        const initial = closure(bundle, main);
        const files = (module: string) => {
          const chunk = chunkOfModule(chunks, root, module);
          if (!chunk) throw new Error(`${module} (src/app/route-files.ts) is in no chunk`);
          return [...closure(bundle, chunk)].filter((f) => !initial.has(f));
        };
        const list: RouteFiles = {
          token: STORAGE_KEYS.token,
          runtime: files(SESSION_RUNTIME_FILE),
          frame: files(SIGNED_IN_FRAME_FILE),
          public: byRoute(PUBLIC_PAGE_FILES, files),
          signedIn: Object.fromEntries(
            Object.entries(byRoute(SIGNED_IN_PAGE_FILES, files)).map(([route, list]) => [
              route,
              [...new Set([...list, ...(PAGE_AFTER_PAINT_FILES[route] ?? []).flatMap(files)])],
            ]),
          ),
        };
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: LIST_ID },
            // File names only; `<` is escaped all the same so the data can never end the element.
            children: JSON.stringify(list).replace(/</g, '\\u003c'),
            injectTo: 'head-prepend',
          },
          {
            tag: 'script',
            children: inlinePreloadScript(preload),
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
