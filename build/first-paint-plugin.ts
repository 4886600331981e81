// Paint before the code runs (issue 33): the built index.html carries the app's main stylesheet
// inline instead of as a render-blocking <link>, so the static shell written in index.html's #root
// paints as soon as the HTML has arrived, before the entry and React have loaded and run; React
// replaces the shell when it renders. Route stylesheets still load with their routes.
// The main stylesheet belongs to the preload-route entry (src/app/preload-route.ts imports it), not
// to the app's entry (issue 30): a chunk that imports an entry lists that entry's stylesheet among
// its dependencies, and Vite's preload helper would fetch it again and hold the chunk until it
// arrived. So the lazily loaded chunks may import the app's entry (what they share with it is part
// of it: one file fewer on every first load), and nothing imports the preload-route entry. The
// build fails if a chunk lists the inlined stylesheet all the same. The dev server has no bundle
// to inline from: it loads the preload-route entry, and so the stylesheet, as a script.
import type { Plugin } from 'vite';
import { PRELOAD_ENTRY_NAME, PRELOAD_ENTRY_SOURCE, type BuiltChunk } from './route-preload-plugin.ts';

/**
 * Marks index.html's module scripts and module preloads `fetchpriority="low"`. Module scripts never
 * hold the first paint (they run after the document is parsed), but they are fetched at High
 * priority, and Lighthouse's simulation (Lantern) counts every High-priority script that had
 * arrived before the observed first paint as render-blocking: the audited FCP of a page was 0.65 s
 * or 1.6 s depending on whether the scripts beat the paint in the unthrottled run. Low priority says
 * what they are to the first paint; they are still fetched at once, in the same order, and the
 * bench's real-browser figures (page-speed) did not move. src/app/preload-route.ts does the same
 * for the route's files.
 */
export function scriptsAfterPaint(html: string): string {
  let scripts = 0;
  const marked = html
    .replace(/<script type="module" /g, () => {
      scripts += 1;
      return '<script type="module" fetchpriority="low" ';
    })
    .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ');
  if (!scripts) throw new Error('first-paint: index.html has no module script to mark');
  return marked;
}

export function firstPaintPlugin(): Plugin {
  let inlined: string | null = null;
  return {
    name: 'budget-quest-first-paint',
    writeBundle(_options, bundle) {
      if (!inlined) return;
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.code.includes(inlined))
          this.error(
            `${chunk.fileName} lists ${inlined}, which is inlined into index.html: loading it would fetch that stylesheet again`,
          );
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        // The dev server: no bundle to inline from; the stylesheet comes with its entry.
        if (!bundle)
          return [
            {
              tag: 'script',
              attrs: { type: 'module', src: `/${PRELOAD_ENTRY_SOURCE}` },
              injectTo: 'head-prepend',
            },
          ];
        const entry = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.isEntry && c.name === PRELOAD_ENTRY_NAME,
        ) as BuiltChunk | undefined;
        const sheets = [...(entry?.viteMetadata?.importedCss ?? [])];
        if (sheets.length !== 1)
          throw new Error(
            `first-paint: the ${PRELOAD_ENTRY_NAME} entry must carry the main stylesheet, once`,
          );
        const asset = bundle[sheets[0]!];
        if (asset?.type !== 'asset') throw new Error(`first-paint: ${sheets[0]} is not in the bundle`);
        if (html.includes(sheets[0]!)) throw new Error(`first-paint: index.html links ${sheets[0]}`);
        inlined = sheets[0]!;
        const css = String(asset.source).replace(/<\/style/gi, '<\\/style');
        return scriptsAfterPaint(html.replace('</head>', `<style>${css}</style>\n</head>`));
      },
    },
  };
}
