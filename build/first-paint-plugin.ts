// Paint before the code runs (issue 33): the built index.html carries the app's main stylesheet
// inline instead of as a render-blocking <link>, so the static shell written in index.html's #root
// paints as soon as the HTML has arrived, before the entry and React have loaded and run; React
// replaces the shell when it renders. Route stylesheets still load with their routes. Since the
// stylesheet has no <link> in the page, no lazily loaded chunk may list it among its dependencies:
// Vite's preload helper would fetch it again and hold the chunk until it arrived (it did, for
// every signed-in page, once they imported from the entry chunk: issue 30). The build fails if one
// does; the entry chunk is kept a leaf (vite.config.ts's "shell" group holds what is shared).
import type { Plugin } from 'vite';

const LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/index-[^"]+\.css)"[^>]*>\n?/;

export function firstPaintPlugin(): Plugin {
  let inlined: string | null = null;
  return {
    name: 'budget-quest-first-paint',
    apply: 'build',
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
        const match = LINK.exec(html);
        if (!match) throw new Error('first-paint: the main stylesheet link is missing from index.html');
        const asset = ctx.bundle?.[match[1]!];
        if (asset?.type !== 'asset') throw new Error(`first-paint: ${match[1]} is not in the bundle`);
        inlined = match[1]!;
        const css = String(asset.source).replace(/<\/style/gi, '<\\/style');
        return html.replace(match[0], `<style>${css}</style>\n`);
      },
    },
  };
}
