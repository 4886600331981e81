// Home as a dashboard (issue 9): the goal banner and modal, the spending breakdown checked against
// the user's transactions computed here independently, the period switch, the budget card and the
// indicator, for a user with a sandbox bank and for one without.
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import type { TestUser } from '../support/browser/users';
import { withoutOwnTransfers, type BankRow } from '../support/browser/bank';

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** YYYY-MM-DD of a local date (the browser runs in this machine's zone too). */
const dayKey = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

interface Row {
  amount: number;
  date: string;
  label: string | null | undefined;
  /** Net money moved into an own savings-type account (issue 24): Savings, but not spending. */
  saved?: boolean;
}

/** Spending per group in cents between two day keys, written apart from the app's own helpers. */
function expectedSpending(rows: Row[], start: string, end: string) {
  const groups: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(r.date) ? r.date : dayKey(new Date(r.date));
    if (day < start || day > end) continue;
    if (r.saved) {
      groups.Savings = (groups.Savings ?? 0) + Math.round(r.amount * 100);
      continue;
    }
    if (r.amount <= 0 || r.label === 'Income') continue;
    const group =
      r.label === 'Need'
        ? 'Needs'
        : r.label === 'Want'
          ? 'Wants'
          : r.label === 'Savings'
            ? 'Savings'
            : 'Unsorted';
    const cents = Math.round(r.amount * 100);
    groups[group] = (groups[group] ?? 0) + cents;
    total += cents;
  }
  return { groups, total };
}

async function allRows(request: APIRequestContext, user: TestUser): Promise<Row[]> {
  const headers = { Authorization: `Bearer ${user.token}` };
  const all = (await (await request.get('/api/plaid/transactions', { headers })).json()) as BankRow[];
  const bank = withoutOwnTransfers(all);
  const accounts = (await (await request.get('/api/plaid/accounts', { headers })).json()) as {
    id: string;
    subtype: string | null;
  }[];
  const savingsAccounts = new Set(accounts.filter((a) => a.subtype === 'savings').map((a) => a.id));
  // Both sides of an own transfer on a savings account: arriving adds to Savings, leaving takes away.
  const moved = all.filter((t) => !bank.includes(t) && savingsAccounts.has(t.account_id));
  const manual = (await (await request.get('/api/transactions/manual', { headers })).json()) as {
    amount: number;
    date: string;
    budget_category: string;
  }[];
  return [
    ...bank.map((t) => ({ amount: t.amount, date: t.date, label: t.budget_category })),
    ...moved.map((t) => ({ amount: -t.amount, date: t.date, label: 'Savings', saved: true })),
    ...manual.map((m) => ({ amount: m.amount, date: m.date, label: m.budget_category })),
  ];
}

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: `/tmp/i9-shots/${info.project.name}-${name}.png`, fullPage: true });
}

test.describe('a user with a sandbox bank', () => {
  test.use({ session: 'bank-linked' });

  test('when Home opens, then every part shows and the chart matches the transactions', async ({
    page,
    request,
    user,
    home,
  }, info) => {
    await home.goto();
    // The stored 'Track Spending' of Home's former list reads as the one list's goal.
    await expect(home.goalBanner).toContainText('Track and reduce spending');
    await expect(home.recentRows).toHaveCount(5);
    await expect(home.viewAll).toBeVisible();
    await expect(home.refresh).toBeVisible();
    await expect(home.enterExpense).toBeVisible();
    await expect(home.connect).toHaveCount(0);
    await expect(home.period('This month')).toBeChecked();

    const rows = await allRows(request, user);
    const now = new Date();
    const monthStart = dayKey(new Date(now.getFullYear(), now.getMonth(), 1));
    const monthEnd = dayKey(new Date(now.getFullYear(), now.getMonth() + 1, 0));
    const month = expectedSpending(rows, monthStart, monthEnd);
    await expect(home.spendingTotal).toHaveText(usd(month.total));
    for (const [group, cents] of Object.entries(month.groups)) {
      expect(await home.groupAmount(group)).toBe(usd(cents));
    }
    await shot(page, info, 'home-bank');

    await home.period('Last 90 days').check();
    const start90 = dayKey(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 89));
    const last90 = expectedSpending(rows, start90, dayKey(now));
    expect(last90.total).toBeGreaterThan(0);
    await expect(home.spendingTotal).toHaveText(usd(last90.total));
    for (const [group, cents] of Object.entries(last90.groups)) {
      expect(await home.groupAmount(group)).toBe(usd(cents));
    }
    // The sandbox's rows arrive unlabelled: Home says so and points to the matcher.
    if (last90.groups.Unsorted) {
      await expect(
        home.breakdown.getByRole('link', { name: 'Sort them in the Category Matcher' }),
      ).toBeVisible();
    }
    // The sandbox pays a salary, so the bank's income drives the indicator when no budget is stored.
    await expect(home.breakdown.getByTestId('income-source')).toContainText(
      'Based on what your bank received:',
    );
  });

  test('when they add an expense from Home, then the celebration ends with Done instead of a connect offer', async ({
    page,
    home,
    expenseModal: modal,
  }, info) => {
    const chunks: string[] = [];
    page.on('request', (r) => chunks.push(r.url()));
    await home.goto();
    await expect(home.recentRows).toHaveCount(5);
    expect(chunks.some((u) => u.includes('framer-motion'))).toBe(false);

    await home.enterExpense.click();
    await modal.fill('4.20', 'Savings', 'Piggy bank');
    await modal.done.click();
    await expect(modal.celebration.getByRole('heading', { name: 'Expense Saved!' })).toBeFocused();
    // The celebration moves on by itself after about three seconds: read it before the full-page
    // screenshot, which took longer than that on a slow machine.
    const reward = await modal.reward();
    await expect(modal.celebration.getByText(`+${reward.xp} XP`)).toBeVisible();
    await shot(page, info, 'celebration');
    expect(chunks.some((u) => u.includes('framer-motion'))).toBe(true);

    await expect(modal.bankDone).toBeVisible();
    await expect(modal.bankDone).toContainText('transactions arrive on their own');
    await expect(modal.offer).toHaveCount(0);
    await shot(page, info, 'bank-done');
    await modal.bankDone.getByRole('button', { name: 'Done' }).click();
    await expect(home.manualRow('Piggy bank')).toHaveCount(1);
  });
});

test.describe('a user without a bank', () => {
  test.use({ session: 'signed-in' });

  test('when they add expenses and change the goal, then the chart, list and banner follow', async ({
    page,
    home,
    expenseModal: modal,
  }, info) => {
    await home.goto();
    await expect(home.connect).toBeVisible();
    await expect(home.breakdown.getByText('No data available').first()).toBeVisible();
    await expect(home.spendingTotal).toHaveText('$0.00');

    for (const [amount, category, name] of [
      ['12.50', 'Need', 'Groceries'],
      ['7.25', 'Want', 'Cinema'],
    ] as const) {
      await home.enterExpense.click();
      await modal.fill(amount, category, name);
      await modal.done.click();
      await expect(modal.celebration).toBeVisible();
      await modal.skip.click();
      await expect(home.manualRow(name)).toHaveCount(1);
    }
    await expect(home.spendingTotal).toHaveText('$19.75');
    expect(await home.groupAmount('Needs')).toBe('$12.50');
    expect(await home.groupAmount('Wants')).toBe('$7.25');
    // 12.50 / 19.75 = 63.3%, 7.25 / 19.75 = 36.7%: whole percentages 63 and 37.
    await expect(home.breakdownTable.getByRole('row', { name: /^Needs/ })).toContainText('63%');
    // No income is known: the shares are of the sorted spending, and named so (issue 24).
    await expect(home.breakdown.getByTestId('income-source')).toContainText('No income known yet');
    await expect(home.analysisTable.getByRole('row', { name: /^Wants/ })).toContainText(
      '37% of sorted spending',
    );
    await expect(home.analysisTable.getByRole('row', { name: /^Wants/ })).toContainText('Needs attention');
    await shot(page, info, 'home-manual');

    await home.goalBanner.click();
    await expect(home.goalDialog).toBeVisible();
    await home.goalDialog.getByRole('button', { name: 'Build an emergency fund' }).click();
    await expect(home.goalDialog).toHaveCount(0);
    await expect(home.goalBanner).toContainText('Build an emergency fund');
    await page.reload();
    await expect(home.goalBanner).toContainText('Build an emergency fund');
  });

  test.describe('with no goal saved', () => {
    test.use({ progress: { user_xp: '0' } });
    test('when Home opens, then the goal modal asks for one and the choice is kept', async ({
      page,
      home,
    }, info) => {
      await home.goto();
      await expect(home.goalDialog).toBeVisible();
      await shot(page, info, 'goal-modal');
      await home.goalDialog.getByRole('button', { name: 'Save for a big purchase' }).click();
      await expect(home.goalBanner).toContainText('Save for a big purchase');
      await page.reload();
      await home.waitToLoad();
      await expect(home.goalDialog).toHaveCount(0);
    });

    test("when Home opens, then the goal modal offers the tour's five goals and closes by its button, a tap or click outside and Escape", async ({
      page,
      home,
    }, info) => {
      await home.goto();
      await expect(home.goalDialog.getByRole('listitem')).toHaveText([
        'Save for a big purchase',
        'Track and reduce spending',
        'Build an emergency fund',
        'Learn budgeting basics',
        'Improve financial habits',
      ]);
      await home.goalDialog.getByRole('button', { name: 'Close' }).click();
      await expect(home.goalDialog).toHaveCount(0);
      await expect(home.goalBanner).toContainText('Choose a goal');

      // Outside the dialog: a tap on a phone, a click on a desktop, in the backdrop's corner.
      await home.goalBanner.click();
      await expect(home.goalDialog).toBeVisible();
      const outside = { x: 8, y: page.viewportSize()!.height - 8 };
      if (info.project.name === 'phone') await page.touchscreen.tap(outside.x, outside.y);
      else await page.mouse.click(outside.x, outside.y);
      await expect(home.goalDialog).toHaveCount(0);

      // A press inside the dialog is not a click outside.
      await home.goalBanner.click();
      await home.goalDialog.getByRole('heading').click();
      await expect(home.goalDialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(home.goalDialog).toHaveCount(0);
      await expect(home.goalBanner).toBeFocused();
    });
  });

  test.describe('with a budget stored', () => {
    test.use({
      progress: {
        user_xp: '0',
        userGoal: 'Track Spending',
        budget_income: '1200',
        budget_frequency: 'biweekly',
      },
    });
    test('when Home opens, then the monthly budget card shows the monthly equivalent and the indicator a label', async ({
      page,
      home,
    }, info) => {
      await home.goto();
      await expect(home.budgetCard).toContainText('Based on $2,600.00 monthly income');
      await expect(home.budgetCard).toContainText('$1,300.00');
      await expect(home.breakdown.getByText('On track: at least 20% of your income is left')).toBeVisible();
      await shot(page, info, 'home-budget');
    });
  });

  test.describe('with a corrupt budget stored', () => {
    test.use({
      progress: {
        user_xp: '0',
        userGoal: 'Track Spending',
        budget_income: 'abc',
        budget_frequency: 'daily',
        yearly_income_budget: '{"monthly":-4}',
      },
    });
    test('when Home opens, then there is no budget and Home still works', async ({ home }) => {
      await home.goto();
      await expect(home.breakdown).toBeVisible();
      await expect(home.budgetCard).toHaveCount(0);
      await expect(home.breakdown.getByText(/of your income/)).toHaveCount(0);
    });
  });
});
