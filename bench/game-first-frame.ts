// Suite "game-first-frame": after `npm run build`, how long each Phaser game route takes from its
// Phaser chunk arriving to its first drawn frame (the host's `game-first-frame` mark), from
// navigation start to that frame, and from the game's creation (the `game-create` mark) to it, each
// in a fresh browser. Since issue 33 the host creates the game only after the page has painted
// (a frame and a task later than the chunk's arrival), so `after-chunk` includes that wait and
// `after-create` is Phaser's own start: renderer, scene, first render.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createTestServer } from '../tests/support/server';
import { seedServerProgress } from '../tests/support/browser/server-progress';
import { freshContext, launch, routeShown } from './support/browser';
import type { BenchResult, BenchSuite } from './types';

const DIST = path.resolve('dist');
const GAMES = ['breakout', 'helicopter', '2048'] as const;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

async function firstFrameOnce(url: string, token: string, id: (typeof GAMES)[number]) {
  const browser = await launch();
  try {
    const context = await freshContext(browser, { token, xp: 1000, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${url}/#/games/${id}`);
    await routeShown(page, `/#/games/${id}`, 30_000);
    return await page.evaluate(() => {
      const frame = performance.getEntriesByName('game-first-frame')[0]!.startTime;
      const created = performance.getEntriesByName('game-create')[0]?.startTime ?? Number.NaN;
      // `phaser-<hash>.js`, not the games' `phaser-game-panel-<hash>.js`.
      const chunk = performance
        .getEntriesByType('resource')
        .find((e) => /\/assets\/phaser-[A-Za-z0-9_-]{8}\.js$/.test(e.name)) as
        PerformanceResourceTiming | undefined;
      if (!chunk) throw new Error('the Phaser chunk was not loaded');
      return { afterChunk: frame - chunk.responseEnd, afterNavigation: frame, afterCreate: frame - created };
    });
  } finally {
    await browser.close();
  }
}

async function run(): Promise<BenchResult[]> {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('run `npm run build` first');
  const s = await createTestServer({ env: { STATIC_DIR: DIST } });
  const results: BenchResult[] = [];
  try {
    const token = await s.register();
    // A player who has unlocked the three games (Helicopter needs 300 XP, 2048 1000) and has lives
    // to play: the server decides both, whatever the browser stores.
    await seedServerProgress(token, { user_xp: '1000', userLives: '5' }, s.db);
    for (const id of GAMES) {
      const afterChunk: number[] = [];
      const afterNavigation: number[] = [];
      const afterCreate: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const r = await firstFrameOnce(s.url, token, id);
        afterChunk.push(Math.round(r.afterChunk));
        afterNavigation.push(Math.round(r.afterNavigation));
        afterCreate.push(Math.round(r.afterCreate));
      }
      results.push(
        {
          id: `game-first-frame:${id}:after-chunk`,
          what: `/#/games/${id}: first drawn frame after the Phaser chunk arrived`,
          unit: 'ms',
          samples: afterChunk,
          goal: { op: '<=', value: 1000 },
          note: 'goal from the games issue (first frame within 1 s of the chunk)',
        },
        {
          id: `game-first-frame:${id}:after-navigation`,
          what: `/#/games/${id}: first drawn frame after navigation start (no throttling)`,
          unit: 'ms',
          samples: afterNavigation,
        },
        {
          id: `game-first-frame:${id}:after-create`,
          what: `/#/games/${id}: first drawn frame after the game's creation (Phaser's start)`,
          unit: 'ms',
          samples: afterCreate,
        },
      );
    }
  } finally {
    await s.close();
  }
  return results;
}

export const gameFirstFrameSuite: BenchSuite = { name: 'game-first-frame', run };
