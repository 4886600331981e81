// Page object of the Add Expense modal: form, celebration, then the connect offer.
import { expect, type Locator, type Page } from '@playwright/test';

export class ExpenseModal {
  readonly form: Locator;
  readonly amount: Locator;
  readonly description: Locator;
  readonly done: Locator;
  readonly celebration: Locator;
  readonly offer: Locator;
  readonly skip: Locator;
  readonly connect: Locator;
  /** The last step for a user whose bank is connected. */
  readonly bankDone: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('dialog', { name: 'Add Expense' });
    this.amount = this.form.getByLabel('Amount ($)');
    this.description = this.form.getByLabel('Description (optional)');
    this.done = this.form.getByRole('button', { name: 'Done' });
    this.celebration = page.getByRole('dialog', { name: 'Expense Saved!' });
    this.offer = page.getByRole('dialog', { name: 'Want this tracked automatically?' });
    this.skip = this.offer.getByRole('button', { name: 'Skip for now' });
    this.connect = this.offer.getByRole('button', { name: 'Connect Account' });
    this.bankDone = page.getByRole('dialog', { name: 'Expense added' });
  }

  category(name: 'Want' | 'Need' | 'Savings'): Locator {
    return this.form.getByRole('radio', { name });
  }

  async fill(amount: string, category: 'Want' | 'Need' | 'Savings', description: string): Promise<void> {
    await this.amount.fill(amount);
    await this.category(category).check();
    await this.description.fill(description);
  }

  /** The reward the celebration announces: 'You earned N XP and M lives.' */
  async reward(): Promise<{ xp: number; lives: number }> {
    const text = this.celebration.getByText(/^You earned \d+ XP and \d+ li(fe|ves)\.$/);
    await expect(text).toBeAttached();
    const m = /You earned (\d+) XP and (\d+)/.exec((await text.textContent()) ?? '');
    return { xp: Number(m?.[1]), lives: Number(m?.[2]) };
  }
}
