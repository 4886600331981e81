// What every game scene shares: the bridge (or tester mode's stand-in), seeded randomness, the
// message sink, window listeners released when the scene stops, the fixed 60 Hz loop, and in
// tester mode the handle on `window.budgetQuestTester` with the game loop asleep.
import { Phaser } from './phaser';
import type { GameBridge } from './progression-bridge';
import { createFixedStep, FRAME_MS } from './fixed-step';
import { mulberry32, randomSeed, type Random } from './random';
import { type GameSceneOptions, messageSink, testerFromLocation } from './scene-options';
import { createTesterBridge, exposeTester, type TesterBridge, type TesterOptions } from './tester';

export abstract class GameScene<S> extends Phaser.Scene {
  protected state!: S;
  protected readonly bridge: GameBridge;
  protected readonly random: Random;
  /** Tester mode's options, or null for a normal play. */
  protected readonly tester: TesterOptions | null;
  protected readonly say: (text: string) => void;
  private readonly loop = createFixedStep();
  private readonly cleanup: (() => void)[] = [];
  /** Tester mode's own clock, in ms of stepped frames (Phaser is handed it, never the wall clock). */
  private testerTime = 0;

  /** `gameId` names the tester handle; `key` the Phaser scene (the game id unless given). */
  constructor(
    private readonly gameId: string,
    bridge: GameBridge,
    options: GameSceneOptions = {},
    key = gameId,
  ) {
    super(key);
    const tester = options.tester === undefined ? testerFromLocation() : options.tester;
    this.tester = tester;
    this.bridge = tester ? createTesterBridge() : bridge;
    this.random = mulberry32(tester ? tester.seed : randomSeed());
    this.say = messageSink(options.onMessage);
  }

  /** Runs `frames` 60 Hz frames of the game; true when the picture changed and must be drawn. */
  protected abstract advance(frames: number): boolean;
  /** Draws the state (and tells the page the message). */
  protected abstract draw(): void;
  /** The message the game shows now, as text. */
  protected abstract message(): string;

  /** Runs `release` when the scene stops or the game is destroyed. */
  protected own(...release: (() => void)[]): void {
    this.cleanup.push(...release);
  }

  /** Adds a window listener for the scene's life. */
  protected listenWindow<K extends keyof WindowEventMap>(type: K, handler: (e: WindowEventMap[K]) => void) {
    window.addEventListener(type, handler);
    this.own(() => window.removeEventListener(type, handler));
  }

  /** Call at the end of `create()`: wires the release, the tester handle, and draws. */
  protected ready(): void {
    const release = () => this.cleanup.splice(0).forEach((f) => f());
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, release);
    this.events.once(Phaser.Scenes.Events.DESTROY, release);
    if (this.tester) {
      const bridge = this.bridge as TesterBridge;
      this.own(
        exposeTester<S>(this.gameId, {
          step: (frames) => {
            if (frames > 0) this.advance(frames);
            this.draw();
            this.renderNow(frames);
          },
          state: () => this.state,
          load: (s) => {
            this.state = s;
            this.draw();
          },
          setLives: (n) => bridge.setLives(n),
          message: () => this.message(),
        }),
      );
    }
    this.draw();
  }

  override update(_time: number, delta: number): void {
    if (this.tester) {
      // Tester mode: this first frame is rendered, then the loop sleeps; `step(n)` moves on.
      this.game.loop.sleep();
      return;
    }
    const frames = this.loop.advance(delta);
    if (frames > 0 && this.advance(frames)) this.draw();
  }

  /** Tester mode: one Phaser step on the tester's clock, which renders what `draw` set up. */
  private renderNow(frames: number): void {
    this.testerTime += frames * FRAME_MS;
    this.game.step(this.testerTime, 0);
  }
}
