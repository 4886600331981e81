// Loads src/app/preload-route.ts as an entry of its own, before the app's main script, and writes
// into index.html the built files of every page module, so that script can preload the current
// route's code as soon as the page is parsed instead of once React and the app's scripts have
// arrived and run (issue 14). Vite would merge a second module script of index.html into the main
// entry, so the entry is added to the build's inputs and its script tag is written here.
import type { HtmlTagDescriptor, Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const NAME = 'preload-route';
const ENTRY = fileURLToPath(new URL('../src/app/preload-route.ts', import.meta.url));
const HTML = fileURLToPath(new URL('../index.html', import.meta.url));
/** Must match ROUTE_FILES_ID in src/app/preload-route.ts. */
const LIST_ID = 'route-files';

type Chunk = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** A chunk's file, the files it imports statically (transitively) and their CSS. */
function closure(bundle: OutputBundle, chunk: Chunk, into = new Set<string>()): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const file of chunk.imports) {
    const next = bundle[file];
    if (next?.type === 'chunk') closure(bundle, next as Chunk, into);
  }
  return into;
}

export function routePreloadPlugin(): Plugin {
  let root = '';
  return {
    name: 'budget-quest-route-preload',
    apply: 'build',
    config: () => ({ build: { rollupOptions: { input: { index: HTML, [NAME]: ENTRY } } } }),
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx): HtmlTagDescriptor[] {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
        const preload = chunks.find((c) => c.isEntry && c.name === NAME);
        const main = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
        if (!preload || !main) throw new Error(`the ${NAME} or the main entry is missing from the build`);
        // What index.html loads anyway is not listed again.
        const initial = closure(bundle, main);
        const files: Record<string, string[]> = {};
        for (const chunk of chunks) {
          if (!chunk.isDynamicEntry || !chunk.facadeModuleId?.startsWith(root)) continue;
          const module = '/' + path.relative(root, chunk.facadeModuleId).split(path.sep).join('/');
          files[module] = [...closure(bundle, chunk)].filter((f) => !initial.has(f));
        }
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: LIST_ID },
            // File names only; `<` is escaped all the same so the data can never end the element.
            children: JSON.stringify(files).replace(/</g, '\\u003c'),
            injectTo: 'head-prepend',
          },
          {
            tag: 'script',
            attrs: { type: 'module', crossorigin: true, src: `/${preload.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
