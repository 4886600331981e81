// Bank linking through Plaid Link (the local sandbox), its error messages, reconnecting, the
// transaction lists on /transactions and /home, disconnecting from Profile, and manual expenses.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { GOOD_LOGIN } from './pages/plaid-link-page';
import { BANNERS, type TransactionsPage } from './pages/transactions-page';
import type { PlaidLinkPage } from './pages/plaid-link-page';
import { bankTransactions, linkBankViaApi, SANDBOX_BANK } from '../support/browser/bank';
import { storageValue } from '../support/browser/users';

const ACCOUNT_MASTER =
  'Achievement Unlocked: Account Master! You earned 100 XP for connecting your first account!';
const LOGIN_EXPIRED = 'Your bank login has expired. Please reconnect your account.';
const INCOME = /^Income \+\$[\d,]+\.\d{2}$/;
const EXPENSE = /^Expense \u2212\$[\d,]+\.\d{2}$/;

const xp = (page: Page) => storageValue(page, 'user_xp');

/** Opens Link from /transactions. */
async function openLink(transactions: TransactionsPage, plaidLink: PlaidLinkPage): Promise<void> {
  await transactions.goto();
  await transactions.connect.click();
  await plaidLink.waitToOpen();
}
/** A category badge's text: an icon, then the category. */
const badge = (category: string) => new RegExp(`(^|\\s)${category}$`);

// A new user, signed in, with no XP and no bank yet.
test.use({ session: 'signed-in' });

test.describe('connecting a bank from /transactions', () => {
  test('when the user links First Platypus Bank, then its transactions show and 125 XP and Account Master are awarded', async ({
    page,
    transactions: tx,
    plaidLink,
  }) => {
    await tx.goto();
    await expect(tx.empty).toBeVisible();
    await expect(tx.sync).toHaveCount(0);

    await tx.connect.click();
    await plaidLink.connect(SANDBOX_BANK, /Everyday Checking/);

    // The 2 s pause after the exchange shows its progress, then the list replaces it.
    await expect(tx.banner(BANNERS.retrieving)).toBeVisible();
    await expect(tx.rows.first()).toBeVisible({ timeout: 20_000 });
    // The notice leaves after 8 s: looked for first, before the slower checks below.
    await expect(tx.notice(ACCOUNT_MASTER)).toBeVisible();
    await expect(tx.banner(BANNERS.retrieving)).toHaveCount(0);
    await expect(tx.banner(BANNERS.processing)).toHaveCount(0);

    // Only the chosen account was linked.
    await expect(tx.accountItems()).toHaveCount(1);
    await expect(tx.accountItems()).toContainText(`${SANDBOX_BANK} · Everyday Checking`);
    await expect(tx.connectAnother).toBeVisible();
    await expect(tx.sync).toBeVisible();

    expect(await tx.rows.count()).toBeGreaterThan(5);
    await expect(tx.list.getByText('Pending', { exact: true }).first()).toBeVisible();
    await expect(tx.list.getByText(EXPENSE).first()).toBeVisible();
    // Income is a payday, which can lie below the rows a phone draws (the list is windowed and
    // the sandbox dates its data from today): find it.
    await tx.search.fill('payroll');
    await expect(tx.list.getByText(INCOME).first()).toBeVisible();
    await tx.search.fill('');
    // A fresh connection is not sorted yet: every row carries the Uncategorized badge and a date.
    const first = tx.rows.first();
    await expect(first.getByText(badge('Uncategorized'))).toBeVisible();
    await expect(first.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    // The link (+25), Account Master (+100) and the day's first sync of the bank (+5).
    await expect.poll(() => xp(page)).toBe(String(25 + 100 + 5));
    // Unlocked by the server when the fact reaches it, then mirrored here.
    await expect.poll(() => storageValue(page, 'account_master_unlocked')).toBe('true');
    await expect(tx.bankAlert).toHaveCount(0);
  });

  test('when the user closes Link without linking, then nothing changes and no error shows', async ({
    page,
    transactions: tx,
    plaidLink: link,
  }) => {
    await openLink(tx, link);
    await link.dialog.getByRole('button', { name: 'Close' }).click();
    await expect(link.dialog).toBeHidden();
    await expect(tx.connect).toBeEnabled();
    await expect(tx.connect).toBeFocused();
    await expect(tx.bankAlert).toHaveCount(0);
    await expect(tx.empty).toBeVisible();
    expect(await xp(page)).toBe('0');
  });
});

test.describe('bank linking errors', () => {
  const linkErrors = [
    {
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid bank credentials. Please check your username and password.',
    },
    {
      code: 'INSTITUTION_REGISTRATION_REQUIRED',
      message: 'This bank is not yet available. Please try a different bank or contact support.',
    },
  ];
  for (const { code, message } of linkErrors) {
    test(`when Link exits with ${code}, then the page says "${message}"`, async ({
      page,
      transactions: tx,
      plaidLink: link,
    }) => {
      await openLink(tx, link);
      await link.chooseBank(SANDBOX_BANK);
      await link.logIn(GOOD_LOGIN.username, `error_${code}`);
      await expect(link.dialog.getByText(`Error code: ${code}`)).toBeVisible();
      await link.exit.click();
      await expect(link.dialog).toBeHidden();

      await expect(tx.bankAlert.getByText(message, { exact: true })).toBeVisible();
      await expect(tx.bankAlert).not.toContainText('Error:');
      await expect(tx.connect).toBeEnabled();
      await expect(tx.empty).toBeVisible();
      expect(await xp(page)).toBe('0');
      expect(await storageValue(page, 'account_master_unlocked')).toBeNull();

      await tx.bankCard.getByRole('button', { name: 'Dismiss error' }).click();
      await expect(tx.bankAlert).toHaveCount(0);
    });
  }

  test('when the bank login has expired, then the user is told exactly that and can reconnect', async ({
    page,
    transactions: tx,
    plaidLink: link,
  }) => {
    await openLink(tx, link);
    await link.chooseBank(SANDBOX_BANK);
    // The item links, then its first sync fails with ITEM_LOGIN_REQUIRED.
    await link.logIn(GOOD_LOGIN.username, 'error_ITEM_LOGIN_REQUIRED');
    await link.chooseAccounts(/./);
    await link.finish();

    // Exactly the spec's sentence, not 'Error: …'.
    await expect(tx.bankAlert.getByText(LOGIN_EXPIRED, { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(tx.bankAlert).not.toContainText('Error:');
    await expect(tx.reconnect).toBeVisible();
    await expect(tx.empty).toBeVisible();
    // The item was linked before its sync failed: the server paid the link (+25, Account Master).
    await expect.poll(() => xp(page)).toBe('125');

    // Update mode: Link goes straight to the item's bank; no bank list.
    await tx.reconnect.click();
    await link.waitToOpen();
    await expect(link.dialog.getByRole('heading', { name: `Log in to ${SANDBOX_BANK}` })).toBeVisible();
    await expect(link.search).toHaveCount(0);
    await link.logIn(GOOD_LOGIN.username, GOOD_LOGIN.password);
    await link.finish();

    await expect(tx.rows.first()).toBeVisible({ timeout: 20_000 });
    await expect(tx.list.getByText('Pending', { exact: true }).first()).toBeVisible();
    await expect(tx.reconnect).toHaveCount(0);
    await expect(tx.bankCard.getByText('Needs reconnect')).toHaveCount(0);
    await expect(tx.bankAlert).toHaveCount(0);

    await tx.sync.click();
    await expect(tx.sync).toBeEnabled();
    await expect(tx.bankAlert).toHaveCount(0);
  });
});

test.describe('manual expenses', () => {
  test.describe('a user with no lives', () => {
    test.use({ progress: { user_xp: '0', userGoal: 'Track Spending', userLives: '0' } });

    test('when the user adds a $12.50 Need expense, then it is rewarded and listed on Home, and can be deleted', async ({
      page,
      transactions: tx,
      expenseModal: modal,
      home,
    }) => {
      await tx.goto();

      await tx.addExpense.click();
      await expect(modal.form).toBeVisible();
      await expect(modal.amount).toBeFocused();
      await expect(modal.done).toBeDisabled();
      await modal.amount.fill('0');
      await expect(modal.done).toBeDisabled();
      await modal.fill('12.50', 'Need', 'Lunch');
      await expect(modal.done).toBeEnabled();
      await modal.done.click();

      await expect(modal.celebration).toBeVisible();
      // Focus starts on the centred dialog's heading, not on the dialog as a whole.
      await expect(modal.celebration.getByRole('heading', { name: 'Expense Saved!' })).toBeFocused();
      const reward = await modal.reward();
      expect(reward.xp).toBeGreaterThanOrEqual(25);
      expect(reward.xp).toBeLessThanOrEqual(74);
      expect(reward.lives).toBeGreaterThanOrEqual(1);
      expect(reward.lives).toBeLessThanOrEqual(3);
      await expect(modal.celebration.getByText(`+${reward.xp} XP`)).toBeVisible();
      await expect(modal.celebration.getByText(`+${reward.lives}`, { exact: true })).toBeVisible();
      expect(await xp(page)).toBe(String(reward.xp));
      expect(await storageValue(page, 'userLives')).toBe(String(reward.lives));

      await expect(modal.offer).toBeVisible();
      await expect(modal.skip).toBeFocused();
      await expect(modal.connect).toBeVisible();
      await modal.skip.click();
      await expect(modal.offer).toHaveCount(0);

      // Home reloads with ?refresh=..., then the URL is replaced by /home.
      await expect(page).toHaveURL(/#\/home$/);
      await home.waitToLoad();
      const row = home.manualRow('Lunch');
      await expect(row).toHaveCount(1);
      await expect(row.getByText('Need', { exact: true })).toBeVisible();
      await expect(row).toContainText('\u2212$12.50');

      await row.getByRole('button', { name: 'Delete Lunch' }).click();
      await expect(home.confirmDialog).toBeVisible();
      await home.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(home.confirmDialog).toHaveCount(0);
      await expect(row).toHaveCount(1);

      await row.getByRole('button', { name: 'Delete Lunch' }).click();
      await home.confirmDialog.getByRole('button', { name: 'Delete' }).click();
      await expect(home.confirmDialog).toHaveCount(0);
      await expect(home.manualRow('Lunch')).toHaveCount(0);
      await expect(home.noManual).toBeVisible();
      await page.reload();
      await home.waitToLoad();
      await expect(home.noManual).toBeVisible();
    });
  });

  test('when the user takes the offer to connect after saving, then Link opens and Home shows both lists', async ({
    page,
    transactions: tx,
    expenseModal: modal,
    plaidLink,
    home,
  }) => {
    await tx.goto();
    await tx.addExpense.click();
    await modal.fill('20', 'Want', 'Cinema');
    await modal.done.click();
    await modal.connect.click();

    await plaidLink.connect(SANDBOX_BANK);
    await expect(page).toHaveURL(/#\/home$/);
    await expect(home.recentRows).toHaveCount(5, { timeout: 20_000 });
    await expect(home.manualRow('Cinema')).toHaveCount(1);
    // Unlocked by the server when the fact reaches it, then mirrored here.
    await expect.poll(() => storageValue(page, 'account_master_unlocked')).toBe('true');
  });

  test('when the user cancels the Add Expense form, then nothing is saved and the page stays', async ({
    page,
    home,
    expenseModal: modal,
  }) => {
    await home.goto();
    await home.enterExpense.click();
    await modal.fill('5', 'Want', 'Coffee');
    await modal.form.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal.form).toHaveCount(0);
    await expect(page).toHaveURL(/#\/home$/);
    await expect(home.noManual).toBeVisible();
    expect(await xp(page)).toBe('0');
  });
});

test.describe('Home before and after a bank is linked', () => {
  test('when a bank is linked, then Home shows the 5 most recent transactions and View All opens the list', async ({
    page,
    request,
    user,
    home,
    transactions: tx,
  }) => {
    await home.goto();
    await expect(home.connect).toBeVisible();
    await expect(home.viewAll).toHaveCount(0);

    await linkBankViaApi(request, user.token);
    await page.reload();
    await home.waitToLoad();
    await expect(home.recentRows).toHaveCount(5);
    await expect(home.connect).toHaveCount(0);

    const all = await bankTransactions(request, user.token);
    expect(all.length).toBeGreaterThan(5);
    const names = all.slice(0, 5).map((t) => t.merchant_name || t.name);
    for (let i = 0; i < 5; i++) {
      await expect(home.recentRows.nth(i)).toContainText(names[i]);
    }

    // The link paid +25 and Account Master, and its sync the day's +5 for a refresh: a second
    // refresh the same day pays nothing more (DECISIONS: the referee).
    await expect.poll(() => xp(page)).toBe('130');
    await home.refresh.click();
    await expect(home.refresh).toBeEnabled();
    const token = await storageValue(page, 'token');
    const server = await request.get('/api/progress', { headers: { authorization: `Bearer ${token}` } });
    expect(((await server.json()) as { xp: number }).xp).toBe(130);
    expect(await xp(page)).toBe('130');

    await home.viewAll.click();
    await tx.waitToLoad();
    // The refresh synced again (pending transactions post, late ones arrive): compare with now.
    const synced = await bankTransactions(request, user.token);
    // The list is windowed, so its totals line counts what it holds.
    await expect(tx.summary).toContainText(`${synced.length} transactions`);
    await expect(tx.rows.first()).toContainText(synced[0].merchant_name || synced[0].name);
  });

  test('when connecting from Home, then Link opens and the recent list fills in', async ({
    page,
    home,
    plaidLink,
  }) => {
    await home.goto();
    await home.connect.click();
    await plaidLink.connect(SANDBOX_BANK);
    await expect(home.recentRows).toHaveCount(5, { timeout: 20_000 });
    // The link (+25, Account Master +100) and the day's first sync (+5).
    await expect.poll(() => xp(page)).toBe('130');
  });
});

test.describe('a user whose bank is linked', () => {
  test.use({ session: 'bank-linked' });

  test('when a transaction is sorted, then its row shows that budget category badge', async ({
    page,
    request,
    user,
    transactions: tx,
  }) => {
    await tx.goto();
    const [target] = await bankTransactions(request, user.token);
    const res = await request.post('/api/plaid/update-transaction-categories', {
      headers: { Authorization: `Bearer ${user.token}` },
      data: { categories: [{ plaidId: target.plaidId, budget_category: 'Need' }] },
    });
    expect(res.status()).toBe(200);
    await page.reload();
    await tx.waitToLoad();
    const row = tx.rows.first();
    await expect(row).toContainText(target.merchant_name || target.name);
    await expect(row.getByText(badge('Need'))).toBeVisible();
    await expect(row.getByText(badge('Uncategorized'))).toHaveCount(0);
  });

  test('when the user disconnects the bank from Profile, then the accounts and transactions are gone', async ({
    profile,
    transactions: tx,
  }) => {
    await profile.goto();
    const bank = profile.bankCard;
    await expect(bank.getByText(/^\d+ accounts? connected\.$/)).toBeVisible();
    await expect(bank.getByText(SANDBOX_BANK, { exact: false }).first()).toBeVisible();
    await expect(profile.disconnect).toBeEnabled();

    // Cancel keeps the connection.
    await profile.disconnect.click();
    await expect(profile.confirmDialog).toBeVisible();
    await profile.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(profile.confirmDialog).toHaveCount(0);
    await expect(profile.disconnect).toBeEnabled();

    await profile.disconnectConfirmed();
    await expect(profile.confirmDialog).toHaveCount(0);
    await expect(profile.notice('Your bank account has been disconnected.')).toBeVisible();
    await expect(bank.getByText('No bank account connected.', { exact: false })).toBeVisible();
    await expect(profile.disconnect).toBeDisabled();

    await profile.navLink('Matcher').click();
    await tx.waitToLoad();
    await expect(tx.empty).toBeVisible();
    await expect(tx.rows).toHaveCount(0);
    await expect(tx.connect).toBeVisible();
  });
});
