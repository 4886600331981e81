// Drawing only when the picture changed (issue 33). Phaser's own step renders every animation
// frame; in software WebGL (no GPU here, before the games moved to Canvas) that redraw was most of
// a game page's main-thread work even while a game waited for its launch, sat on a game over screen, was paused or showed a 2048
// board between moves. `OnDemandGame` runs the same step, but its render part (clear, scenes'
// render, post-render and the render events) only when a scene asked for a frame (`requestFrame`,
// which GameScene's `draw` calls), on the first frames, and after what clears or hides the canvas:
// a new canvas size, the game resumed after a hidden page. A 2D canvas keeps its picture between
// steps, so a step that draws nothing shows the last one. Input, the scenes'
// update and the step events run every frame as before, so a key or a tap is read at once.
import { Phaser } from './phaser';

/** Steps that always render, while the scene is created and its first picture is made. */
const FIRST_FRAMES = 3;

/** The parts of Phaser's Game that its step uses but its type declarations leave out. */
interface GameInternals {
  pendingDestroy: boolean;
  runDestroy(): void;
}

export class OnDemandGame extends Phaser.Game {
  // Not class fields with initialisers: Phaser may boot inside `super()`, before they would be set.
  private framesDue?: number;
  private wanted?: boolean;
  private wired?: boolean;

  /** Asks for the next step to render (this one's, when asked during the scenes' update). */
  requestFrame(): void {
    this.wanted = true;
  }

  /** Phaser's `Game.step` (phaser/src/core/Game.js), with the render part on demand. */
  override step(time: number, delta: number): void {
    const internals = this as unknown as GameInternals;
    if (internals.pendingDestroy) return internals.runDestroy();
    if (this.isPaused) return;
    if (!this.wired) this.wire();
    const events = this.events;
    events.emit(Phaser.Core.Events.PRE_STEP, time, delta);
    events.emit(Phaser.Core.Events.STEP, time, delta);
    this.scene.update(time, delta);
    events.emit(Phaser.Core.Events.POST_STEP, time, delta);
    const due = this.framesDue ?? FIRST_FRAMES;
    this.framesDue = Math.max(0, due - 1);
    if (!this.wanted && due === 0) return;
    this.wanted = false;
    const renderer = this.renderer;
    renderer.preRender();
    events.emit(Phaser.Core.Events.PRE_RENDER, renderer, time, delta);
    this.scene.render(renderer);
    renderer.postRender();
    events.emit(Phaser.Core.Events.POST_RENDER, renderer, time, delta);
  }

  /** On the first step, when the scale manager and the renderer exist: what must be redrawn. */
  private wire(): void {
    this.wired = true;
    const redraw = () => this.requestFrame();
    // A new canvas size clears the canvas (a new display size only scales the last picture, so a
    // refresh of the scale manager after a layout change draws nothing).
    this.renderer.on(Phaser.Renderer.Events.RESIZE, redraw);
    // Back from a hidden page (the host's resume, or Phaser's own visibility handler).
    this.events.on(Phaser.Core.Events.RESUME, redraw);
    this.events.on(Phaser.Core.Events.VISIBLE, redraw);
  }
}

/** Asks `game` for a frame when it draws on demand; a plain Phaser game draws every frame anyway. */
export function requestFrame(game: Phaser.Game): void {
  if (game instanceof OnDemandGame) game.requestFrame();
}
