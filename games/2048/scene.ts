// The 2048 scene: draws the board, turns arrow keys, WASD and swipes into logic input, and spends
// lives through the bridge. The rules live in ./logic. The page draws the score boxes, the won and
// Game Over overlays and New Game's confirmation in HTML from the view it reports on its channel. Tiles slide
// and merge with short animations run on the game's own 60 Hz frames (so tester mode steps them
// like the other games' physics); none under prefers-reduced-motion.
import { Phaser, type GameConfig } from '@games/shared/phaser';
import type { GameBridge } from '@games/shared/progression-bridge';
import { FRAME_MS } from '@games/shared/fixed-step';
import { GameScene } from '@games/shared/game-scene';
import { writeBestScore } from '@games/shared/best-score';
import type { GameSceneOptions } from '@games/shared/scene-options';
import { prefersReducedMotion } from '@/lib/motion';
import {
  type Board,
  type Direction,
  type Input2048,
  type State2048,
  type TileMove,
  SIZE,
  confirmsNewGame,
  message,
  slideTracked,
  update,
} from './logic';
import { swipeDirection } from './layout';
import { boardSide, firstState } from './intro';

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

/** What the page shows around the board. */
export interface View2048 {
  score: number;
  best: number;
  status: State2048['status'];
  /** New Game was asked for mid-game and waits for the player's yes or no. */
  confirming: boolean;
}

export type Options2048 = GameSceneOptions<Command2048, View2048>;

/** What the page's buttons ask: New Game (asks first mid-game), its yes and no, Continue Playing. */
export type Command2048 = 'newGame' | 'confirmNewGame' | 'keepPlaying' | 'continue';

/** One tile to draw: centre, value and scale. */
interface Sprite {
  x: number;
  y: number;
  value: number;
  scale: number;
}

const easeOut = (t: number) => 1 - (1 - t) * (1 - t);

export class Game2048Scene extends GameScene<State2048, Command2048, View2048> {
  private grid!: Phaser.GameObjects.Graphics;
  private tiles!: Phaser.GameObjects.Graphics;
  /** One text per tile drawn, reused from frame to frame. */
  private labels: Phaser.GameObjects.Text[] = [];
  private gridSize = 0;
  private confirming = false;
  private told: View2048 | null = null;
  private anim: Animation | null = null;
  private swipeStart: { x: number; y: number } | null = null;

  constructor(bridge: GameBridge, options: Options2048 = {}) {
    super('2048', bridge, options, 'game-2048');
    this.state = firstState(this.random, Boolean(this.tester));
    this.announce();
  }

  create(): void {
    this.grid = this.add.graphics();
    this.tiles = this.add.graphics();
    this.listenKeys({ down: (e) => this.onKey(e) });
    this.input.on('pointerdown', (p: Phaser.Input.Pointer) => (this.swipeStart = { x: p.x, y: p.y }));
    this.input.on('pointerup', this.onPointerUp, this);
    this.listenWindow('resize', () => this.fit());
    const size = boardSide();
    if (this.scale.width !== size) this.scale.resize(size, size);
    this.ready();
  }

  /** Lets the page's buttons (New Game and its confirmation, Continue Playing, Play Again) drive
   *  the game, as the keys do. */
  protected override command(command: Command2048): void {
    if (command === 'newGame' && confirmsNewGame(this.state)) {
      // A life is spent on this board already: the page asks before another goes.
      this.confirming = true;
      this.draw();
      return;
    }
    this.confirming = false;
    if (command === 'keepPlaying') this.draw();
    else if (command === 'continue') this.apply({ type: 'continue' });
    else this.apply({ type: 'newGame', lives: this.bridge.lives() });
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
    if (this.confirming) return; // the page's question has the keys
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const direction = KEYS[key];
    if (direction) {
      event.preventDefault();
      this.apply({ type: 'move', direction, lives: this.bridge.lives() });
    } else if (key === 'Enter' || key === ' ') {
      if (this.state.status === 'won') this.command('continue');
      else if (this.state.status === 'over') this.command('newGame');
    } else if (key === 'n') this.command('newGame');
  }

  private onPointerUp(p: Phaser.Input.Pointer): void {
    const start = this.swipeStart;
    this.swipeStart = null;
    if (!start || this.confirming) return;
    const direction = swipeDirection(p.x - start.x, p.y - start.y);
    if (direction) this.apply({ type: 'move', direction, lives: this.bridge.lives() });
  }

  private fit(): void {
    const size = boardSide();
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

  protected drawState(): void {
    const { size, gap, cell, centre } = this.metrics();
    if (this.gridSize !== size) {
      // The board and its empty cells change only with the board size.
      this.gridSize = size;
      this.grid.clear().fillStyle(0xbbada0, 1).fillRect(0, 0, size, size);
      this.grid.fillStyle(TILE_COLOURS[0]![0], 1);
      for (let r = 0; r < SIZE; r++)
        for (let c = 0; c < SIZE; c++)
          this.grid.fillRoundedRect(centre(c) - cell / 2, centre(r) - cell / 2, cell, cell, gap / 2);
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
    this.say(this.shown());
    this.tellView();
  }

  /** The page's score boxes too, before Phaser starts. */
  protected override announce(): void {
    super.announce();
    this.tellView();
  }

  /** Tells the page the score, best, status and question, when one of them changed. */
  private tellView(): void {
    const { score, best, status } = this.state;
    const v = this.told;
    if (v && v.score === score && v.best === best && v.status === status && v.confirming === this.confirming)
      return;
    this.told = { score, best, status, confirming: this.confirming };
    this.channel?.report('view', this.told);
  }
}

/** The Phaser configuration for the 2048 page's GameHost. */
export function create2048Config(bridge: GameBridge, options: Options2048 = {}): GameConfig {
  const size = boardSide();
  return {
    type: Phaser.CANVAS,
    width: size,
    height: size,
    backgroundColor: '#faf8ef',
    scene: new Game2048Scene(bridge, options),
    scale: { mode: Phaser.Scale.NONE },
    banner: false,
  };
}
