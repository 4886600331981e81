// Bills and subscriptions (issue 28): a user with the sandbox bank sees the streams the bank
// detected with their labels and the month's totals, reaches the view from Home and Transactions,
// reviews every subscription (the Subscription Check-up pays) and, once a subscription marked
// cancel misses its predicted date on the server's clock, is paid for it with Subscription Slayer.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { BillsPage } from './pages/bills-page';
import { addManualExpenseViaApi, addSandboxTransactions, linkedItemId } from '../support/browser/bank';
import { serverFollowsPageClock } from '../support/browser/clock';
import { requestFetcher, routeUrl, storageValue } from '../support/browser/users';
import { syncUntilReady } from '../support/accounts';

test.use({ session: 'bank-linked' });

const SHOTS = 'test-results/bills';
const SUBSCRIPTIONS = ['Netflix', 'Spotify', 'Planet Fitness'];
/** Netflix $15.49 + Spotify $11.99 + Planet Fitness $24.99, each monthly in the demo data. */
const SUBSCRIPTIONS_MONTHLY = '$52.47';
const SLAYER = 'Achievement Unlocked: Subscription Slayer! You earned 100 XP for cancelling a subscription!';

interface Row {
  plaidId: string;
  name: string;
  merchant_name: string | null;
  personal_finance_category: string | null;
}

/**
 * Labels the user's rows as a user would on Transactions: rent and utilities Need, pay Income,
 * the streaming, music and gym merchants (and `alsoWant`) Want.
 */
async function labelRows(request: APIRequestContext, token: string, alsoWant: string[] = []) {
  const headers = { Authorization: `Bearer ${token}` };
  const rows = (await (await request.get('/api/plaid/transactions', { headers })).json()) as Row[];
  const wants = new Set([...SUBSCRIPTIONS, ...alsoWant]);
  const categories = rows.flatMap((r) => {
    const merchant = r.merchant_name ?? r.name;
    if (wants.has(merchant) || alsoWant.some((w) => r.name.includes(w)))
      return [{ plaidId: r.plaidId, budget_category: 'Want' }];
    if (r.personal_finance_category === 'RENT_AND_UTILITIES')
      return [{ plaidId: r.plaidId, budget_category: 'Need' }];
    if (r.personal_finance_category === 'INCOME') return [{ plaidId: r.plaidId, budget_category: 'Income' }];
    return [];
  });
  const res = await request.post('/api/plaid/update-transaction-categories', {
    headers,
    data: { categories },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The bank's day as the sandbox counts it (UTC), `offset` days from now. */
const bankDay = (offset: number, from = Date.now()) =>
  new Date(from + offset * 86_400_000).toISOString().slice(0, 10);

test('when a linked user opens Bills and subscriptions, then each stream shows how often, how much, its label and the totals; Home and Transactions lead there', async ({
  page,
  request,
  user,
  home,
  transactions,
}, info) => {
  await labelRows(request, user.token);
  // A Want this month, so Home's line compares the subscriptions with a known month of Wants.
  await addManualExpenseViaApi(request, user.token, {
    amount: 120,
    category: 'Want',
    name: 'Concert tickets',
  });
  const bills = new BillsPage(page);

  // Home: the line and its link.
  await home.goto();
  const line = page.getByTestId('subscriptions-line');
  await expect(line).toHaveText(
    new RegExp(
      `^Subscriptions take \\${SUBSCRIPTIONS_MONTHLY} a month, \\d+% of this month's Wants\\. Review subscriptions$`,
    ),
  );
  await line.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-home-line.png` });
  await line.getByRole('link', { name: 'Review subscriptions' }).click();
  await bills.waitToLoad();
  await expect(page).toHaveTitle(/Bills and subscriptions/);

  // The streams: how often, the usual amount, the label; pay under Pay.
  for (const [name, amount] of [
    ['Netflix', '$15.49 monthly'],
    ['Spotify', '$11.99 monthly'],
    ['Planet Fitness', '$24.99 monthly'],
  ]) {
    const row = bills.moneyOut.getByRole('listitem', { name });
    await expect(row).toContainText(amount);
    await expect(row).toContainText('Want');
    await expect(row).toContainText(/Next: [A-Z][a-z]{2} \d{1,2}/);
  }
  await expect(bills.moneyOut.getByRole('listitem', { name: /Verizon/ })).toContainText(
    /\$45\.00 monthly.*Need/,
  );
  await expect(bills.pay.getByRole('listitem').first()).toContainText(/every 2 weeks.*Income.*Next pay: /);
  // The totals: subscriptions are the three Wants; each is a share of this month's income.
  await expect(bills.total('subscriptions')).toContainText(
    `Subscriptions (Wants)${SUBSCRIPTIONS_MONTHLY} a month`,
  );
  await expect(bills.total('subscriptions')).toContainText(/\d+% of this month's income/);
  await expect(bills.total('bills')).toContainText(
    /Bills \(Needs\)\$[\d,]+\.\d\d a month\d+% of this month's income/,
  );
  await expect(bills.checkupCount).toHaveText('0 of 3 reviewed this month');
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-view.png`, fullPage: true });

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  // Transactions: a visible link by the bank section.
  await transactions.goto();
  await page.getByRole('link', { name: 'Bills and subscriptions' }).click();
  await bills.waitToLoad();
});

test('when every subscription is reviewed, then the check-up pays; a cancelled one that misses its date pays once with Subscription Slayer', async ({
  page,
  request,
  user,
  quests,
  profile,
  login,
  home,
}, info) => {
  test.setTimeout(120_000);
  const start = Date.now();
  await page.clock.install({ time: start });
  await serverFollowsPageClock(page);
  // A weekly subscription of the user's own, charged 14 and 7 days ago and today.
  const itemId = await linkedItemId(request, user.token);
  await addSandboxTransactions(
    request,
    itemId,
    [-14, -7, 0].map((d) => ({ description: 'Streamly Plus', amount: 9.99, date: bankDay(d, start) })),
  );
  await syncUntilReady(requestFetcher(request), user.token);
  await labelRows(request, user.token, ['Streamly Plus']);
  const bills = new BillsPage(page);

  await bills.goto();
  const livesBefore = Number(await storageValue(page, 'userLives'));
  await expect(bills.checkupCount).toHaveText('0 of 4 reviewed this month');
  const streamly = bills.moneyOut.getByRole('listitem', { name: /Streamly/ });
  await expect(streamly).toContainText('$9.99 weekly');
  const streamlyName = (await streamly.locator('.stream-name').textContent())!.trim();

  // Keyboard: the toggles are buttons that say whether they are pressed.
  await bills.toggle('Netflix', 'Keep').focus();
  await page.keyboard.press('Enter');
  await expect(bills.toggle('Netflix', 'Keep')).toHaveAttribute('aria-pressed', 'true');
  await expect(bills.toggle('Netflix', 'Cancel')).toHaveAttribute('aria-pressed', 'false');
  await expect(bills.checkupCount).toHaveText('1 of 4 reviewed this month');
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-reviewing.png`, fullPage: true });
  await bills.toggle('Spotify', 'Keep').click();
  await bills.toggle('Planet Fitness', 'Keep').click();
  await expect(bills.checkupCount).toHaveText('3 of 4 reviewed this month');
  await bills.toggle(streamlyName, 'Cancel').click();
  await expect(bills.checkupCount).toHaveText('4 of 4 reviewed this month: check-up done, lives paid.');
  await expect(streamly).toContainText(/Cancelled: we'll check it stops after [A-Z][a-z]{2} \d{1,2}\./);
  await expect
    .poll(async () => Number(await storageValue(page, 'userLives')))
    .toBe(Math.min(5, livesBefore + 3));

  // The Quests page shows the check-up completed, with a way to the view.
  await quests.goto();
  const card = quests.card('Subscription Check-up');
  await expect(card).toContainText('Completed');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-quest-card.png` });

  // The predicted date (7 days on) passes with no charge, and the grace days too. The session
  // (7 days) has ended by then: the user signs in again and refreshes the bank data (the server
  // judges a missed date only on data fetched after it); the server, on its own clock, pays once
  // and announces Subscription Slayer once.
  await page.clock.setSystemTime(start + 12 * 86_400_000);
  await page.reload();
  await expect(page).toHaveURL(routeUrl('/login'));
  await login.signIn(user.email, user.password);
  await expect(page).toHaveURL(routeUrl('/'));
  await home.goto();
  await home.refresh.click();
  await expect(home.notice(SLAYER)).toBeVisible({ timeout: 20_000 });
  await bills.goto();
  await expect(streamly).toContainText('Stopped');
  await page.reload();
  await bills.waitToLoad();
  await expect(streamly).toContainText('Stopped');
  await expect(bills.notice(SLAYER)).toHaveCount(0);

  // Profile shows five achievements, Subscription Slayer unlocked.
  await profile.goto();
  await expect(profile.achievements.getByRole('listitem')).toHaveCount(5);
  await expect(
    profile.achievements.getByRole('listitem').filter({ hasText: 'Subscription Slayer' }),
  ).toContainText(/unlocked/i);
});

test.describe('a user with no bank', () => {
  test.use({ session: 'signed-in' });

  test('when they open Bills and subscriptions, then it says to link a bank, with the link button', async ({
    page,
  }, info) => {
    const bills = new BillsPage(page);
    await bills.goto();
    await expect(page.getByText('Link a bank to see your bills and subscriptions.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Connect Bank Account' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${info.project.name}-empty.png` });
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
  });
});
