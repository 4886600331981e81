// The status bar on every signed-in page (level, XP progress, lives, login streak) and the
// full-width progress moments that grow out of it.
import { expect, type Locator, type Page } from '@playwright/test';

export class StatusBar {
  readonly root: Locator;
  /** The level's XP bar: aria-valuenow is the XP earned into the level. */
  readonly xpBar: Locator;
  /** E.g. '❤️3/5 lives'. */
  readonly lives: Locator;
  /** E.g. '🔥2 days login streak'. */
  readonly streak: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('complementary', { name: 'Your progress' });
    this.xpBar = this.root.getByRole('progressbar', { name: 'Level progress' });
    this.lives = this.root.getByRole('paragraph').filter({ hasText: / lives$/ });
    this.streak = this.root.getByRole('paragraph').filter({ hasText: /login streak$/ });
  }

  /** Checks the level's name and the XP into it, e.g. ('Savings Scout', '40/200 to Level 3'). */
  async expectLevel(name: string, xp: string): Promise<void> {
    await expect(this.root).toContainText(name);
    await expect(this.root).toContainText(xp);
  }

  async expectLives(lives: number): Promise<void> {
    await expect(this.lives).toHaveText(new RegExp(`${lives}/5 lives$`));
  }

  /** A level-up or achievement moment whose text contains `text`. */
  moment(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }
}
