// Page object of / (Quests), where sign-in and registration land: the instruction and bank
// cards, the quest cards (by title) with their Start or action buttons, and the modal quests.
import { expect, type Locator, type Page } from '@playwright/test';
import { BasePage } from './base-page';

export class QuestsPage extends BasePage {
  readonly route = '/';
  protected readonly ready: Locator;
  readonly questList: Locator;
  readonly lives: Locator;

  constructor(page: Page) {
    super(page);
    this.ready = this.heading('Quests');
    this.questList = page.getByRole('region', { name: 'Complete Quests to Earn Lives' });
    this.lives = page.getByText(/Lives Remaining: \d$/);
  }

  /** A card's section, e.g. 'Welcome to Your Quest Journey!'. */
  section(title: string): Locator {
    return this.page.getByRole('region', { name: title });
  }

  /** A quest card by its title, e.g. 'No Eating Out'. */
  card(title: string): Locator {
    return this.questList.getByRole('article', { name: title, exact: true });
  }

  button(title: string, name: string): Locator {
    return this.card(title).getByRole('button', { name, exact: true });
  }

  countdown(title: string): Locator {
    return this.card(title).getByRole('timer');
  }

  async start(title: string): Promise<void> {
    await this.button(title, 'Start').click();
  }

  /** The card's header button (it collapses and expands the card). */
  toggle(title: string): Locator {
    return this.card(title).getByRole('button', { name: title });
  }

  /** The card's status line reads `status` ('Not started', 'In progress', 'Completed'). */
  async expectStatus(title: string, status: string): Promise<void> {
    await expect(this.toggle(title)).toContainText(status);
  }

  dialog(title: string): Locator {
    return this.page
      .getByRole('dialog', { name: title })
      .or(this.page.getByRole('alertdialog', { name: title }));
  }
}
