// Bench mode (`npm run bench`, suite game-frames): `?bench=frames` in the page address records how
// long each Phaser step (the scene's update and render) takes and when each frame was drawn, on
// `window.budgetQuestFrames`; `?bench=empty` runs an empty scene of the same size instead, the
// baseline the games' frame rate is compared with. Without the flag nothing is listened to.
import { Phaser, type GameConfig } from './phaser';

export type BenchMode = 'frames' | 'empty';

export interface FrameLog {
  /** ms of work per step, from Phaser's pre-step to its post-render event. */
  work: number[];
  /** performance.now() at the end of each drawn frame. */
  drawn: number[];
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
  const log: FrameLog = { work: [], drawn: [] };
  (window as unknown as { budgetQuestFrames?: FrameLog }).budgetQuestFrames = log;
  let start = 0;
  const onStart = () => (start = performance.now());
  const onEnd = () => {
    const end = performance.now();
    log.work.push(end - start);
    log.drawn.push(end);
  };
  game.events.on(Phaser.Core.Events.PRE_STEP, onStart);
  game.events.on(Phaser.Core.Events.POST_RENDER, onEnd);
  return () => {
    game.events.off(Phaser.Core.Events.PRE_STEP, onStart);
    game.events.off(Phaser.Core.Events.POST_RENDER, onEnd);
  };
}
