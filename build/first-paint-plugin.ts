// Paint before the code runs (issue 33): the built index.html carries the app's main stylesheet
// inline instead of as a render-blocking <link>, so the static shell written in index.html's #root
// paints as soon as the HTML has arrived, before the entry and React have loaded and run; React
// replaces the shell when it renders. Route stylesheets still load with their routes.
import type { Plugin } from 'vite';

const LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/index-[^"]+\.css)"[^>]*>\n?/;

export function firstPaintPlugin(): Plugin {
  return {
    name: 'budget-quest-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const match = LINK.exec(html);
        if (!match) throw new Error('first-paint: the main stylesheet link is missing from index.html');
        const asset = ctx.bundle?.[match[1]!];
        if (asset?.type !== 'asset') throw new Error(`first-paint: ${match[1]} is not in the bundle`);
        const css = String(asset.source).replace(/<\/style/gi, '<\\/style');
        return html.replace(match[0], `<style>${css}</style>\n`);
      },
    },
  };
}
