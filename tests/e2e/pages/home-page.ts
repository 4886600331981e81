// Page object of /home: manual expenses, recent transactions, refresh and bank linking.
import { expect, type Locator, type Page } from '@playwright/test';
import { BasePage } from './base-page';

export class HomePage extends BasePage {
  readonly route = '/home';
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
  readonly goalBanner: Locator;
  readonly goalDialog: Locator;
  readonly breakdown: Locator;
  readonly spendingTotal: Locator;
  readonly breakdownTable: Locator;
  readonly analysisTable: Locator;
  readonly budgetCard: Locator;
  protected readonly ready: Locator;

  constructor(page: Page) {
    super(page);
    this.ready = this.heading('Home');
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
    this.goalBanner = page.getByRole('button', { name: /Change goal/ });
    this.goalDialog = page.getByRole('dialog', { name: 'What is your goal?' });
    this.breakdown = page.getByRole('region', { name: 'Spending breakdown' });
    this.spendingTotal = this.breakdown.getByTestId('spending-total');
    this.breakdownTable = this.breakdown.getByRole('table', { name: /^Spending by group/ });
    this.analysisTable = this.breakdown.getByRole('table').filter({ hasText: 'Budget Variance' });
    this.budgetCard = page.getByRole('region', { name: 'Your 50/30/20 Budget' });
  }

  period(name: 'This month' | 'Last month' | 'Last 90 days'): Locator {
    return this.breakdown.getByRole('radio', { name });
  }

  /** The hidden text table's amount for a group ('Needs', 'Uncategorized'...), or null if absent. */
  async groupAmount(group: string): Promise<string | null> {
    // The chart (and its text table) loads beside the page: wait until it is there.
    await expect(this.breakdownTable).toBeAttached();
    const row = this.breakdownTable.getByRole('row', { name: new RegExp(`^${group}`) });
    if ((await row.count()) === 0) return null;
    return (await row.getByRole('cell').first().textContent()) ?? null;
  }

  manualRow(name: string): Locator {
    return this.manualRows.filter({ has: this.page.getByText(name, { exact: true }) });
  }
}
