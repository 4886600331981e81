// Page object of / (Quests), where sign-in and registration land.
import type { Locator, Page } from '@playwright/test';
import { BasePage } from './base-page';

export class QuestsPage extends BasePage {
  readonly route = '/';
  protected readonly ready: Locator;

  constructor(page: Page) {
    super(page);
    this.ready = this.heading('Quests');
  }
}
