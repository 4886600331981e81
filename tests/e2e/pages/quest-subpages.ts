// Page objects of the two quest sub-pages: the Financial Guru article and the emergency-fund goal.
import type { Locator, Page } from '@playwright/test';
import { BasePage } from './base-page';

export class ArticlePage extends BasePage {
  readonly route = '/quests/financial-guru-article';
  protected readonly ready: Locator;
  readonly back: Locator;
  readonly example: Locator;
  readonly complete: Locator;
  readonly finish: Locator;

  constructor(page: Page) {
    super(page);
    this.ready = this.heading('The 50/30/20 Budgeting Method');
    this.back = page.getByRole('main').getByRole('button', { name: 'Back to Quests' });
    this.example = page.getByRole('table', { name: /50\/30\/20 split/ });
    this.complete = page.getByRole('button', { name: 'Complete Quest' });
    this.finish = page.getByRole('region', { name: /Finished Reading\?|Quest Complete!/ });
  }

  /** The example's row for `bucket`, e.g. 'Needs'. */
  exampleRow(bucket: 'Needs' | 'Wants' | 'Savings' | 'Total'): Locator {
    return this.example.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: bucket }) });
  }
}

export class EmergencyFundPage extends BasePage {
  readonly route = '/quests/emergency-fund-goal';
  protected readonly ready: Locator;
  readonly expenses: Locator;
  readonly goalBox: Locator;
  readonly setGoal: Locator;
  readonly success: Locator;

  constructor(page: Page) {
    super(page);
    this.ready = this.heading('Build Your Emergency Fund');
    this.expenses = page.getByLabel('Monthly expenses ($)');
    this.goalBox = page.getByRole('region', { name: 'Your Emergency Fund Goal' });
    this.setGoal = page.getByRole('button', { name: 'Set Goal' });
    this.success = page.getByRole('dialog', { name: 'Goal Set!' });
  }

  strength(months: 3 | 6 | 12): Locator {
    return this.page.getByRole('radiogroup', { name: 'Fund Strength' }).getByRole('radio', {
      name: `${months} months`,
      exact: true,
    });
  }
}
