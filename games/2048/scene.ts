// The 2048 scene: draws the board and its overlays, turns arrow keys, WASD, swipes and clicks
// into logic input, and spends lives through the bridge. The rules live in ./logic.
import { Phaser, type GameConfig } from '@games/shared/phaser';
import type { GameBridge } from '@games/shared/progression-bridge';
import { mulberry32, randomSeed, type Random } from '@games/shared/random';
import { readBestScore, writeBestScore } from '@games/shared/best-score';
import { createTesterBridge, exposeTester } from '@games/shared/tester';
import { listenKeys } from '@games/shared/keyboard';
import {
  type GameSceneOptions,
  messageSink,
  prefersReducedMotion,
  testerFromLocation,
} from '@games/shared/scene-options';
import {
  type Direction,
  type Input2048,
  type State2048,
  SIZE,
  TEXTS,
  initialState,
  message,
  update,
} from './logic';
import { boardSize, swipeDirection } from './layout';

const KEYS: Record<string, Direction> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  w: 'up',
  s: 'down',
  a: 'left',
  d: 'right',
};

const TILE_COLOURS: Record<number, [number, string]> = {
  0: [0xcdc1b4, '#776e65'],
  2: [0xeee4da, '#776e65'],
  4: [0xede0c8, '#776e65'],
  8: [0xf2b179, '#f9f6f2'],
  16: [0xf59563, '#f9f6f2'],
  32: [0xf67c5f, '#f9f6f2'],
  64: [0xf65e3b, '#f9f6f2'],
  128: [0xedcf72, '#f9f6f2'],
  256: [0xedcc61, '#f9f6f2'],
  512: [0xedc850, '#f9f6f2'],
  1024: [0xedc53f, '#f9f6f2'],
  2048: [0xedc22e, '#f9f6f2'],
};
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export class Game2048Scene extends Phaser.Scene {
  private state!: State2048;
  private random!: Random;
  private bridge: GameBridge;
  private readonly options: GameSceneOptions;
  private readonly testerMode: boolean;
  private readonly say: (text: string) => void;
  private layer!: Phaser.GameObjects.Container;
  private swipeStart: { x: number; y: number } | null = null;
  private cleanup: (() => void)[] = [];

  constructor(bridge: GameBridge, options: GameSceneOptions = {}) {
    super('game-2048');
    const tester = options.tester === undefined ? testerFromLocation() : options.tester;
    this.testerMode = tester !== null;
    this.bridge = tester ? createTesterBridge() : bridge;
    this.random = mulberry32(tester ? tester.seed : randomSeed());
    this.options = { ...options, tester };
    this.say = messageSink(options.onMessage);
  }

  create(): void {
    this.state = initialState(this.random, this.testerMode ? 0 : readBestScore('2048'));
    this.layer = this.add.container(0, 0);
    this.cleanup.push(listenKeys({ down: (e) => this.onKey(e) }));
    this.input.on('pointerdown', (p: Phaser.Input.Pointer) => (this.swipeStart = { x: p.x, y: p.y }));
    this.input.on('pointerup', this.onPointerUp, this);
    const onResize = () => this.fit();
    window.addEventListener('resize', onResize);
    this.cleanup.push(() => window.removeEventListener('resize', onResize));
    if (this.options.tester) {
      const bridge = this.bridge as ReturnType<typeof createTesterBridge>;
      this.cleanup.push(
        exposeTester<State2048>('2048', {
          step: () => this.draw(false),
          state: () => this.state,
          load: (s) => this.show(s, false),
          setLives: (n) => bridge.setLives(n),
          message: () => message(this.state),
        }),
      );
    }
    // Window listeners and the tester handle go when the scene stops or the game is destroyed.
    const release = () => this.cleanup.splice(0).forEach((f) => f());
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, release);
    this.events.once(Phaser.Scenes.Events.DESTROY, release);
    this.fit();
  }

  /** Lets the page's buttons (New Game, Continue Playing, Play Again) drive the game too. */
  send(command: 'newGame' | 'continue'): void {
    this.apply(
      command === 'continue' ? { type: 'continue' } : { type: 'newGame', lives: this.bridge.lives() },
    );
  }

  private apply(input: Input2048): void {
    const next = update(this.state, input, this.random);
    if (next.effects.includes('start') && this.bridge.start() !== 'started') {
      // The page's lives and ours disagreed: keep the board, show the refusal.
      this.show({ ...this.state, refused: true, effects: [] }, false);
      return;
    }
    if (next.best > this.state.best && !this.testerMode) writeBestScore('2048', next.best);
    this.show(next, next.lastMove !== null);
  }

  private onKey(event: KeyboardEvent): void {
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const direction = KEYS[key];
    if (direction) {
      event.preventDefault();
      this.apply({ type: 'move', direction, lives: this.bridge.lives() });
    } else if (key === 'Enter' || key === ' ') {
      if (this.state.status === 'won') this.apply({ type: 'continue' });
      else if (this.state.status === 'over') this.apply({ type: 'newGame', lives: this.bridge.lives() });
    } else if (key === 'n') this.apply({ type: 'newGame', lives: this.bridge.lives() });
  }

  private onPointerUp(p: Phaser.Input.Pointer): void {
    const start = this.swipeStart;
    this.swipeStart = null;
    if (!start) return;
    const direction = swipeDirection(p.x - start.x, p.y - start.y);
    if (direction) this.apply({ type: 'move', direction, lives: this.bridge.lives() });
  }

  private fit(): void {
    const size = boardSize(window.innerWidth);
    if (this.scale.width !== size) this.scale.resize(size, size);
    this.draw(false);
  }

  private show(state: State2048, animate: boolean): void {
    const changed = state.board !== this.state.board ? this.state.board : null;
    this.state = state;
    this.draw(animate, changed);
  }

  private draw(animate: boolean, before: number[][] | null = null): void {
    const size = this.scale.width;
    const gap = Math.round(size * 0.03);
    const cell = (size - gap * (SIZE + 1)) / SIZE;
    this.layer.removeAll(true);
    this.layer.add(this.add.rectangle(0, 0, size, size, 0xbbada0).setOrigin(0));
    const motion = animate && !this.testerMode && !prefersReducedMotion();
    this.state.board.forEach((row, r) =>
      row.forEach((value, c) => {
        const [fill, ink] = TILE_COLOURS[value] ?? [0x3c3a32, '#f9f6f2'];
        const x = gap + c * (cell + gap) + cell / 2;
        const y = gap + r * (cell + gap) + cell / 2;
        const tile = this.add.rectangle(x, y, cell, cell, fill);
        this.layer.add(tile);
        if (value === 0) return;
        const digits = String(value).length;
        const text = this.add
          .text(x, y, String(value), {
            fontFamily: FONT,
            fontSize: `${Math.round(cell * (digits < 3 ? 0.45 : digits < 4 ? 0.36 : 0.28))}px`,
            fontStyle: 'bold',
            color: ink,
          })
          .setOrigin(0.5);
        this.layer.add(text);
        // Short pop for tiles that are new or merged by this move; kept out of tester captures.
        if (motion && before && before[r]![c] !== value) {
          this.tweens.add({
            targets: [tile, text],
            scale: { from: 0.6, to: 1 },
            duration: 120,
            ease: 'Quad.Out',
          });
        }
      }),
    );
    this.drawOverlay(size);
    this.say(message(this.state));
  }

  private drawOverlay(size: number): void {
    const { status } = this.state;
    if (status !== 'won' && status !== 'over') return;
    const title = status === 'won' ? TEXTS.won : TEXTS.gameOver;
    const action = status === 'won' ? TEXTS.continuePlaying : TEXTS.playAgain;
    this.layer.add(
      this.add.rectangle(0, 0, size, size, status === 'won' ? 0xedc22e : 0xeee4da, 0.85).setOrigin(0),
    );
    this.layer.add(
      this.add
        .text(size / 2, size / 2 - 40, title, {
          fontFamily: FONT,
          fontSize: `${Math.round(size / 12)}px`,
          fontStyle: 'bold',
          color: status === 'won' ? '#f9f6f2' : '#776e65',
          align: 'center',
          wordWrap: { width: size - 24 },
        })
        .setOrigin(0.5),
    );
    const button = this.add
      .text(size / 2, size / 2 + 30, action, {
        fontFamily: FONT,
        fontSize: '18px',
        fontStyle: 'bold',
        color: '#f9f6f2',
        backgroundColor: '#8f7a66',
        padding: { x: 16, y: 10 },
      })
      .setOrigin(0.5)
      .setInteractive({ useHandCursor: true });
    button.on(
      'pointerup',
      (_p: Phaser.Input.Pointer, _x: number, _y: number, e: Phaser.Types.Input.EventData) => {
        e.stopPropagation();
        this.swipeStart = null;
        if (status === 'won') this.apply({ type: 'continue' });
        else this.apply({ type: 'newGame', lives: this.bridge.lives() });
      },
    );
    this.layer.add(button);
  }
}

/** The Phaser configuration for the 2048 page's GameHost. */
export function create2048Config(bridge: GameBridge, options: GameSceneOptions = {}): GameConfig {
  const size = boardSize(typeof window === 'undefined' ? 1280 : window.innerWidth);
  return {
    type: Phaser.AUTO,
    width: size,
    height: size,
    backgroundColor: '#faf8ef',
    scene: new Game2048Scene(bridge, options),
    scale: { mode: Phaser.Scale.NONE },
    banner: false,
  };
}
