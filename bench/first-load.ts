// Suite "first-load": the JavaScript and CSS a first visit downloads, per route, after
// `npm run build`. Chromium opens each route from the built server (`node dist-server/index.js`,
// as `npm start` runs it) in a fresh context, so nothing is cached, with the Accept-Encoding it
// always sends; the Chrome DevTools Protocol reports every response's bytes on the wire
// (Network.loadingFinished's encodedDataLength: compressed body and response headers). Signed-in
// routes open as a user whose local sandbox bank is linked and synced.
import type { CDPSession, Page } from '@playwright/test';
import { freshContext, launch, routeShown, sandboxLinkedUser } from './support/browser';
import type { BenchResult, BenchSuite } from './types';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotli11 } from './floor';
import { inlineScriptBodies } from '../server/lib/inline-script-hashes';
import { DIST, startBuiltServer } from './support/server-process';

const INLINE_JS_BYTES = (() => {
  const inline = inlineScriptBodies(readFileSync(join(DIST, 'index.html'), 'utf8'));
  return inline.length ? brotli11(Buffer.from(inline.join('\n'))) : 0;
})();

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const KB = 1024;
const round1 = (x: number) => Math.round(x * 10) / 10;

/** The goals, in KB (1 KB = 1,024 bytes) of compressed transfer. */
const ROUTES = [
  { route: '/#/login', signedIn: false, goal: 100 },
  { route: '/#/', signedIn: true, goal: 150 },
  { route: '/#/home', signedIn: true, goal: 230 },
  { route: '/#/games/breakout', signedIn: true, goal: 450 },
] as const;
const CSS_GOAL = 20;

interface Response {
  url: string;
  type: string;
  encoding: string;
  headerBytes: number;
}

interface Visit {
  /** Bytes on the wire (body and headers), summed per kind. */
  js: number;
  css: number;
  /** Compressed bodies only (what the files weigh, without HTTP headers). */
  jsBody: number;
  cssBody: number;
  scripts: number;
  /** Content-Encoding of each script, counted. */
  encodings: Record<string, number>;
  files: string[];
}

/** Watches a page's network and sums scripts and stylesheets once it has loaded. */
async function recordTransfer(page: Page): Promise<() => Visit> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const responses = new Map<string, Response>();
  const finished: { id: string; bytes: number }[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    responses.set(e.requestId, {
      url: e.response.url,
      type: e.type ?? 'Other',
      encoding: headers['content-encoding'] ?? 'identity',
      headerBytes: e.response.encodedDataLength,
    });
  });
  cdp.on('Network.loadingFinished', (e) => finished.push({ id: e.requestId, bytes: e.encodedDataLength }));
  return () => {
    const visit: Visit = { js: 0, css: 0, jsBody: 0, cssBody: 0, scripts: 0, encodings: {}, files: [] };
    for (const { id, bytes } of finished) {
      const r = responses.get(id);
      if (!r) continue;
      const path = new URL(r.url).pathname;
      const isJs = r.type === 'Script' || path.endsWith('.js');
      const isCss = r.type === 'Stylesheet' || path.endsWith('.css');
      if (!isJs && !isCss) continue;
      const body = bytes - r.headerBytes;
      if (isJs) {
        visit.js += bytes;
        visit.jsBody += body;
        visit.scripts++;
        visit.encodings[r.encoding] = (visit.encodings[r.encoding] ?? 0) + 1;
      } else {
        visit.css += bytes;
        visit.cssBody += body;
      }
      visit.files.push(`${path.replace('/assets/', '')} ${round1(bytes / KB)}`);
    }
    // The preload script runs inline in index.html: its compressed share of the page counts as
    // JavaScript here too (an estimate: the page is compressed as a whole).
    if (INLINE_JS_BYTES > 0) {
      visit.js += INLINE_JS_BYTES;
      visit.jsBody += INLINE_JS_BYTES;
      visit.files.push(`index.html (inline).js ${round1(INLINE_JS_BYTES / KB)}`);
    }
    return visit;
  };
}

async function run(): Promise<BenchResult[]> {
  const server = await startBuiltServer();
  const browser = await launch();
  try {
    const token = await sandboxLinkedUser(server);
    const results: BenchResult[] = [];
    for (const { route, signedIn, goal } of ROUTES) {
      const visits: Visit[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await freshContext(browser, signedIn ? { token } : {});
        try {
          const page = await context.newPage();
          const done = await recordTransfer(page);
          await page.goto(server.url + route);
          await routeShown(page, route);
          // Scripts a route loads after it shows (data, web-vitals) count too.
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(500);
          visits.push(done());
        } finally {
          await context.close();
        }
      }
      const last = visits[visits.length - 1]!;
      const encodings = Object.entries(last.encodings)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ');
      results.push(
        {
          id: `first-load:js:${route}`,
          what: `${route}: first-load JavaScript, compressed transfer`,
          unit: 'KB',
          samples: visits.map((v) => round1(v.js / KB)),
          goal: { op: '<=', value: goal },
          note:
            `${last.scripts} scripts (${encodings}); bodies alone ${round1(last.jsBody / KB)} KB, the rest ` +
            `is response headers. Files (KB): ${last.files.filter((f) => f.includes('.js ')).join(', ')}`,
        },
        {
          id: `first-load:css:${route}`,
          what: `${route}: first-load CSS, compressed transfer`,
          unit: 'KB',
          samples: visits.map((v) => round1(v.css / KB)),
          goal: { op: '<=', value: CSS_GOAL },
          note: `bodies alone ${round1(last.cssBody / KB)} KB`,
        },
      );
    }
    return results;
  } finally {
    await browser.close();
    await server.stop();
  }
}

export const firstLoadSuite: BenchSuite = { name: 'first-load', run };
