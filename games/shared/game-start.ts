// The Phaser side of the game host (game-host.tsx): makes the game for a scene's configuration,
// with the bench's hooks. Loaded with Phaser and the scene once the page is on screen, so a game
// page paints its title, message and buttons without waiting for Phaser (issues 30 and 33).
import { Phaser, type GameConfig } from './phaser';
import { OnDemandGame } from './frame-on-demand';
import { benchConfig, readBenchMode, recordFrames } from './bench-frames';
import { FIRST_FRAME_MARK } from './marks';

export interface StartedGame {
  game: Phaser.Game;
  /** Stops what the bench listens to (nothing outside bench mode). */
  stop: () => void;
}

/** Makes the game in `parent`; `href` is the page's address, which may ask for a bench mode. */
export function startGame(config: GameConfig, parent: HTMLElement | undefined, href: string): StartedGame {
  const bench = readBenchMode(href);
  const gameConfig = { ...benchConfig(config, bench), parent };
  // The bench's empty scene is Phaser alone drawing every frame, the baseline of game-frames.
  const game = bench === 'empty' ? new Phaser.Game(gameConfig) : new OnDemandGame(gameConfig);
  const stop = bench ? recordFrames(game) : () => undefined;
  // For `npm run bench` (time from the Phaser chunk's arrival to the first drawn frame).
  game.events.once(Phaser.Core.Events.POST_RENDER, () => performance.mark(FIRST_FRAME_MARK));
  return { game, stop };
}
