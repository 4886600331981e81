// Page object of /games: the catalogue cards, their Play links or lock badges, and the lives.
import type { Locator, Page } from '@playwright/test';
import { BasePage } from './base-page';

export class GamesPage extends BasePage {
  readonly route = '/games';
  readonly lives: Locator;
  protected readonly ready: Locator;

  constructor(page: Page) {
    super(page);
    this.ready = this.heading('Games');
    this.lives = page.getByText(/Lives Remaining: \d/);
  }

  card(title: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  play(title: string): Locator {
    return this.page.getByRole('link', { name: `Play ${title}` });
  }
}
