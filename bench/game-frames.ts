// Suite "game-frames": each Phaser game played by a script for 10 s in Chromium, after
// `npm run build`. The page's bench mode (games/shared/bench-frames.ts) records every Phaser step:
// its work (the scene's update, and its render when the step drew), when it ended and whether it
// drew. The games draw only when the picture changed (issue 33), so a step is not always a drawn
// frame: `work` is the median of the drawn steps (update and render, what it was before), `steps`
// the loop's rate as a share of the empty scene's, and `drawn` the share of steps that rendered.
// The same page with `?bench=empty` runs an empty scene of the same size on Phaser's own game,
// which renders every step, measured in the same run: the rate Phaser alone reaches here.
import path from 'node:path';
import { existsSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createTestServer } from '../tests/support/server';
import { seedServerProgress } from '../tests/support/browser/server-progress';
import { freshContext, launch } from './support/browser';
import type { BenchResult, BenchSuite } from './types';

const DIST = path.resolve('dist');
const GAMES = ['breakout', 'helicopter', '2048'] as const;
type GameId = (typeof GAMES)[number];
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PLAY_MS = 10_000;
/** A player who has unlocked the three games (Helicopter needs 300 XP, 2048 1000) and has lives to
 *  play: the server decides both, whatever the browser stores. */
const PLAYER = { user_xp: '1000', userLives: '5' };
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

/** What a player does, every `everyMs`: keys that keep each game moving (and restart it). */
const SCRIPTS: Record<GameId, { everyMs: number; keys: string[] }> = {
  breakout: { everyMs: 300, keys: ['Space', 'ArrowLeft', 'ArrowLeft', 'ArrowRight', 'ArrowRight'] },
  helicopter: { everyMs: 180, keys: ['Space'] },
  '2048': { everyMs: 150, keys: ['ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'Enter'] },
};

interface Window10s {
  /** Median ms of work per drawn step (update and render). */
  work: number;
  /** Steps per second. */
  fps: number;
  /** Share of the steps that rendered, %. */
  drawn: number;
}

/** Plays (or, for the empty scene, waits) for 10 s and reads the steps run meanwhile. */
async function measure(page: Page, id: GameId, play: boolean): Promise<Window10s> {
  await page.waitForFunction(() => ((window as BenchWindow).budgetQuestFrames?.at.length ?? 0) > 30);
  const start = await page.evaluate(() => performance.now());
  const script = SCRIPTS[id];
  for (let i = 0, t0 = Date.now(); Date.now() - t0 < PLAY_MS; i++) {
    if (play) {
      const key = script.keys[i % script.keys.length]!;
      // Held arrows move the paddle; a quick press is what the other keys need.
      await page.keyboard.down(key);
      await page.waitForTimeout(script.everyMs);
      await page.keyboard.up(key);
    } else await page.waitForTimeout(script.everyMs);
  }
  return page.evaluate((from) => {
    const log = (window as BenchWindow).budgetQuestFrames!;
    const now = performance.now();
    const work: number[] = [];
    let steps = 0;
    log.at.forEach((t, i) => {
      if (t < from) return;
      steps++;
      if (log.drawn[i]) work.push(log.work[i]!);
    });
    work.sort((a, b) => a - b);
    return {
      work: work[Math.floor(work.length / 2)] ?? NaN,
      fps: (steps * 1000) / (now - from),
      drawn: steps ? (work.length / steps) * 100 : NaN,
    };
  }, start);
}

interface BenchWindow {
  budgetQuestFrames?: { at: number[]; work: number[]; drawn: boolean[] };
}

async function openGame(url: string, token: string, id: GameId, mode: 'frames' | 'empty') {
  const browser = await launch();
  const context = await freshContext(browser, { token, xp: 1000, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${url}/#/games/${id}?bench=${mode}`);
  // Keys go to the page, not to a focused link or button.
  await page.locator('canvas').click({ position: { x: 5, y: 5 } });
  return { page, close: () => browser.close() };
}

async function once(url: string, token: string, id: GameId, mode: 'frames' | 'empty') {
  const { page, close } = await openGame(url, token, id, mode);
  try {
    return await measure(page, id, mode === 'frames');
  } finally {
    await close();
  }
}

async function run(only?: string): Promise<BenchResult[]> {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('run `npm run build` first');
  const s = await createTestServer({ env: { STATIC_DIR: DIST } });
  const results: BenchResult[] = [];
  try {
    const token = await s.register();
    for (const id of GAMES) {
      if (only && !`game-frames:${id}`.startsWith(only) && !only.startsWith(`game-frames:${id}`)) continue;
      const work: number[] = [];
      const ratio: number[] = [];
      const fps: number[] = [];
      const emptyFps: number[] = [];
      const drawn: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Lives back to 5 before each play: the games spend them, and a game with none left only
        // shows its refusal (nothing to measure).
        await seedServerProgress(token, PLAYER, s.db);
        // The empty scene and the game alternate, so both see the same machine load.
        const empty = await once(s.url, token, id, 'empty');
        const game = await once(s.url, token, id, 'frames');
        work.push(round(game.work, 3));
        fps.push(round(game.fps, 1));
        emptyFps.push(round(empty.fps, 1));
        ratio.push(round((game.fps / empty.fps) * 100, 1));
        drawn.push(round(game.drawn, 1));
      }
      results.push(
        {
          id: `game-frames:${id}:work`,
          what: `${id}: median ms of update and render per drawn frame, 10 s of scripted play`,
          unit: 'ms',
          samples: work,
          goal: { op: '<=', value: 4 },
        },
        {
          id: `game-frames:${id}:fps-ratio`,
          what: `${id}: steps per second as a share of an empty Phaser scene's fps in the same run`,
          unit: '%',
          samples: ratio,
          goal: { op: '>=', value: 95 },
          note: `game steps/s ${fps.join(', ')}; empty scene fps ${emptyFps.join(', ')}`,
        },
        {
          id: `game-frames:${id}:drawn`,
          what: `${id}: share of the steps that drew a frame (the rest had nothing new to show)`,
          unit: '%',
          samples: drawn,
        },
      );
    }
  } finally {
    await s.close();
  }
  return results.filter((r) => !only || r.id.startsWith(only));
}

export const gameFramesSuite: BenchSuite = { name: 'game-frames', run };
