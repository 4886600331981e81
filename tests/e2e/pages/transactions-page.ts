// Page object of /transactions: the bank connection card, its banners and the full list.
import type { Locator, Page } from '@playwright/test';
import { BasePage } from './base-page';

export const BANNERS = {
  processing: 'Processing bank authentication…',
  retrieving: 'Retrieving account information…',
} as const;

export class TransactionsPage extends BasePage {
  readonly route = '/transactions';
  readonly bankCard: Locator;
  readonly connect: Locator;
  readonly connectAnother: Locator;
  readonly reconnect: Locator;
  readonly sync: Locator;
  /** The bank card's messages (link errors, sync errors); toasts live outside it. */
  readonly bankAlert: Locator;
  readonly list: Locator;
  readonly rows: Locator;
  /** The rows that are not one side of a transfer between own accounts (the matcher's cards). */
  readonly cardRows: Locator;
  readonly empty: Locator;
  protected readonly ready: Locator;

  constructor(page: Page) {
    super(page);
    this.ready = this.heading('Transactions');
    this.bankCard = page.getByRole('region', { name: 'Bank connection' });
    this.connect = this.bankCard.getByRole('button', { name: 'Connect Bank Account' });
    this.connectAnother = this.bankCard.getByRole('button', { name: 'Connect Another Bank' });
    this.reconnect = this.bankCard.getByRole('button', { name: 'Reconnect Bank' });
    this.sync = page.getByRole('button', { name: 'Sync with bank' });
    this.bankAlert = this.bankCard.getByRole('alert');
    this.list = page.getByRole('region', { name: 'Bank transactions' });
    // Only rows near the viewport are in the page (the list is windowed).
    this.rows = this.list.getByRole('listitem');
    this.cardRows = this.rows.filter({ hasNot: page.locator('.badge-transfer') });
    this.empty = page.getByText('No transactions yet.');
  }

  banner(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }

  /** The linked accounts as the bank card lists them. */
  accountItems(): Locator {
    return this.bankCard.getByRole('listitem');
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByText(name, { exact: true }) });
  }

  // ---- The list's search, filters, totals and labels (issue 12) ----

  get search(): Locator {
    return this.list.getByRole('searchbox', { name: 'Search' });
  }
  filter(name: 'Label' | 'Account' | 'Status'): Locator {
    return this.list.getByRole('combobox', { name });
  }
  /** '12 transactions of 170 Spent $1.00 ...': the totals of what is shown. */
  get summary(): Locator {
    return this.list.locator('.txv-summary');
  }
  /** A row's label badge, the control that opens the label menu. */
  labelButton(row: Locator): Locator {
    return row.getByRole('button', { name: /Change label of/ });
  }
  labelMenu(): Locator {
    return this.page.getByRole('menu', { name: /^Label for/ });
  }
  /** The bulk bar's label buttons. */
  bulkLabel(label: string): Locator {
    return this.list
      .getByRole('group', { name: /^Label \d+ selected transactions? as$/ })
      .getByRole('button', {
        name: label,
        exact: true,
      });
  }
  dayHeadings(): Locator {
    return this.list.getByRole('heading', { level: 3 });
  }
}
