// The Helicopter scene: draws the state, turns taps, clicks, Space and the up arrow into presses,
// runs the logic at a fixed 60 Hz and spends a life through the bridge for each new game.
import { Phaser, type GameConfig } from '@games/shared/phaser';
import type { GameBridge } from '@games/shared/progression-bridge';
import { FRAME_MS } from '@games/shared/fixed-step';
import { GameScene } from '@games/shared/game-scene';
import { writeBestScore } from '@games/shared/best-score';
import type { GameSceneOptions } from '@games/shared/scene-options';
import { NO_LIVES_MESSAGE } from '@/domain/lives';
import { firstState } from './intro';
import {
  GAP,
  HEIGHT,
  type HelicopterState,
  OBSTACLE_WIDTH,
  PLAYER_HEIGHT,
  PLAYER_WIDTH,
  PLAYER_X,
  TEXTS,
  WIDTH,
  message,
  samePicture,
  update,
} from './logic';

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export class HelicopterScene extends GameScene<HelicopterState> {
  private graphics!: Phaser.GameObjects.Graphics;
  private hud!: Phaser.GameObjects.Text;
  private banner!: Phaser.GameObjects.Text;
  private press = false;

  constructor(bridge: GameBridge, options: GameSceneOptions = {}) {
    super('helicopter', bridge, options);
    this.state = firstState(this.random, Boolean(this.tester));
    this.announce();
  }

  create(): void {
    this.graphics = this.add.graphics();
    const style = { fontFamily: FONT, fontSize: '20px', color: '#ffffff', fontStyle: 'bold' };
    this.hud = this.add.text(12, 10, '', style).setStroke('#0f172a', 4);
    this.banner = this.add
      .text(WIDTH / 2, HEIGHT / 2 + 70, '', { ...style, align: 'center', wordWrap: { width: 340 } })
      .setOrigin(0.5)
      .setStroke('#0f172a', 4);
    this.listenKeys({
      down: (e) => {
        if ((e.key !== ' ' && e.key !== 'ArrowUp') || e.repeat) return;
        e.preventDefault();
        if (!this.isPaused()) this.press = true;
      },
    });
    this.input.on('pointerdown', () => (this.press = !this.isPaused()));
    this.own(this.bridge.onLivesChanged(() => this.draw()));
    this.ready();
  }

  /** A tap on the panel before the scene listened flies, as a tap on the canvas does. */
  protected override earlyPointer(): void {
    this.press = !this.isPaused();
  }

  protected advance(frames: number): boolean {
    const before = this.state;
    for (let i = 0; i < frames; i++) this.tick();
    return !samePicture(before, this.state);
  }

  protected override inPlay(): boolean {
    return this.state.status === 'playing';
  }

  protected message(): string {
    return message(this.state, this.bridge.lives(), NO_LIVES_MESSAGE);
  }

  private tick(): void {
    const before = this.state;
    this.state = update(before, { press: this.press, lives: this.bridge.lives() }, FRAME_MS, this.random);
    this.press = false;
    if (this.state.effects.includes('start') && this.bridge.start() !== 'started') {
      this.state = { ...before, refused: true, effects: [] };
    }
    if (this.state.best > before.best && !this.tester) writeBestScore('helicopter', this.state.best);
  }

  protected drawState(): void {
    const g = this.graphics;
    const s = this.state;
    g.clear();
    for (const o of s.obstacles) {
      g.fillStyle(0x15803d, 1);
      g.fillRect(o.x, 0, OBSTACLE_WIDTH, o.gapY);
      g.fillRect(o.x, o.gapY + GAP, OBSTACLE_WIDTH, HEIGHT - o.gapY - GAP);
      g.fillStyle(0x166534, 1);
      g.fillRect(o.x - 4, o.gapY - 16, OBSTACLE_WIDTH + 8, 16);
      g.fillRect(o.x - 4, o.gapY + GAP, OBSTACLE_WIDTH + 8, 16);
    }
    // The helicopter: body, tail, rotor.
    const y = s.y;
    g.fillStyle(s.status === 'gameOver' ? 0x991b1b : 0xdc2626, 1);
    g.fillRoundedRect(PLAYER_X + 10, y + 6, PLAYER_WIDTH - 10, PLAYER_HEIGHT - 6, 8);
    g.fillRect(PLAYER_X, y + 12, 14, 4);
    g.fillStyle(0x0f172a, 1);
    g.fillRect(PLAYER_X + 6, y, PLAYER_WIDTH - 6, 3);
    g.fillRect(PLAYER_X + 24, y + 2, 3, 5);
    g.fillStyle(0xbae6fd, 1).fillRect(PLAYER_X + 28, y + 9, 9, 7);
    const lives = this.bridge.lives();
    this.hud.setText(`Score: ${s.score}   Best: ${s.best}   Lives: ${lives}`);
    const banner = s.refused
      ? NO_LIVES_MESSAGE
      : s.status === 'idle'
        ? TEXTS.start
        : s.status === 'gameOver'
          ? TEXTS.gameOver
          : '';
    this.banner.setText(banner);
    this.say(this.shown());
  }
}

/** The Phaser configuration for the Helicopter page's GameHost: 400x600, scaled to fit. */
export function createHelicopterConfig(bridge: GameBridge, options: GameSceneOptions = {}): GameConfig {
  return {
    type: Phaser.CANVAS,
    width: WIDTH,
    height: HEIGHT,
    backgroundColor: '#38bdf8',
    scene: new HelicopterScene(bridge, options),
    // FIT inside the host, which the page's CSS sizes to the room there is and centres.
    scale: { mode: Phaser.Scale.FIT },
    banner: false,
  };
}
