// Paint before the code runs (issue 33): the built index.html carries the app's main stylesheet
// inline instead of as a render-blocking <link>, so the static shell written in index.html's #root
// paints as soon as the HTML has arrived, before the entry and React have loaded and run; React
// replaces the shell when it renders. Route stylesheets still load with their routes. Since the
// stylesheet has no <link> in the page, no lazily loaded chunk may list it among its dependencies:
// Vite's preload helper would fetch it again and hold the chunk until it arrived (it did, for
// every signed-in page, once they imported from the entry chunk: issue 30). The build fails if one
// does; the entry chunk is kept a leaf (vite.config.ts's "shell" group holds what is shared).
import type { Plugin } from 'vite';

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
        return scriptsAfterPaint(html.replace(match[0], `<style>${css}</style>\n`));
      },
    },
  };
}
