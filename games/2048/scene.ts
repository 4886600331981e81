// The 2048 scene: draws the board and its overlays, turns arrow keys, WASD, swipes and clicks
// into logic input, and spends lives through the bridge. The rules live in ./logic. Tiles slide
// and merge with short animations run on the game's own 60 Hz frames (so tester mode steps them
// like the other games' physics); none under prefers-reduced-motion.
import { Phaser, type GameConfig } from '@games/shared/phaser';
import type { GameBridge } from '@games/shared/progression-bridge';
import { FRAME_MS } from '@games/shared/fixed-step';
import { GameScene } from '@games/shared/game-scene';
import { readBestScore, writeBestScore } from '@games/shared/best-score';
import { listenKeys } from '@games/shared/keyboard';
import { type GameSceneOptions, prefersReducedMotion } from '@games/shared/scene-options';
import {
  type Board,
  type Direction,
  type Input2048,
  type State2048,
  type TileMove,
  SIZE,
  TEXTS,
  initialState,
  message,
  slideTracked,
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
/** The slide, then the pop of merged and new tiles: 6 + 6 frames at 60 Hz. */
const SLIDE_MS = 100;
const POP_MS = 100;

/** A move being shown: where each tile went, and the board it leads to. */
interface Animation {
  elapsed: number;
  moves: TileMove[];
  board: Board;
}

/** One tile to draw: centre, value and scale. */
interface Sprite {
  x: number;
  y: number;
  value: number;
  scale: number;
}

const easeOut = (t: number) => 1 - (1 - t) * (1 - t);

export class Game2048Scene extends GameScene<State2048> {
  private grid!: Phaser.GameObjects.Graphics;
  private tiles!: Phaser.GameObjects.Graphics;
  /** One text per tile drawn, reused from frame to frame. */
  private labels: Phaser.GameObjects.Text[] = [];
  private overlay!: Phaser.GameObjects.Container;
  private overlayKey = '';
  private gridSize = 0;
  private anim: Animation | null = null;
  private swipeStart: { x: number; y: number } | null = null;

  constructor(bridge: GameBridge, options: GameSceneOptions = {}) {
    super('2048', bridge, options, 'game-2048');
  }

  create(): void {
    this.state = initialState(this.random, this.tester ? 0 : readBestScore('2048'));
    this.grid = this.add.graphics();
    this.tiles = this.add.graphics();
    this.overlay = this.add.container(0, 0).setDepth(1);
    this.own(listenKeys({ down: (e) => this.onKey(e) }));
    this.input.on('pointerdown', (p: Phaser.Input.Pointer) => (this.swipeStart = { x: p.x, y: p.y }));
    this.input.on('pointerup', this.onPointerUp, this);
    this.listenWindow('resize', () => this.fit());
    const size = boardSize(window.innerWidth);
    if (this.scale.width !== size) this.scale.resize(size, size);
    this.ready();
  }

  /** Lets the page's buttons (New Game, Continue Playing, Play Again) drive the game too. */
  send(command: 'newGame' | 'continue'): void {
    this.apply(
      command === 'continue' ? { type: 'continue' } : { type: 'newGame', lives: this.bridge.lives() },
    );
  }

  protected advance(frames: number): boolean {
    if (!this.anim) return false;
    this.anim.elapsed += frames * FRAME_MS;
    if (this.anim.elapsed >= SLIDE_MS + POP_MS) this.anim = null;
    return true;
  }

  protected message(): string {
    return message(this.state);
  }

  private apply(input: Input2048): void {
    const next = update(this.state, input, this.random);
    if (next.effects.includes('start') && this.bridge.start() !== 'started') {
      // The page's lives and ours disagreed: keep the board, show the refusal.
      this.state = { ...this.state, refused: true, effects: [] };
      this.draw();
      return;
    }
    if (next.best > this.state.best && !this.tester) writeBestScore('2048', next.best);
    const before = this.state.board;
    this.state = next;
    const moved = next.lastMove !== null && next.board !== before;
    this.anim =
      moved && !prefersReducedMotion()
        ? { elapsed: 0, moves: slideTracked(before, next.lastMove!).moves, board: next.board }
        : null;
    this.draw();
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
    this.draw();
  }

  /** Where cell (r, c) is: its centre, and the cell size. */
  private metrics() {
    const size = this.scale.width;
    const gap = Math.round(size * 0.03);
    const cell = (size - gap * (SIZE + 1)) / SIZE;
    const centre = (i: number) => gap + i * (cell + gap) + cell / 2;
    return { size, gap, cell, centre };
  }

  /** The tiles of this frame: mid-slide, popping after the slide, or at rest. */
  private sprites(): Sprite[] {
    const { centre } = this.metrics();
    const anim = this.anim && this.anim.board === this.state.board ? this.anim : null;
    if (anim && anim.elapsed < SLIDE_MS) {
      const t = easeOut(anim.elapsed / SLIDE_MS);
      return anim.moves.map(({ from, to, value }) => ({
        x: centre(from[1] + (to[1] - from[1]) * t),
        y: centre(from[0] + (to[0] - from[0]) * t),
        value,
        scale: 1,
      }));
    }
    const p = anim ? Math.min(1, (anim.elapsed - SLIDE_MS) / POP_MS) : 1;
    const arrivals = new Map<string, number>();
    anim?.moves.forEach(({ to }) =>
      arrivals.set(`${to[0]},${to[1]}`, (arrivals.get(`${to[0]},${to[1]}`) ?? 0) + 1),
    );
    return this.state.board.flatMap((row, r) =>
      row.flatMap((value, c) => {
        if (value === 0) return [];
        const arrived = anim ? (arrivals.get(`${r},${c}`) ?? 0) : 1;
        // Merged tiles swell a little and settle; the new tile grows in.
        const scale = arrived === 0 ? easeOut(p) : arrived > 1 ? 1 + 0.12 * Math.sin(Math.PI * p) : 1;
        return [{ x: centre(c), y: centre(r), value, scale }];
      }),
    );
  }

  protected draw(): void {
    const { size, gap, cell, centre } = this.metrics();
    if (this.gridSize !== size) {
      // The board and its empty cells change only with the board size.
      this.gridSize = size;
      this.grid.clear().fillStyle(0xbbada0, 1).fillRect(0, 0, size, size);
      this.grid.fillStyle(TILE_COLOURS[0]![0], 1);
      for (let r = 0; r < SIZE; r++)
        for (let c = 0; c < SIZE; c++)
          this.grid.fillRoundedRect(centre(c) - cell / 2, centre(r) - cell / 2, cell, cell, gap / 2);
      this.overlayKey = '';
    }
    this.tiles.clear();
    const sprites = this.sprites();
    while (this.labels.length < sprites.length) {
      this.labels.push(this.add.text(0, 0, '', { fontFamily: FONT, fontStyle: 'bold' }).setOrigin(0.5));
    }
    this.labels.forEach((label, i) => label.setVisible(i < sprites.length));
    sprites.forEach(({ x, y, value, scale }, i) => {
      const [fill, ink] = TILE_COLOURS[value] ?? [0x3c3a32, '#f9f6f2'];
      const side = cell * scale;
      this.tiles.fillStyle(fill, 1).fillRoundedRect(x - side / 2, y - side / 2, side, side, gap / 2);
      const digits = String(value).length;
      const font = `${Math.round(cell * (digits < 3 ? 0.45 : digits < 4 ? 0.36 : 0.28))}px`;
      const label = this.labels[i]!;
      // Text textures are remade only when the words, size or colour change.
      if (label.text !== String(value)) label.setText(String(value));
      if (label.style.fontSize !== font) label.setFontSize(font);
      if (label.style.color !== ink) label.setColor(ink);
      label.setPosition(x, y).setScale(scale);
    });
    this.drawOverlay(size);
    this.say(this.shown());
  }

  /** The won or game-over overlay, rebuilt only when it or the board size changes. */
  private drawOverlay(size: number): void {
    const { status } = this.state;
    const key = `${status}:${size}`;
    if (key === this.overlayKey) return;
    this.overlayKey = key;
    this.overlay.removeAll(true);
    if (status !== 'won' && status !== 'over') return;
    const title = status === 'won' ? TEXTS.won : TEXTS.gameOver;
    const action = status === 'won' ? TEXTS.continuePlaying : TEXTS.playAgain;
    this.overlay.add(
      this.add.rectangle(0, 0, size, size, status === 'won' ? 0xedc22e : 0xeee4da, 0.85).setOrigin(0),
    );
    this.overlay.add(
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
    this.overlay.add(button);
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
