// The Breakout scene: draws the state, turns arrow keys, Space, mouse and touch into logic input,
// runs the logic at a fixed 60 Hz and sends lives spent and won through the bridge.
import { fromControl } from '@games/shared/keyboard';
import { Phaser, type GameConfig } from '@games/shared/phaser';
import type { GameBridge } from '@games/shared/progression-bridge';
import { FRAME_MS } from '@games/shared/fixed-step';
import { GameScene } from '@games/shared/game-scene';
import type { GameSceneOptions } from '@games/shared/scene-options';
import { NO_LIVES_MESSAGE } from '@/domain/lives';
import { firstState } from './intro';
import {
  BALL_RADIUS,
  BRICK_COLUMNS,
  BRICK_ROWS,
  type BreakoutInput,
  type BreakoutState,
  HEIGHT,
  PADDLE_HEIGHT,
  TEXTS,
  WIDTH,
  brickRect,
  message,
  paddleTop,
  paddleWidthFor,
  samePicture,
  update,
  withPaddleWidth,
} from './logic';

const ROW_COLOURS = [0xef4444, 0xf97316, 0xeab308, 0x22c55e, 0x3b82f6];
/** Drawn at twice the logical size so the canvas stays sharp when scaled up on a desktop. */
const ZOOM = 2;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export class BreakoutScene extends GameScene<BreakoutState> {
  private graphics!: Phaser.GameObjects.Graphics;
  private hud!: Phaser.GameObjects.Text;
  private banner!: Phaser.GameObjects.Text;
  private keys = { left: false, right: false };
  private pointerX: number | null = null;
  private action = false;

  constructor(bridge: GameBridge, options: GameSceneOptions = {}) {
    super('breakout', bridge, options);
    this.state = firstState();
    this.announce();
  }

  create(): void {
    this.cameras.main.setZoom(ZOOM).centerOn(WIDTH / 2, HEIGHT / 2);
    this.graphics = this.add.graphics();
    const style = { fontFamily: FONT, fontSize: '16px', color: '#0f172a', resolution: ZOOM };
    this.hud = this.add.text(8, 6, '', style);
    this.banner = this.add
      .text(WIDTH / 2, 215, '', {
        ...style,
        fontSize: '18px',
        fontStyle: 'bold',
        align: 'center',
        wordWrap: { width: 440 },
      })
      .setOrigin(0.5);
    const held = (e: KeyboardEvent, down: boolean) => {
      if (e.key === 'ArrowLeft') this.keys.left = down;
      else if (e.key === 'ArrowRight') this.keys.right = down;
      else return false;
      return true;
    };
    this.listenKeys({
      down: (e) => {
        if (held(e, true)) e.preventDefault();
        else if (e.key === ' ' && !e.repeat) {
          e.preventDefault();
          this.action = !this.isPaused();
        }
      },
      up: (e) => held(e, false),
      blur: () => (this.keys = { left: false, right: false }),
    });
    this.listenPointer();
    this.listenWindow('resize', () => {
      this.state = withPaddleWidth(this.state, paddleWidthFor(window.innerWidth));
      this.draw();
    });
    this.own(this.bridge.onLivesChanged(() => this.draw()));
    this.ready();
  }

  /**
   * A finger or the mouse anywhere over the game's panel (below the canvas too) steers: the page
   * marks that area `data-game-input`. The pointer is captured on press, so sliding off the panel
   * keeps steering instead of freezing the paddle.
   */
  private listenPointer(): void {
    const area = this.game.canvas.closest<HTMLElement>('[data-game-input]') ?? this.game.canvas;
    const onMove = (e: PointerEvent) => {
      if (!this.isPaused()) this.pointerX = this.toWorld(e.clientX);
    };
    const onDown = (e: PointerEvent) => {
      // The panel's own buttons and links keep their presses.
      if (fromControl(e) || this.isPaused()) return;
      area.setPointerCapture?.(e.pointerId);
      this.pressAt(e.clientX);
    };
    area.addEventListener('pointermove', onMove);
    area.addEventListener('pointerdown', onDown);
    this.own(() => {
      area.removeEventListener('pointermove', onMove);
      area.removeEventListener('pointerdown', onDown);
    });
  }

  /** A press on the panel before the scene listened counts as one made now. */
  protected override earlyPointer(e: PointerEvent): void {
    if (!this.isPaused()) this.pressAt(e.clientX);
  }

  /** A press: the paddle goes there and the ball launches. */
  private pressAt(clientX: number): void {
    this.pointerX = this.toWorld(clientX);
    this.action = true;
  }

  /** Where a pointer's page x falls in the world (null while the canvas has no width). */
  private toWorld(clientX: number): number | null {
    const box = this.game.canvas.getBoundingClientRect();
    return box.width > 0 ? ((clientX - box.left) / box.width) * WIDTH : null;
  }

  protected override inPlay(): boolean {
    return this.state.status === 'playing' || this.state.status === 'lifeLost';
  }

  protected override view(): { width: number; height: number } {
    return { width: WIDTH, height: HEIGHT };
  }

  protected advance(frames: number): boolean {
    const before = this.state;
    for (let i = 0; i < frames; i++) this.tick();
    return !samePicture(before, this.state);
  }

  protected message(): string {
    return message(this.state, this.bridge.lives(), NO_LIVES_MESSAGE);
  }

  private tick(): void {
    const input: BreakoutInput = {
      left: this.keys.left,
      right: this.keys.right,
      pointerX: this.pointerX,
      action: this.action,
      lives: this.bridge.lives(),
    };
    this.pointerX = null;
    this.action = false;
    const before = this.state.status;
    this.state = update(this.state, input, FRAME_MS);
    // The ball's launch begins a play the server must see before it can pay a win.
    if (before !== 'playing' && this.state.status === 'playing') this.bridge.began();
    for (const effect of this.state.effects) {
      if (effect === 'loseLife') this.bridge.start();
      else this.bridge.reward('breakout-win');
    }
  }

  protected drawState(): void {
    const g = this.graphics;
    const s = this.state;
    g.clear();
    for (let row = 0; row < BRICK_ROWS; row++) {
      for (let column = 0; column < BRICK_COLUMNS; column++) {
        if (s.bricks[row]![column] !== 1) continue;
        const b = brickRect(row, column);
        g.fillStyle(ROW_COLOURS[row]!, 1).fillRect(b.x, b.y, b.w, b.h);
      }
    }
    g.fillStyle(0x1e3a8a, 1).fillRoundedRect(s.paddleX, paddleTop, s.paddleWidth, PADDLE_HEIGHT, 4);
    if (s.status === 'playing' || s.status === 'idle') {
      g.fillStyle(0x0f172a, 1).fillCircle(s.ball.x, s.ball.y, BALL_RADIUS);
    }
    const lives = this.bridge.lives();
    this.hud.setText(`Score: ${s.score}    Lives: ${lives}`);
    const banners: Record<BreakoutState['status'], string> = {
      idle: TEXTS.start,
      playing: '',
      lifeLost: TEXTS.lifeLost,
      gameOver: TEXTS.gameOver,
      gameWon: TEXTS.won,
    };
    this.banner.setText(s.refused ? NO_LIVES_MESSAGE : banners[s.status]);
    if (this.banner.text) {
      const bounds = this.banner.getBounds();
      g.fillStyle(0xffffff, 0.9).fillRoundedRect(
        bounds.x - 10,
        bounds.y - 6,
        bounds.width + 20,
        bounds.height + 12,
        8,
      );
    }
    this.say(this.shown());
  }
}

/** The Phaser configuration for the Breakout page's GameHost: 480x320, scaled to fit. */
export function createBreakoutConfig(bridge: GameBridge, options: GameSceneOptions = {}): GameConfig {
  return {
    type: Phaser.CANVAS,
    width: WIDTH * ZOOM,
    height: HEIGHT * ZOOM,
    backgroundColor: '#e0f2fe',
    scene: new BreakoutScene(bridge, options),
    // FIT inside the host, which the page's CSS sizes to the room there is and centres.
    scale: { mode: Phaser.Scale.FIT },
    banner: false,
  };
}
