// Page object of a Phaser game screen (/games/breakout, /games/helicopter, /games/2048): the frame,
// the canvas, the game's message as text, and the tester handle of tester mode (?seed=N).
import { expect, type Locator, type Page } from '@playwright/test';
import { BasePage } from './base-page';

/** Tester mode's handle (games/shared/tester.ts), as the page sees it. */
interface TesterWindow {
  budgetQuestTester?: Record<
    string,
    | {
        step(frames: number): void;
        state(): unknown;
        load(state: unknown): void;
        setLives(lives: number): void;
        message(): string;
      }
    | undefined
  >;
}

export type PhaserGameId = 'breakout' | 'helicopter' | '2048';
const TITLES: Record<PhaserGameId, string> = {
  breakout: 'Breakout',
  helicopter: 'Helicopter',
  '2048': '2048',
};

export class PhaserGamePage extends BasePage {
  readonly route: string;
  readonly canvas: Locator;
  readonly message: Locator;
  readonly lives: Locator;
  readonly screen: Locator;
  /** The game's panel: page buttons, canvas, message and hint (what the visual tests capture). */
  readonly panel: Locator;
  /** The Pause / Resume button of Breakout and Helicopter. */
  readonly pauseButton: Locator;
  readonly resumeButton: Locator;
  protected readonly ready: Locator;

  constructor(
    page: Page,
    readonly game: PhaserGameId,
  ) {
    super(page);
    this.route = `/games/${game}`;
    this.ready = this.heading(TITLES[game]);
    this.screen = page.locator('main.game-screen');
    this.canvas = this.screen.locator('canvas');
    this.panel = page.getByRole('region', { name: `${TITLES[game]} game` });
    this.message = this.screen.locator('.game-message');
    this.lives = page.getByText(/Lives Remaining: \d/);
    this.pauseButton = this.screen.getByRole('button', { name: 'Pause', exact: true });
    this.resumeButton = this.screen.getByRole('button', { name: 'Resume', exact: true });
  }

  /** Makes the page look hidden (or shown again) to the app, as a tab switch does. */
  async setHidden(hidden: boolean): Promise<void> {
    await this.page.evaluate((h) => {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => (h ? 'hidden' : 'visible'),
      });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  }

  /** Opens the game; with `seed`, in tester mode (seeded, manual clock, stand-in lives). */
  async open(seed?: number): Promise<void> {
    const query = seed === undefined ? '' : `?seed=${seed}`;
    await this.page.goto(`/#${this.route}${query}`);
    await this.waitToLoad();
    await expect(this.canvas).toHaveCount(1);
    await expect(this.message).not.toBeEmpty();
    if (seed !== undefined) {
      await this.page.waitForFunction(
        (id) => Boolean((window as unknown as TesterWindow).budgetQuestTester?.[id]),
        this.game,
      );
    }
  }

  /** Runs `frames` 60 Hz frames of the game in tester mode and draws them (0: just draws). */
  async step(frames: number): Promise<void> {
    await this.page.evaluate(
      ([id, n]) => (window as unknown as TesterWindow).budgetQuestTester![id]!.step(n),
      [this.game, frames] as const,
    );
  }

  async state<S>(): Promise<S> {
    return this.page.evaluate(
      (id) => (window as unknown as TesterWindow).budgetQuestTester![id]!.state() as S,
      this.game,
    );
  }

  async load<S>(state: S): Promise<void> {
    await this.page.evaluate(
      ([id, s]) => (window as unknown as TesterWindow).budgetQuestTester![id]!.load(s),
      [this.game, state] as const,
    );
  }

  async setLives(n: number): Promise<void> {
    await this.page.evaluate(
      ([id, l]) => (window as unknown as TesterWindow).budgetQuestTester![id]!.setLives(l),
      [this.game, n] as const,
    );
  }

  /** A click (or tap on touch projects) at the canvas's centre. */
  async press(): Promise<void> {
    await this.canvas.click();
  }
}
