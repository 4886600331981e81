// Suite "page-speed": first visits on a slow phone. Chromium opens each route from the built
// server in a fresh context with the Chrome DevTools Protocol throttling it as Lighthouse's
// "slow 4G" mobile profile does: the CPU 4x slower (Emulation.setCPUThrottlingRate) and the
// network at 150 ms round trip, 1.6 Mbps down and 750 Kbps up (Network.emulateNetworkConditions;
// Lighthouse's numbers, applied per request the way DevTools throttles). The page itself reports
// Largest Contentful Paint, layout shifts and long tasks through PerformanceObservers installed
// before any of its scripts run. A game route counts as playable when its first frame is drawn
// and a key press has been taken by the game (Space starts Breakout: its message changes).
import path from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { freshContext, launch, sandboxLinkedUser } from './support/browser';
import { rm } from 'node:fs/promises';
import { startBuiltServer } from './support/server-process';
import { buildFloor, staticServer } from './floor';
import { seedServerProgress } from '../tests/support/browser/server-progress';
import type { BenchResult, BenchSuite } from './types';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** Lighthouse's mobile "slow 4G": 150 ms RTT, 1.6 Mbps (1,638.4 Kbps) down, 750 Kbps up; CPU 4x. */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/** The page is done when this long passes without a request in flight or a long task. */
const QUIET_MS = 3000;
const GIVE_UP_MS = 60_000;

// Runs in the page before its own scripts (a string: tsx would add helpers the page lacks).
const OBSERVERS = `
  window.__speed = { lcp: 0, shifts: [], long: [], fcp: 0, lastLong: 0 };
  const s = window.__speed;
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) s.lcp = e.renderTime || e.loadTime || e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (!e.hadRecentInput) s.shifts.push([e.startTime, e.value]);
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) {
      s.long.push([e.startTime, e.duration]);
      s.lastLong = performance.now();
    }
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') s.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
`;

// Game routes: once the first frame is drawn and the game shows its start prompt, press Space (as
// a keyboard would, on the window the game listens to) and note when the game answers it; then
// pause it (P).
const PLAYABLE = `
  window.__playable = 0;
  const started = /^Score \\d+\\. Lives \\d+\\.$/;
  let pressed = false;
  const check = () => {
    const message = document.querySelector('.game-message');
    const text = message ? message.textContent.trim() : '';
    if (window.__playable) return;
    if (pressed && started.test(text)) {
      window.__playable = performance.now();
      // Paused, so the page goes quiet: a ball left to fly may rally off the still paddle for
      // longer than the visit waits.
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'p', code: 'KeyP', bubbles: true }));
      return;
    }
    if (!pressed && text && performance.getEntriesByName('game-first-frame').length > 0) {
      pressed = true;
      window.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true }));
      window.dispatchEvent(new KeyboardEvent('keyup', { key: ' ', code: 'Space', bubbles: true }));
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  new PerformanceObserver(check).observe({ type: 'mark', buffered: true });
`;

interface Speed {
  lcp: number;
  fcp: number;
  cls: number;
  tbt: number;
  longTasks: number;
  playable: number;
}

/** CLS as web-vitals counts it: the worst session window (gaps under 1 s, at most 5 s long). */
function cumulativeLayoutShift(shifts: [number, number][]): number {
  let worst = 0;
  let current = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const [t, v] of shifts) {
    if (t - last < 1000 && t - first < 5000) current += v;
    else {
      current = v;
      first = t;
    }
    last = t;
    worst = Math.max(worst, current);
  }
  return worst;
}

/** Total blocking time after FCP: each long task's part after FCP beyond 50 ms (as Lighthouse). */
function totalBlockingTime(long: [number, number][], fcp: number): number {
  let sum = 0;
  for (const [start, duration] of long) {
    const clipped = start + duration - Math.max(start, fcp);
    if (clipped > 50) sum += clipped - 50;
  }
  return sum;
}

/**
 * Counts the page's requests in flight, from before navigation. Only those that cross the network:
 * a worker started from a blob (the preload script's locale warm-up) is reported as sent, and
 * never as finished.
 */
function trackNetwork(cdp: CDPSession) {
  const state = { inFlight: 0, last: Date.now() };
  const open = new Set<string>();
  const touch = () => {
    state.inFlight = open.size;
    state.last = Date.now();
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!/^https?:/.test(e.request.url)) return;
    open.add(e.requestId);
    touch();
  });
  const end = (e: { requestId: string }) => {
    if (open.delete(e.requestId)) touch();
  };
  cdp.on('Network.loadingFinished', end);
  cdp.on('Network.loadingFailed', end);
  return state;
}

/** Waits until no request has been in flight and no long task has ended for QUIET_MS. */
async function quiet(
  page: Page,
  network: { inFlight: number; last: number },
  extraDone: () => Promise<boolean>,
): Promise<void> {
  const t0 = Date.now();
  for (;;) {
    await page.waitForTimeout(250);
    if (Date.now() - t0 > GIVE_UP_MS) throw new Error(`${page.url()} did not settle within 60 s`);
    const sinceLong = await page.evaluate(
      () => performance.now() - (window as unknown as { __speed: { lastLong: number } }).__speed.lastLong,
    );
    const idle = network.inFlight <= 0 && Date.now() - network.last >= QUIET_MS;
    if (idle && sinceLong >= QUIET_MS && (await extraDone())) return;
  }
}

export async function visit(url: string, route: string, token?: string): Promise<Speed> {
  const browser = await launch();
  try {
    const context = await freshContext(browser, { token });
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVERS + (route.startsWith('/#/games/') ? PLAYABLE : '') });
    const cdp = await context.newCDPSession(page);
    const network = trackNetwork(cdp);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const game = route.startsWith('/#/games/');
    const played = () => page.evaluate(() => (window as unknown as { __playable: number }).__playable > 0);
    await page.goto(url + route, { waitUntil: 'load', timeout: GIVE_UP_MS });
    await quiet(page, network, game ? played : async () => true);
    const raw = await page.evaluate(() => {
      const w = window as unknown as {
        __speed: { lcp: number; fcp: number; shifts: [number, number][]; long: [number, number][] };
        __playable?: number;
      };
      return { ...w.__speed, playable: w.__playable ?? 0 };
    });
    return {
      lcp: raw.lcp,
      fcp: raw.fcp,
      cls: cumulativeLayoutShift(raw.shifts),
      tbt: totalBlockingTime(raw.long, raw.fcp),
      longTasks: raw.long.length,
      playable: raw.playable,
    };
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function run(): Promise<BenchResult[]> {
  const server = await startBuiltServer();
  // The stack's floor (bench/floor-app: React, React Router and Jotai with one sign-in form), served
  // brotli-compressed as the app's files are: what this machine's load does to the figures, measured
  // between the app's visits (a shared machine's speed moves by tens of percent within a day).
  const floorDir = await buildFloor();
  const floor = await staticServer(floorDir, { brotli: true });
  try {
    const token = await sandboxLinkedUser(server);
    const results: BenchResult[] = [];
    const profile =
      'fresh context, CPU 4x slower, 150 ms RTT, 1.6 Mbps down, 750 Kbps up (Lighthouse slow 4G, ' +
      'throttled through the DevTools protocol), 390x844';
    const floors: Speed[] = [];
    for (const route of ['/#/login', '/#/home'] as const) {
      const runs: Speed[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await visit(server.url, route, route === '/#/login' ? undefined : token));
        floors.push(await visit(floor.url, '/#/login'));
      }
      const of = (k: keyof Speed, digits = 0) =>
        runs.map((r) => Math.round(r[k] * 10 ** digits) / 10 ** digits);
      results.push(
        {
          id: `page-speed:${route}:lcp`,
          what: `${route}: Largest Contentful Paint`,
          unit: 'ms',
          samples: of('lcp'),
          // Issue 30: Home within 1.5 s; the sign-in screen keeps the earlier 2 s.
          goal: { op: '<=', value: route === '/#/home' ? 1500 : 2000 },
          note: `${profile}; First Contentful Paint ${of('fcp').join(', ')} ms`,
        },
        {
          id: `page-speed:${route}:tbt`,
          what: `${route}: total blocking time (long tasks after FCP, beyond 50 ms each)`,
          unit: 'ms',
          samples: of('tbt'),
          goal: { op: '<=', value: 150 },
          note: `until ${QUIET_MS / 1000} s without a request or long task; long tasks ${of('longTasks').join(', ')}`,
        },
        {
          id: `page-speed:${route}:cls`,
          what: `${route}: Cumulative Layout Shift`,
          unit: 'score',
          samples: of('cls', 3),
          goal: { op: '<=', value: 0.05 },
        },
      );
    }
    const floorLcp = floors.map((r) => Math.round(r.lcp));
    results.push({
      id: 'page-speed:floor:/#/login:lcp',
      what: "The stack's floor (bench/floor-app, brotli): /#/login Largest Contentful Paint, between the app's visits",
      unit: 'ms',
      samples: floorLcp,
      note: `${profile}; the machine's reference for the rows above, no goal`,
    });
    const home = results.find((r) => r.id === 'page-speed:/#/home:lcp')!;
    results.push({
      id: 'page-speed:/#/home:lcp-over-floor',
      what: "/#/home LCP over the stack's floor LCP measured in the same run (medians)",
      unit: 'x',
      samples: [Math.round((median(home.samples) / median(floorLcp)) * 100) / 100],
      note: `${median(home.samples)} ms / ${median(floorLcp)} ms`,
    });
    const route = '/#/games/breakout';
    // A player who may play: the server holds the lives (a new user has none, and Breakout would
    // show its out-of-lives help instead of taking the key press).
    await seedServerProgress(
      token,
      { user_xp: '1000', userLives: '5' },
      path.join(server.env.DATA_DIR!, 'budget-quest.sqlite'),
    );
    const runs: Speed[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await visit(server.url, route, token));
    results.push({
      id: `page-speed:${route}:playable`,
      what: `${route}: playable (first frame drawn and a key press taken) after navigation start`,
      unit: 'ms',
      samples: runs.map((r) => Math.round(r.playable)),
      goal: { op: '<=', value: 2000 },
      note: `${profile}; LCP ${runs.map((r) => Math.round(r.lcp)).join(', ')} ms`,
    });
    return results;
  } finally {
    await server.stop();
    await new Promise((resolve) => floor.server.close(resolve));
    await rm(floorDir, { recursive: true, force: true });
  }
}

export const pageSpeedSuite: BenchSuite = { name: 'page-speed', run };
