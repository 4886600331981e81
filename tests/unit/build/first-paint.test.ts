// Paint before the code runs (issue 33): index.html's scripts are fetched at low priority, so
// nothing on the page is taken for render-blocking while the static shell paints; the main
// stylesheet, the preload-route entry's (issue 30), is inlined into the page.
import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext } from 'vite';
import { firstPaintPlugin, scriptsAfterPaint } from '../../../build/first-paint-plugin';

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

type Handler = (html: string, ctx: IndexHtmlTransformContext) => unknown;
const handler = () => (firstPaintPlugin().transformIndexHtml as { handler: Handler }).handler;
const PAGE = `<head>
    <script type="module" crossorigin src="/assets/preload-route-1.js"></script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>`;
const entry = (name: string, css: string[]) => ({
  type: 'chunk',
  isEntry: true,
  name,
  code: '',
  viteMetadata: { importedCss: new Set(css) },
});
const sheet = (source: string) => ({ type: 'asset', source });
const build = (bundle: Record<string, unknown>) =>
  ({ path: '/index.html', filename: 'index.html', bundle }) as unknown as IndexHtmlTransformContext;

describe('the main stylesheet in the page', () => {
  it("when the app is built, then the preload-route entry's stylesheet is inlined before </head>, and a </style> in it cannot end the element", () => {
    const out = handler()(
      PAGE,
      build({
        'assets/preload-route-1.js': entry('preload-route', ['assets/preload-route-1.css']),
        'assets/index-1.js': entry('index', []),
        'assets/preload-route-1.css': sheet('a{content:"</style>"}'),
      }),
    ) as string;
    expect(out).toContain('<style>a{content:"<\\/style>"}</style>\n</head>');
    expect(out).not.toContain('preload-route-1.css');
  });

  it('when the preload-route entry carries no stylesheet (main.tsx imports it again, say), then the build stops', () => {
    const run = () => handler()(PAGE, build({ 'assets/preload-route-1.js': entry('preload-route', []) }));
    expect(run).toThrow(/must carry the main stylesheet/);
  });

  it('when the dev server serves the page, then it loads the preload-route entry, which brings the stylesheet', () => {
    const out = handler()('<head></head>', { path: '/', filename: 'index.html', server: {} } as never);
    expect(out).toEqual([
      {
        tag: 'script',
        attrs: { type: 'module', src: '/src/app/preload-route.ts' },
        injectTo: 'head-prepend',
      },
    ]);
  });
});
