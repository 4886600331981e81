// Suite "floor": the app's sign-in screen against the stack's floor (issue 30). In the same run a
// minimal app of React, react-dom, React Router (HashRouter) and Jotai with one sign-in form and no
// app code (bench/floor-app/) is built with Vite's JS API, Vite's defaults and the project's React
// plugin, into a temporary folder. Chromium opens `/#/login` of each in a fresh context (the floor
// from a static server, the app from the built server, `node dist-server/index.js`) and the
// scripts it fetches until the network is idle, as the first-load suite waits, are taken from the
// built files and compressed with brotli quality 11 (as the build's precompressed copies are).
// The goal is the app at most 1.10 times the floor. Measure after `npm run build`.
//
// The app's build trims React Router (build/react-router-production-plugin.ts: its production
// files, its unused components and contexts left out), which the floor's defaults do not. So that
// the ratio's gain from that is visible, the floor is also built with that plugin ("as the app
// builds it") and the app's ratio to it reported beside the goal's, without a goal of its own.
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { reactRouterProductionPlugin } from '../build/react-router-production-plugin';
import { inlineScriptBodies } from '../server/lib/inline-script-hashes';
import { freshContext, launch, routeShown } from './support/browser';
import { DIST, startBuiltServer } from './support/server-process';
import type { BenchResult, BenchSuite } from './types';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROUTE = '/#/login';
const GOAL_RATIO = 1.1;
const FLOOR_APP = fileURLToPath(new URL('./floor-app', import.meta.url));
const ROUTER_PACKAGE = fileURLToPath(new URL('../node_modules/react-router', import.meta.url));
const KB = 1024;
const round1 = (x: number) => Math.round(x * 10) / 10;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** A file's size as the server sends it: brotli quality 11, as build/precompress-plugin.ts writes it. */
export function brotli11(raw: Buffer): number {
  return brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  }).length;
}

/**
 * Builds the floor app into a temporary folder; answers the folder. `asApp`: with the app's React
 * Router plugin too (the floor "as the app builds it").
 */
export async function buildFloor(opts: { asApp?: boolean } = {}): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'bq-floor-'));
  await build({
    root: FLOOR_APP,
    configFile: false,
    logLevel: 'warn',
    plugins: opts.asApp ? [react(), reactRouterProductionPlugin(ROUTER_PACKAGE)] : [react()],
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * Serves `dir`: as it is (only which files load is read from the browser), or with `brotli` each
 * file compressed at quality 11 when the browser accepts it, as the app's server sends its built
 * files (the page-speed suite times the floor's loading).
 */
export async function staticServer(
  dir: string,
  opts: { brotli?: boolean } = {},
): Promise<{ url: string; server: Server }> {
  const compressed = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(dir + path.sep)) return void res.writeHead(404).end();
    const type = { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' };
    const br = opts.brotli && /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
    readFile(file).then(
      (body) => {
        if (!br) return void res.writeHead(200, type).end(body);
        let packed = compressed.get(file);
        if (!packed) {
          packed = brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          });
          compressed.set(file, packed);
        }
        res.writeHead(200, { ...type, 'Content-Encoding': 'br', Vary: 'Accept-Encoding' }).end(packed);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the floor server has no port');
  return { url: `http://127.0.0.1:${address.port}`, server };
}

interface Visit {
  /** Brotli-11 bytes of each script the page fetched, by its path on the site. */
  files: Map<string, number>;
  total: number;
}

/** Opens `${origin}/#/login` in a fresh context; the scripts fetched until the network is idle. */
async function visit(browser: Browser, origin: string, dir: string): Promise<Visit> {
  const context = await freshContext(browser);
  try {
    const page: Page = await context.newPage();
    const scripts = new Set<string>();
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(origin + ROUTE);
    await routeShown(page, ROUTE);
    // As the first-load suite: scripts that come after the screen shows count too.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const files = new Map<string, number>();
    for (const script of [...scripts].sort()) {
      const file = path.join(dir, script);
      if (!file.startsWith(dir + path.sep)) throw new Error(`${script} is not a built file`);
      files.set(script, brotli11(await readFile(file)));
    }
    // JavaScript inline in the page counts as JavaScript (the app's preload script runs there).
    const inline = inlineScriptBodies(await readFile(path.join(dir, 'index.html'), 'utf8'));
    if (inline.length) files.set('index.html (inline)', brotli11(Buffer.from(inline.join('\n'))));
    return { files, total: [...files.values()].reduce((a, b) => a + b, 0) };
  } finally {
    await context.close();
  }
}

const listed = (v: Visit) =>
  [...v.files].map(([file, bytes]) => `${file.replace('/assets/', '')} ${round1(bytes / KB)}`).join(', ');

async function run(only?: string): Promise<BenchResult[]> {
  const floorDir = await buildFloor();
  const floor = await staticServer(floorDir);
  const asAppDir = await buildFloor({ asApp: true });
  const asApp = await staticServer(asAppDir);
  const app = await startBuiltServer();
  const browser = await launch();
  try {
    const floors: Visit[] = [];
    const asApps: Visit[] = [];
    const apps: Visit[] = [];
    for (let i = 0; i < RUNS; i++) {
      floors.push(await visit(browser, floor.url, floorDir));
      asApps.push(await visit(browser, asApp.url, asAppDir));
      apps.push(await visit(browser, app.url, DIST));
    }
    const lastFloor = floors[floors.length - 1]!;
    const lastAsApp = asApps[asApps.length - 1]!;
    const lastApp = apps[apps.length - 1]!;
    const results: BenchResult[] = [
      {
        id: 'floor:stack',
        what: `The stack's floor: ${ROUTE} of a minimal React, React Router (HashRouter) and Jotai app with one sign-in form, JavaScript, brotli 11`,
        unit: 'KB',
        samples: floors.map((v) => round1(v.total / KB)),
        note: `bench/floor-app built by Vite's defaults in this run; ${lastFloor.files.size} files (KB): ${listed(lastFloor)}`,
      },
      {
        id: `floor:app:${ROUTE}`,
        what: `The app's ${ROUTE} JavaScript, brotli 11`,
        unit: 'KB',
        samples: apps.map((v) => round1(v.total / KB)),
        note: `${lastApp.files.size} files (KB): ${listed(lastApp)}`,
      },
      {
        id: `floor:ratio:${ROUTE}`,
        what: `The app's ${ROUTE} JavaScript as a multiple of the stack's floor (same run, same measure)`,
        unit: 'x',
        samples: apps.map((v, i) => round3(v.total / floors[i]!.total)),
        goal: { op: '<=', value: GOAL_RATIO },
        note: `${lastApp.total} / ${lastFloor.total} bytes`,
      },
      {
        id: 'floor:stack-as-app',
        what: `The stack's floor built as the app builds it (with build/react-router-production-plugin.ts): ${ROUTE} JavaScript, brotli 11`,
        unit: 'KB',
        samples: asApps.map((v) => round1(v.total / KB)),
        note: `${lastAsApp.files.size} files (KB): ${listed(lastAsApp)}`,
      },
      {
        id: `floor:ratio-as-app:${ROUTE}`,
        what: `The app's ${ROUTE} JavaScript as a multiple of the floor built as the app builds it (no goal: shows what the goal's ratio owes to trimming React Router)`,
        unit: 'x',
        samples: apps.map((v, i) => round3(v.total / asApps[i]!.total)),
        note: `${lastApp.total} / ${lastAsApp.total} bytes`,
      },
    ];
    return results.filter((r) => !only || r.id.startsWith(only));
  } finally {
    await browser.close();
    await app.stop();
    await new Promise((resolve) => floor.server.close(resolve));
    await new Promise((resolve) => asApp.server.close(resolve));
    await rm(floorDir, { recursive: true, force: true });
    await rm(asAppDir, { recursive: true, force: true });
  }
}

export const floorSuite: BenchSuite = { name: 'floor', run };
