// The Transactions page as a list people work with (issue 12): relabel a row and see Home and the
// matcher follow without a reload, label five rows at once, search and filter (in the URL, so a
// link restores the view), transfers between own accounts marked and not counted, keyboard-only
// relabelling, and failures (server error, a row a sync removed) rolled back with a message.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { withoutOwnTransfers } from '../support/browser/bank';
import type { TransactionsPage } from './pages/transactions-page';

const FAILED = 'Failed to update transaction categories. Please try again.';
/** A category badge's text: an icon, then the category. */
const badge = (category: string) => new RegExp(`(^|\\s)${category}$`);
const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

interface ApiTx {
  plaidId: string;
  name: string;
  merchant_name: string | null;
  amount: number;
  date: string;
  account_id: string;
  personal_finance_category: string | null;
  budget_category: string | null;
  pending: boolean;
}

async function apiTransactions(request: APIRequestContext, token: string): Promise<ApiTx[]> {
  const res = await request.get('/api/plaid/transactions', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiTx[];
}
const shownName = (t: ApiTx) => t.merchant_name || t.name;

/**
 * A posted expense of the last two months (2 to 60 days old, so inside Home's "Last 90 days"
 * whatever the day of the month and the zone), not a transfer, that no other row matches by name
 * and amount. ("This month" has no posted expense on the first day of a month.)
 */
function recentExpense(all: ApiTx[]): ApiTx {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const [from, to] = [day(60), day(2)];
  const same = (x: ApiTx, y: ApiTx) => shownName(x) === shownName(y) && x.amount === y.amount;
  const t = withoutOwnTransfers(all).find(
    (x) =>
      x.amount > 0 &&
      !x.pending &&
      x.date >= from &&
      x.date <= to &&
      all.filter((y) => same(x, y)).length === 1,
  );
  expect(t, 'the sandbox has a posted expense in the last two months').toBeTruthy();
  return t!;
}

/** The row of `t` (by name and signed amount); only rows near the viewport are in the page. */
const rowOf = (tx: TransactionsPage, t: ApiTx) =>
  tx.rows.filter({ hasText: shownName(t) }).filter({ hasText: `\u2212${usd(t.amount)}` });

/** Searches for `t` and returns its row. */
async function findRow(tx: TransactionsPage, t: ApiTx): Promise<Locator> {
  await tx.search.fill(shownName(t));
  const row = rowOf(tx, t);
  await expect(row).toHaveCount(1);
  return row;
}

/** Picks `label` from a row's label menu with the pointer. */
async function relabel(tx: TransactionsPage, row: Locator, label: string) {
  await tx.labelButton(row).click();
  await tx.labelMenu().getByRole('menuitemradio', { name: label }).click();
}

test.use({ session: 'bank-linked' });

test.describe('relabelling from the list', () => {
  test('when a row is labelled Need, then its badge, the matcher queue and Home’s chart (last 90 days) change without a reload', async ({
    page,
    request,
    user,
    transactions: tx,
    home,
  }) => {
    const all = await apiTransactions(request, user.token);
    const target = recentExpense(all);
    // Own transfers are not the matcher's cards (issue 24).
    const cards = withoutOwnTransfers(all).length;
    await tx.goto();
    const matcher = page.getByRole('region', { name: 'Category Matcher' });
    await expect(matcher).toContainText(`Sort ${cards} transactions`);

    const row = await findRow(tx, target);
    await expect(row.getByText(badge('Uncategorized'))).toBeVisible();
    await relabel(tx, row, 'Need');
    await expect(row.getByText(badge('Need'))).toBeVisible();
    await expect(matcher).toContainText(`Sort ${cards - 1} transactions`);
    await expect
      .poll(
        async () =>
          (await apiTransactions(request, user.token)).find((t) => t.plaidId === target.plaidId)
            ?.budget_category,
      )
      .toBe('Need');
    // Nothing else changed.
    const after = await apiTransactions(request, user.token);
    expect(after.filter((t) => t.budget_category !== null).map((t) => t.plaidId)).toEqual([target.plaidId]);

    await tx.navLink('Home').click();
    await home.waitToLoad();
    await home.period('Last 90 days').check();
    await expect.poll(() => home.groupAmount('Needs')).toBe(usd(target.amount));
  });

  test('when the matcher later shows another row of the same merchant, then it suggests the label given here', async ({
    page,
    request,
    user,
    transactions: tx,
  }) => {
    const all = await apiTransactions(request, user.token);
    // Every row but one merchant's is labelled through the API; one of that merchant's rows is
    // labelled Savings here (no rule suggests Savings for a shop); its newest row is the first card.
    const merchant = all.find(
      (t) =>
        t.merchant_name && t.amount > 0 && all.filter((x) => x.merchant_name === t.merchant_name).length >= 2,
    )!.merchant_name!;
    const mine = all.filter((t) => t.merchant_name === merchant);
    const others = all.filter((t) => t.merchant_name !== merchant);
    const res = await request.post('/api/plaid/update-transaction-categories', {
      headers: { Authorization: `Bearer ${user.token}` },
      data: { categories: others.map((t) => ({ plaidId: t.plaidId, budget_category: 'Income' })) },
    });
    expect(res.status()).toBe(200);
    await tx.goto();
    await tx.filter('Label').selectOption('uncategorized');
    await expect(tx.summary).toContainText(`${mine.length} transactions of ${all.length}`);
    await tx.labelButton(tx.rows.nth(1)).click();
    await tx.labelMenu().getByRole('menuitemradio', { name: 'Savings' }).click();
    await expect(tx.summary).toContainText(`${mine.length - 1} transaction`);

    const matcher = page.getByRole('region', { name: 'Category Matcher' });
    await matcher.getByRole('button', { name: 'Start' }).click();
    await expect(matcher.getByRole('button', { name: 'Savings (suggested)' })).toBeVisible();
  });

  test('when five rows are selected and labelled Want, then exactly those five change', async ({
    request,
    user,
    transactions: tx,
  }) => {
    await tx.goto();
    await tx.filter('Label').selectOption('uncategorized');
    const total = (await apiTransactions(request, user.token)).length;
    await expect(tx.summary).toContainText(`${total} transactions of ${total}`);
    const names: string[] = [];
    for (let i = 0; i < 5; i++) {
      await tx.rows.nth(i).getByRole('checkbox').check();
      names.push((await tx.rows.nth(i).locator('.tx-name').textContent()) ?? '');
    }
    await expect(tx.list.getByText('5 selected')).toBeVisible();
    await tx.bulkLabel('Want').click();
    // They leave the "uncategorized only" view at once.
    await expect(tx.summary).toContainText(`${total - 5} transactions of ${total}`);
    await expect
      .poll(
        async () =>
          (await apiTransactions(request, user.token)).filter((t) => t.budget_category === 'Want').length,
      )
      .toBe(5);
    const after = await apiTransactions(request, user.token);
    expect(after.filter((t) => t.budget_category !== null && t.budget_category !== 'Want')).toEqual([]);

    await tx.filter('Label').selectOption('want');
    await expect(tx.summary).toContainText(`5 transactions of ${total}`);
    for (const n of names) await expect(tx.rows.filter({ hasText: n }).first()).toBeVisible();
  });

  test('when relabelling by keyboard only, then Enter opens the menu, arrows choose and focus comes back', async ({
    page,
    request,
    user,
    transactions: tx,
  }) => {
    const target = recentExpense(await apiTransactions(request, user.token));
    await tx.goto();
    await tx.search.focus();
    await page.keyboard.type(shownName(target));
    const row = rowOf(tx, target);
    await expect(row).toHaveCount(1);
    const button = tx.labelButton(row);
    for (let i = 0; i < 12 && !(await button.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    const menu = tx.labelMenu();
    await expect(menu.getByRole('menuitemradio', { name: 'Uncategorized' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitemradio', { name: 'Savings' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveCount(0);
    await expect(row.getByText(badge('Savings'))).toBeVisible();
    await expect(button).toBeFocused();
    // Escape closes without a change.
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect
      .poll(
        async () =>
          (await apiTransactions(request, user.token)).find((t) => t.plaidId === target.plaidId)
            ?.budget_category,
      )
      .toBe('Savings');
  });
});

test.describe('failures', () => {
  test('when the update fails on the server, then the row goes back and the spec’s message shows', async ({
    page,
    request,
    user,
    transactions: tx,
  }) => {
    const target = recentExpense(await apiTransactions(request, user.token));
    await page.route('**/api/plaid/update-transaction-categories', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'boom' }),
      }),
    );
    await tx.goto();
    const row = await findRow(tx, target);
    await relabel(tx, row, 'Want');
    await expect(tx.notice(FAILED)).toBeVisible();
    await expect(row.getByText(badge('Uncategorized'))).toBeVisible();
    await expect(row.getByText(badge('Want'))).toHaveCount(0);
  });

  test('when the row was removed by a sync a moment ago, then nothing changes and the list says so', async ({
    request,
    user,
    transactions: tx,
  }) => {
    const before = await apiTransactions(request, user.token);
    await tx.goto();
    await expect(tx.rows.first()).toBeVisible();
    // The next sync (made behind the page's back) removes a transaction the page still shows.
    const sync = await request.get('/api/plaid/fetch-transactions', {
      headers: { Authorization: `Bearer ${user.token}` },
    });
    expect(sync.status()).toBe(200);
    const after = await apiTransactions(request, user.token);
    const removed = before.find(
      (t) =>
        !after.some((a) => a.plaidId === t.plaidId) &&
        !t.pending &&
        t.amount > 0 &&
        [...before, ...after].filter((b) => shownName(b) === shownName(t) && b.amount === t.amount).length ===
          1,
    );
    expect(removed, 'the sandbox removes a posted transaction on the next sync').toBeTruthy();

    const row = await findRow(tx, removed!);
    await relabel(tx, row, 'Need');
    await expect(tx.notice('no longer at your bank')).toBeVisible();
    // The list reloads without it; nothing else was labelled.
    await expect(row).toHaveCount(0);
    const now = await apiTransactions(request, user.token);
    expect(now.filter((t) => t.budget_category !== null)).toEqual([]);
  });
});

test.describe('finding transactions', () => {
  test('when searching and filtering, then the URL holds the view and opening it again restores it', async ({
    page,
    request,
    user,
    transactions: tx,
  }) => {
    const all = await apiTransactions(request, user.token);
    const accounts = (await (
      await request.get('/api/plaid/accounts', { headers: { Authorization: `Bearer ${user.token}` } })
    ).json()) as { id: string; name: string; mask: string }[];
    const savings = accounts.find((a) => a.name === 'High Yield Savings')!;
    await tx.goto();
    await tx.search.fill('transfer');
    await tx.filter('Account').selectOption(savings.id);
    await tx.filter('Status').selectOption('posted');
    const expected = all.filter(
      (t) =>
        /transfer/i.test(`${t.name} ${t.merchant_name ?? ''}`) && t.account_id === savings.id && !t.pending,
    );
    expect(expected.length).toBeGreaterThan(0);
    await expect(tx.summary).toContainText(`${expected.length} transactions of ${all.length}`);
    await expect(page).toHaveURL(/q=transfer/);
    await expect(page).toHaveURL(new RegExp(`account=${savings.id}`));
    await expect(page).toHaveURL(/status=posted/);
    // Each row names its account, with the mask.
    await expect(tx.rows.first()).toContainText(`High Yield Savings ••${savings.mask}`);
    // Rows sit under day headings.
    await expect(tx.dayHeadings().first()).toBeVisible();

    const shared = page.url();
    const other = await page.context().newPage();
    await other.goto(shared);
    const again = new (tx.constructor as new (p: Page) => TransactionsPage)(other);
    await expect(again.summary).toContainText(`${expected.length} transactions of ${all.length}`);
    await expect(again.search).toHaveValue('transfer');
    await expect(again.filter('Status')).toHaveValue('posted');
    await expect(again.filter('Account')).toHaveValue(savings.id);
    await other.close();
  });

  test('when the URL or the search holds odd input, then the list stays up with an empty result or a note', async ({
    page,
    request,
    user,
    transactions: tx,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const all = await apiTransactions(request, user.token);
    await page.goto('/#/transactions?label=luxury&account=not-mine&q=');
    await tx.waitToLoad();
    await expect(tx.list.getByRole('status').filter({ hasText: 'left out' })).toContainText('label, account');
    await expect(tx.summary).toContainText(`${all.length} transactions`);

    for (const text of ['(.*', '[', '\\', '🍕🍕', 'é'.repeat(500)]) {
      await tx.search.fill(text);
      await expect(tx.list.getByText('No transactions match your search and filters.')).toBeVisible();
    }
    // The box keeps at most 200 characters.
    expect((await tx.search.inputValue()).length).toBe(200);
    await tx.list.getByRole('button', { name: 'Show all transactions' }).click();
    await expect(tx.summary).toContainText(`${all.length} transactions`);
    expect(errors).toEqual([]);
  });

  test('when transfers between own accounts are shown, then they are marked and left out of the totals', async ({
    request,
    user,
    transactions: tx,
  }) => {
    const all = await apiTransactions(request, user.token);
    const counted = withoutOwnTransfers(all);
    const transfers = all.length - counted.length;
    expect(transfers).toBeGreaterThanOrEqual(2);
    const cents = (xs: ApiTx[]) => xs.reduce((s, t) => s + Math.round(t.amount * 100), 0);
    const spent = cents(counted.filter((t) => t.amount > 0)) / 100;
    const received = -cents(counted.filter((t) => t.amount < 0)) / 100;

    await tx.goto();
    await expect(tx.summary).toContainText(`Spent ${usd(spent)}`);
    await expect(tx.summary).toContainText(`Received ${usd(received)}`);
    await expect(tx.summary).toContainText(`${transfers} transfers between your accounts not counted`);

    await tx.search.fill('Transfer to Savings');
    await expect(tx.rows.first().getByText(badge('Transfer'))).toBeVisible();
    await expect(tx.summary).toContainText('Spent $0.00');
  });
});

test.describe("a merchant's other transactions (issue 25)", () => {
  test("when a row is relabelled, then the same merchant's other rows are offered the label; No thanks leaves them, accepting labels them all", async ({
    request,
    user,
    transactions: tx,
  }) => {
    // Money out only: a payroll's rows show "+$" (rowOf finds spending), and which merchant comes
    // first depends on the day the sandbox dates its rows from. Posted rows of different amounts,
    // so rowOf tells them apart: the rent's rows are all alike, and on the first of a month its
    // newest row, dated today, came first (the test then relabelled the same row twice).
    const all = withoutOwnTransfers(await apiTransactions(request, user.token)).filter((t) => t.amount > 0);
    const key = (t: ApiTx) => shownName(t).trim().toLowerCase();
    const distinct = (k: string) => {
      const mine = all.filter((t) => key(t) === k);
      const amounts = mine.map((t) => t.amount);
      return mine.length >= 3 && mine.every((t) => !t.pending) && new Set(amounts).size === amounts.length;
    };
    const merchant = [...new Set(all.map(key))].find(distinct);
    expect(
      merchant,
      'the sandbox has a merchant with three or more transactions of different amounts',
    ).toBeTruthy();
    const rows = all.filter((t) => key(t) === merchant);
    const name = shownName(rows[0]);
    await tx.goto();
    await tx.search.fill(name);
    const offer = tx.page.getByRole('region', { name: `Label other ${name} transactions` });

    await relabel(tx, rowOf(tx, rows[0]).first(), 'Want');
    await expect(offer).toContainText(`Label the ${rows.length - 1} other ${name} transactions as Want too?`);
    await offer.getByRole('button', { name: 'No thanks' }).click();
    await expect(offer).toHaveCount(0);
    const labelled = async () =>
      (await apiTransactions(request, user.token)).filter(
        (t) => key(t) === merchant && t.budget_category === 'Want',
      ).length;
    await expect.poll(labelled).toBe(1);

    await relabel(tx, rowOf(tx, rows[1]).first(), 'Want');
    // One row left is said in the singular ("the other Uber transaction").
    const rest = rows.length - 2;
    await expect(offer).toContainText(
      rest === 1
        ? `Label the other ${name} transaction as Want too?`
        : `Label the ${rest} other ${name} transactions as Want too?`,
    );
    // The offer sits clear of the Add Expense button.
    const [box, fab] = [(await offer.boundingBox())!, (await tx.addExpense.boundingBox())!];
    expect(box.y + box.height).toBeLessThanOrEqual(fab.y);
    await offer.getByRole('button', { name: /^Label (all \d+|it)$/ }).click();
    await expect(offer).toHaveCount(0);
    await expect.poll(labelled).toBe(rows.length);
    await expect(tx.rows.getByText(badge('Want'))).toHaveCount(await tx.rows.count());
  });
});
