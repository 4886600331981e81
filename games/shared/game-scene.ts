// What every game scene shares: the bridge (or tester mode's stand-in), seeded randomness, the
// message sink, window listeners released when the scene stops, the fixed 60 Hz loop, the pause
// (P, Escape, the page's button, a hidden page), frames drawn only when the picture changed
// (`draw` asks the game for one, see frame-on-demand.ts), and in tester mode the handle on
// `window.budgetQuestTester` with the game loop asleep.
import { Phaser } from './phaser';
import type { GameBridge } from './progression-bridge';
import { createFixedStep, FRAME_MS } from './fixed-step';
import { mulberry32, randomSeed, type Random } from './random';
import { listenKeys as listenWindowKeys, type KeyHandlers } from './keyboard';
import { takeEarlyInput } from './early-input';
import {
  PAUSED_MESSAGE,
  PAUSED_TITLE,
  type PauseCommand,
  type PauseState,
  isPauseKey,
  nextPaused,
  pauseState,
} from './pause';
import { type GameSceneOptions, messageSink, testerFromLocation } from './scene-options';
import { isPauseCommand, type GameChannel } from './channel';
import { createTesterBridge, exposeTester, type TesterBridge, type TesterOptions } from './tester';
import { requestFrame } from './frame-on-demand';

const KEYS_HINT = 'P, Esc or Resume to play on';
const TOUCH_HINT = 'Tap Resume to play on';
/** No hover or a coarse pointer: a touch screen, where key names are noise. */
const touchScreen = () => window.matchMedia?.('(hover: none), (pointer: coarse)').matches === true;

/** `Command` and `View`: what the game's own page sends it and is told, besides the shared pause. */
export abstract class GameScene<S, Command extends string = never, View = never> extends Phaser.Scene {
  protected state!: S;
  protected readonly bridge: GameBridge;
  protected readonly random: Random;
  /** Tester mode's options, or null for a normal play. */
  protected readonly tester: TesterOptions | null;
  protected readonly say: (text: string) => void;
  private readonly loop = createFixedStep();
  private readonly cleanup: (() => void)[] = [];
  /** The scene's key handlers, in the order they listen (early input is handed to them so). */
  private readonly keyHandlers: KeyHandlers[] = [];
  /** Tester mode's own clock, in ms of stepped frames (Phaser is handed it, never the wall clock). */
  private testerTime = 0;
  private paused = false;
  private pauseShown: PauseState | null = null;
  private pauseOverlay: Phaser.GameObjects.Container | null = null;
  protected readonly channel: GameChannel<Command, View> | undefined;

  /** `gameId` names the tester handle; `key` the Phaser scene (the game id unless given). */
  constructor(
    private readonly gameId: string,
    bridge: GameBridge,
    options: GameSceneOptions<Command, View> = {},
    key = gameId,
  ) {
    super(key);
    const tester = options.tester === undefined ? testerFromLocation() : options.tester;
    this.tester = tester;
    this.bridge = tester ? createTesterBridge() : bridge;
    this.random = mulberry32(tester ? tester.seed : randomSeed());
    this.channel = options.channel;
    this.say = messageSink((text) => this.channel?.report('message', text));
  }

  /**
   * Runs `frames` 60 Hz frames of the game; true only when the picture changed and must be drawn
   * (a game waiting for its launch, or over, returns false and the canvas is not redrawn).
   */
  protected abstract advance(frames: number): boolean;
  /** Sets up the picture of the state on the scene's objects (and tells the page the message). */
  protected abstract drawState(): void;
  /** The message the game shows now, as text. */
  protected abstract message(): string;

  /** A command of the game's own page (2048's New Game); games without any ignore this. */
  protected command(_command: Command): void {}

  /** Whether time moves in the game now (so a pause means something); none by default. */
  protected inPlay(): boolean {
    return false;
  }

  /** The size of the world the camera shows, for the pause overlay. */
  protected view(): { width: number; height: number } {
    return { width: this.scale.width, height: this.scale.height };
  }

  /** The text to announce: the pause, else the game's own message. */
  protected shown(): string {
    return this.paused ? PAUSED_MESSAGE : this.message();
  }

  protected isPaused(): boolean {
    return this.paused;
  }

  /**
   * Call at the end of a game's constructor, once its first state is set: tells the page the
   * message before Phaser starts, so the page paints it from the start and nothing below it moves
   * when the game begins (the host creates the game after the page's first paint).
   */
  protected announce(): void {
    this.say(this.shown());
  }

  /** Draws the state and asks the game to render it on its next step (or this one's). */
  protected draw(): void {
    this.drawState();
    requestFrame(this.game);
  }

  /** Pauses, resumes or toggles (the page's button and keys); nothing while the game is not in play. */
  pause(command: PauseCommand): void {
    const paused = nextPaused(this.paused, this.inPlay(), command);
    if (paused === this.paused) return;
    this.paused = paused;
    // Time spent paused is not played: the next frame starts afresh.
    this.loop.reset();
    this.draw();
    this.syncPause();
  }

  /** Shows or hides the pause overlay and tells the page when the button's state changes. */
  private syncPause(): void {
    if (this.paused && !this.inPlay()) {
      this.paused = false; // a state loaded by a tester may have ended the play
      this.draw();
    }
    // Made on the first pause, not at the start: each Phaser text measures its font, draws itself on
    // a canvas of its own and reads that canvas back into its texture, and the overlay's two were
    // half of the texts a game made before its first frame (issue 30).
    if (this.paused && !this.pauseOverlay) this.createPauseOverlay();
    if (this.pauseOverlay && this.pauseOverlay.visible !== this.paused) {
      this.pauseOverlay.setVisible(this.paused);
      requestFrame(this.game);
    }
    const state = pauseState(this.paused, this.inPlay());
    if (state === this.pauseShown) return;
    this.pauseShown = state;
    this.channel?.report('pause', state);
  }

  private createPauseOverlay(): void {
    const { width, height } = this.view();
    const font = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
    // Sharp under a zoomed camera (Breakout draws at twice its world size).
    const resolution = this.cameras.main.zoom;
    const title = this.add
      .text(width / 2, height / 2 - 14, PAUSED_TITLE, {
        fontFamily: font,
        fontSize: `${Math.round(Math.min(width, height) / 9)}px`,
        fontStyle: 'bold',
        color: '#ffffff',
        resolution,
      })
      .setOrigin(0.5);
    const hint = this.add
      .text(width / 2, height / 2 + Math.min(width, height) / 10, touchScreen() ? TOUCH_HINT : KEYS_HINT, {
        fontFamily: font,
        fontSize: '16px',
        color: '#ffffff',
        resolution,
      })
      .setOrigin(0.5);
    this.pauseOverlay = this.add
      .container(0, 0, [this.add.rectangle(0, 0, width, height, 0x0f172a, 0.6).setOrigin(0), title, hint])
      .setDepth(10)
      .setVisible(false);
  }

  /** Runs `release` when the scene stops or the game is destroyed. */
  protected own(...release: (() => void)[]): void {
    this.cleanup.push(...release);
  }

  /** Adds a window listener for the scene's life. */
  protected listenWindow<K extends keyof WindowEventMap>(type: K, handler: (e: WindowEventMap[K]) => void) {
    window.addEventListener(type, handler);
    this.own(() => window.removeEventListener(type, handler));
  }

  /** Listens to the page's keys for the scene's life (keyboard.ts); given the early keys too. */
  protected listenKeys(handlers: KeyHandlers): void {
    this.keyHandlers.push(handlers);
    this.own(listenWindowKeys(handlers));
  }

  /**
   * A press on the game's panel before the scene listened (early-input.ts): games that a tap
   * plays (a launch, a flap) take it as they take a press; by default it is ignored.
   */
  protected earlyPointer(_event: PointerEvent): void {}

  /** Hands the keys and presses given before the scene listened to its handlers, in order. */
  private replayEarlyInput(): void {
    for (const input of takeEarlyInput()) {
      if (input.type === 'pointerdown') this.earlyPointer(input.event);
      else
        for (const h of this.keyHandlers) {
          if (input.type === 'blur') h.blur?.();
          else if (input.type === 'keydown') h.down?.(input.event);
          else h.up?.(input.event);
        }
    }
  }

  /**
   * Call at the end of `create()`: wires the release, the tester handle, draws, and hands the scene
   * what the player pressed before it listened.
   */
  protected ready(): void {
    const release = () => this.cleanup.splice(0).forEach((f) => f());
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, release);
    this.events.once(Phaser.Scenes.Events.DESTROY, release);
    // The overlay goes with the scene's objects; a scene started again makes its own (and listens
    // to keys again).
    this.own(() => (this.pauseOverlay = null));
    this.own(() => void this.keyHandlers.splice(0));
    if (this.channel)
      this.own(this.channel.listen((c) => (isPauseCommand(c) ? this.pause(c) : this.command(c))));
    this.listenKeys({
      down: (e) => {
        if (!isPauseKey(e.key) || e.repeat || e.defaultPrevented) return;
        if (!this.paused && !this.inPlay()) return;
        e.preventDefault();
        this.pause('toggle');
      },
    });
    // A hidden page pauses the play; coming back shows it paused until the player resumes.
    const onVisibility = () => {
      if (document.hidden) this.pause('pause');
    };
    document.addEventListener('visibilitychange', onVisibility);
    this.own(() => document.removeEventListener('visibilitychange', onVisibility));
    if (this.tester) {
      const bridge = this.bridge as TesterBridge;
      this.own(
        exposeTester<S>(this.gameId, {
          step: (frames) => {
            // A paused game does not move, stepped or not.
            if (frames > 0 && !this.paused) this.advance(frames);
            this.draw();
            this.syncPause();
            this.renderNow(frames);
          },
          state: () => this.state,
          load: (s) => {
            this.state = s;
            this.draw();
            this.syncPause();
          },
          setLives: (n) => bridge.setLives(n),
          message: () => this.shown(),
        }),
      );
    }
    this.draw();
    this.syncPause();
    this.replayEarlyInput();
  }

  override update(_time: number, delta: number): void {
    if (this.tester) {
      // Tester mode: this first frame is rendered, then the loop sleeps; `step(n)` moves on.
      this.game.loop.sleep();
      return;
    }
    if (this.paused) return;
    const frames = this.loop.advance(delta);
    if (frames > 0 && this.advance(frames)) this.draw();
    this.syncPause();
  }

  /** Tester mode: one Phaser step on the tester's clock, which renders what `draw` set up. */
  private renderNow(frames: number): void {
    this.testerTime += frames * FRAME_MS;
    requestFrame(this.game); // every step the tester asks for is drawn, changed or not
    this.game.step(this.testerTime, 0);
  }
}
