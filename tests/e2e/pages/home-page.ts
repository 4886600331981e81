// Page object of /home: manual expenses, recent transactions, refresh and bank linking.
import { expect, type Locator, type Page } from '@playwright/test';
import { routeUrl } from '../support/users';

export class HomePage {
  readonly heading: Locator;
  readonly enterExpense: Locator;
  readonly refresh: Locator;
  readonly manualList: Locator;
  readonly manualRows: Locator;
  readonly noManual: Locator;
  readonly recentList: Locator;
  readonly recentRows: Locator;
  readonly viewAll: Locator;
  readonly connect: Locator;
  readonly confirmDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Home', level: 1 });
    this.enterExpense = page.getByRole('button', { name: 'Enter Expense' });
    this.refresh = page.getByRole('button', { name: 'Refresh Data' });
    this.manualList = page.getByRole('list', { name: 'Manual transactions' });
    this.manualRows = this.manualList.getByRole('listitem');
    this.noManual = page.getByText('No manual expenses yet.', { exact: false });
    this.recentList = page.getByRole('list', { name: 'Recent transactions' });
    this.recentRows = this.recentList.getByRole('listitem');
    this.viewAll = page.getByRole('link', { name: 'View All' });
    this.connect = page.getByRole('main').getByRole('button', { name: 'Connect Bank Account' });
    this.confirmDialog = page.getByRole('alertdialog');
  }

  async goto(): Promise<void> {
    await this.page.goto('/#/home');
    await this.waitToLoad();
  }

  async waitToLoad(): Promise<void> {
    await expect(this.page).toHaveURL(routeUrl('/home'));
    await expect(this.heading).toBeVisible();
    await expect(this.page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  }

  manualRow(name: string): Locator {
    return this.manualRows.filter({ has: this.page.getByText(name, { exact: true }) });
  }
}
