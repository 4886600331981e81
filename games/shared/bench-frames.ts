// Bench mode (`npm run bench`, suite game-frames): `?bench=frames` in the page address records
// every Phaser step on `window.budgetQuestFrames`: when it ended, how long it took, and whether it
// drew. The games draw on demand (frame-on-demand.ts): every step reads input and runs the
// scene's update, but only a step whose picture changed renders, so a step's work is its update
// alone or its update and render. `?bench=empty` runs an empty scene of the same size instead, on
// Phaser's own game, which renders every step: the baseline the games' step rate is compared with.
// Without the flag nothing is listened to.
import { Phaser, type GameConfig } from './phaser';

export type BenchMode = 'frames' | 'empty';

export interface FrameLog {
  /** performance.now() at the end of each step. */
  at: number[];
  /** ms of work per step, from Phaser's pre-step to its post-step (no render) or post-render. */
  work: number[];
  /** Whether each step rendered (drew the canvas). */
  drawn: boolean[];
}

/** The bench mode of an address such as `http://host/#/games/2048?bench=frames`, else null. */
export function readBenchMode(href: string): BenchMode | null {
  const query = href.split('?').slice(1).join('&');
  const mode = new URLSearchParams(query).get('bench');
  return mode === 'frames' || mode === 'empty' ? mode : null;
}

/** The game's configuration, or in `empty` mode the same canvas with the empty scene. */
export function benchConfig(config: GameConfig, mode: BenchMode | null): GameConfig {
  // A scene with nothing in it: what Phaser alone costs per frame at the game's size.
  return mode === 'empty' ? { ...config, scene: new Phaser.Scene('bench-empty') } : config;
}

/** Records every step of `game` on `window.budgetQuestFrames`; returns the release. */
export function recordFrames(game: Phaser.Game): () => void {
  const log: FrameLog = { at: [], work: [], drawn: [] };
  (window as unknown as { budgetQuestFrames?: FrameLog }).budgetQuestFrames = log;
  let start = 0;
  const onStart = () => (start = performance.now());
  // Every step ends its update with post-step; one that renders ends again at post-render.
  const onUpdated = () => {
    const end = performance.now();
    log.at.push(end);
    log.work.push(end - start);
    log.drawn.push(false);
  };
  const onRendered = () => {
    const end = performance.now();
    const last = log.at.length - 1;
    log.at[last] = end;
    log.work[last] = end - start;
    log.drawn[last] = true;
  };
  game.events.on(Phaser.Core.Events.PRE_STEP, onStart);
  game.events.on(Phaser.Core.Events.POST_STEP, onUpdated);
  game.events.on(Phaser.Core.Events.POST_RENDER, onRendered);
  return () => {
    game.events.off(Phaser.Core.Events.PRE_STEP, onStart);
    game.events.off(Phaser.Core.Events.POST_STEP, onUpdated);
    game.events.off(Phaser.Core.Events.POST_RENDER, onRendered);
  };
}
