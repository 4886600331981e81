// Page object of /bills (issue 28): the monthly totals, the streams by name, the check-up's
// Keep / Cancel toggles and its count.
import type { Locator, Page } from '@playwright/test';
import { BasePage } from './base-page';

export class BillsPage extends BasePage {
  readonly route = '/bills';
  protected readonly ready: Locator;
  readonly totals: Locator;
  readonly checkup: Locator;
  readonly checkupCount: Locator;
  readonly moneyOut: Locator;
  readonly pay: Locator;

  constructor(page: Page) {
    super(page);
    this.ready = this.heading('Bills and subscriptions');
    this.totals = page.getByRole('region', { name: 'Each month' });
    this.checkup = page.getByRole('region', { name: 'Subscription check-up' });
    this.checkupCount = this.checkup.getByTestId('checkup-count');
    this.moneyOut = page.getByRole('region', { name: 'Money out' });
    this.pay = page.getByRole('region', { name: 'Pay' });
  }

  /** A stream's row by its name, e.g. 'Netflix'. */
  stream(name: string | RegExp): Locator {
    return this.page.getByRole('listitem', { name });
  }

  total(which: 'bills' | 'subscriptions'): Locator {
    return this.totals.getByTestId(`total-${which}`);
  }

  toggle(name: string, decision: 'Keep' | 'Cancel'): Locator {
    return this.stream(name)
      .getByRole('group', { name: `${name}: keep or cancel` })
      .getByRole('button', { name: decision });
  }
}
