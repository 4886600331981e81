// Issue 24: the 50/30/20 view measured against income. A user with a stated income who spends and
// moves money to savings sees the verdicts and dollars left the rules give (worked out here, apart
// from the app's helpers); "Last 90 days" compares 90 days of spending with 90 days of income; the
// whole budget survives a logout and a sign-in on a fresh device, and stays editable from Home.
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { HomePage } from './pages/home-page';
import { LoginPage } from './pages/login-page';
import { ArticlePage } from './pages/quest-subpages';
import type { BankRow } from '../support/browser/bank';
import { withoutOwnTransfers } from '../support/browser/bank';
import { routeUrl, storageValue, type TestUser } from '../support/browser/users';

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const dayKey = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const SAVINGS_TYPES = ['savings', 'money market', 'cd', 'hsa', 'cash management'];

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: `/tmp/i24-shots/${info.project.name}-${name}.png`, fullPage: true });
}

/** Net cents moved into the user's own savings-type accounts between two days. */
async function savedByTransfer(request: APIRequestContext, user: TestUser, start: string, end: string) {
  const headers = { Authorization: `Bearer ${user.token}` };
  const rows = (await (await request.get('/api/plaid/transactions', { headers })).json()) as BankRow[];
  const raw = (await (await request.get('/api/plaid/accounts', { headers })).json()) as
    { id: string; subtype: string | null }[] | { accounts: { id: string; subtype: string | null }[] };
  const accounts = Array.isArray(raw) ? raw : raw.accounts;
  const savings = new Set(
    accounts.filter((a) => SAVINGS_TYPES.includes((a.subtype ?? '').toLowerCase())).map((a) => a.id),
  );
  const kept = new Set(withoutOwnTransfers(rows));
  let cents = 0;
  for (const r of rows) {
    if (kept.has(r) || r.date < start || r.date > end || !savings.has(r.account_id)) continue;
    cents -= Math.round(r.amount * 100);
  }
  return cents;
}

async function addExpense(request: APIRequestContext, user: TestUser, amount: number, category: string) {
  const res = await request.post('/api/transactions/manual', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { amount, category, name: `${category} test`, date: new Date().toISOString() },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('a user with a stated income of $4,000 a month and a bank', () => {
  test.use({
    session: 'bank-linked',
    progress: {
      user_xp: '0',
      userGoal: 'Track Spending',
      budget_income: '4000',
      budget_frequency: 'monthly',
    },
  });

  test('when they spend and move money to savings, then Home shows the verdicts and dollars left against income', async ({
    page,
    request,
    user,
    home,
  }, info) => {
    await addExpense(request, user, 2100, 'Need');
    await addExpense(request, user, 788, 'Want');
    const now = new Date();
    const start = dayKey(new Date(now.getFullYear(), now.getMonth(), 1));
    const end = dayKey(new Date(now.getFullYear(), now.getMonth() + 1, 0));
    const saved = await savedByTransfer(request, user, start, end);

    await home.goto();
    await expect(home.breakdown.getByTestId('income-source')).toHaveText(
      'Based on your stated income: $4,000.00 for this month.',
    );
    const row = (group: string) => home.analysisTable.getByRole('row', { name: new RegExp(`^${group}`) });
    await expect(row('Wants')).toContainText('$788.00, 20% of income');
    await expect(row('Wants')).toContainText('Good');
    await expect(row('Needs')).toContainText('Above target');
    await expect(home.breakdown.getByText('Wants: $412.00 left of $1,200.00')).toBeVisible();
    await expect(home.breakdown.getByText('Needs: $100.00 over $2,000.00')).toBeVisible();
    // Savings: the moves into the savings account count (the sandbox makes some this month).
    await expect(row('Savings')).toContainText(
      `${usd(saved)}, ${Math.round((saved * 100) / 400_000)}% of income`,
    );
    await expect(row('Savings')).toContainText(
      saved > 80_000 ? 'Good' : saved < 80_000 ? 'Needs attention' : 'On target',
    );
    await expect(
      home.breakdown.getByText(
        saved < 80_000
          ? `Savings: ${usd(80_000 - saved)} to go of $800.00`
          : `Savings: ${usd(saved - 80_000)} above the $800.00 target`,
      ),
    ).toBeVisible();
    // Unsorted bank money is its own line with its ways to sort it.
    const unsorted = home.breakdown.getByTestId('unsorted-line');
    await expect(unsorted.getByRole('link', { name: 'Sort them in the Category Matcher' })).toBeVisible();
    await expect(unsorted.getByRole('link', { name: 'on the Transactions page' })).toBeVisible();
    await shot(page, info, 'home-income');
  });

  test('when they switch to the last 90 days, then 90 days of spending meet 90 days of income', async ({
    page,
    home,
  }, info) => {
    await home.goto();
    await expect(home.breakdown.getByTestId('income-source')).toContainText('$4,000.00 for this month');
    await home.period('Last 90 days').check();
    // $48,000 a year over 90 of 365 days.
    const income = usd(Math.round((4_800_000 * 90) / 365));
    await expect(home.breakdown.getByTestId('income-source')).toHaveText(
      `Based on your stated income: ${income} for the last 90 days.`,
    );
    await expect(home.breakdown.locator('.indicator-detail')).toContainText(`of ${income} income`);
    await shot(page, info, 'home-90-days');
  });
});

/** A second browser, with nothing stored, on the same viewport. */
async function freshBrowser(browser: Browser, page: Page) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: page.viewportSize(),
    serviceWorkers: 'block',
  });
  return { context, page: await context.newPage() };
}

test.describe('a player with a whole budget', () => {
  test.use({
    session: 'signed-in',
    progress: {
      user_xp: '0',
      userGoal: 'Track Spending',
      budget_income: '1200',
      budget_frequency: 'biweekly',
      yearly_income: '48000',
      yearly_income_budget: '{"monthly":4000,"needs":2000,"wants":1200,"savings":800}',
      monthly_spending_guess: '2250',
      emergency_fund_goal_amount: '5000',
    },
  });

  test('when they log out and sign in on a fresh device, then the whole budget is back and editable from Home', async ({
    page,
    browser,
    user,
    home,
    profile,
  }) => {
    await home.goto();
    await expect(home.budgetCard).toContainText('Based on $2,600.00 monthly income');
    await profile.goto();
    await profile.logout.click();
    await expect(page).toHaveURL(routeUrl('/login'));

    const fresh = await freshBrowser(browser, page);
    try {
      const login = new LoginPage(fresh.page);
      await login.goto();
      await login.signIn(user.email, user.password);
      await expect(fresh.page).toHaveURL(routeUrl('/'));
      const expected = {
        budget_income: '1200',
        budget_frequency: 'biweekly',
        yearly_income: '48000',
        monthly_spending_guess: '2250',
        emergency_fund_goal_amount: '5000',
      };
      for (const [key, value] of Object.entries(expected)) {
        await expect.poll(() => storageValue(fresh.page, key), { message: key }).toBe(value);
      }
      expect(JSON.parse((await storageValue(fresh.page, 'yearly_income_budget')) ?? 'null')).toMatchObject({
        monthly: 4000,
      });

      const freshHome = new HomePage(fresh.page);
      await freshHome.goto();
      await expect(freshHome.budgetCard).toContainText('Based on $2,600.00 monthly income');
      await expect(freshHome.breakdown.getByTestId('income-source')).toContainText(
        'Based on your stated income: $2,600.00 for this month.',
      );
      // The budget can be changed from Home at any time.
      await freshHome.breakdown.getByRole('button', { name: 'Edit budget' }).click();
      const dialog = fresh.page.getByRole('dialog', { name: 'Edit budget' });
      await expect(dialog.getByLabel('Income')).toHaveValue('1200');
      await dialog.getByLabel('Income').fill('3000');
      await dialog.getByLabel('How often are you paid?').selectOption({ label: 'Monthly' });
      await dialog.getByRole('button', { name: 'Save budget' }).click();
      await expect(freshHome.budgetCard).toContainText('Based on $3,000.00 monthly income');
      await expect(freshHome.breakdown.getByTestId('income-source')).toContainText(
        '$3,000.00 for this month',
      );
    } finally {
      await fresh.context.close();
    }
  });
});

test.describe('a player paid $925 a week who also did the Yearly Income quest for $48,000', () => {
  test.use({
    session: 'signed-in',
    progress: {
      user_xp: '0',
      userGoal: 'Track Spending',
      budget_income: '925',
      budget_frequency: 'weekly',
      yearly_income: '48000',
      yearly_income_budget: '{"monthly":4000,"needs":2000,"wants":1200,"savings":800}',
    },
  });

  test('when they look at Home, the article and the guess quest, then all three say the same monthly income', async ({
    page,
    home,
    quests,
  }) => {
    // $925 x 52 / 12 = $4,008.33: the budget wins over the yearly figure, everywhere.
    await home.goto();
    await expect(home.breakdown.getByTestId('income-source')).toHaveText(
      'Based on your stated income: $4,008.33 for this month.',
    );
    await expect(home.budgetCard).toContainText('Based on $4,008.33 monthly income');

    await new ArticlePage(page).goto();
    await expect(page.getByTestId('your-split')).toHaveText(
      'With your stated income of $4,008.33 a month, that is $2,004.17 for needs, $1,202.50 for wants and $801.66 for savings.',
    );

    await quests.goto();
    await quests.start('Spending Guesstimate');
    const dialog = quests.dialog('Spending Guesstimate');
    await dialog.getByRole('radio', { name: '$5,000' }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toContainText('$4,008.33');
  });
});
