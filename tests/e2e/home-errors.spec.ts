// Home when the server fails (issue 9 "Bad input"): a failed delete or refresh leaves the data on
// screen as it was and says so.
import { expect, test } from './fixtures';
import { addManualExpenseViaApi } from '../support/browser/bank';
import { storageValue } from '../support/browser/users';

const SERVER_ERROR = { status: 500, contentType: 'application/json' };

test.describe('a user with a manual expense', () => {
  test.use({ session: 'signed-in' });

  test('when deleting it fails on the server, then the row stays and the error is shown', async ({
    page,
    request,
    user,
    home,
  }) => {
    await addManualExpenseViaApi(request, user.token, { amount: 9.99, category: 'Want', name: 'Pizza' });
    await page.route('**/api/transactions/manual/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ ...SERVER_ERROR, body: JSON.stringify({ error: 'Internal server error' }) })
        : route.fallback(),
    );
    await home.goto();
    await expect(home.manualRow('Pizza')).toHaveCount(1);

    await home.manualRow('Pizza').getByRole('button', { name: 'Delete Pizza' }).click();
    await home.confirmDialog.getByRole('button', { name: 'Delete' }).click();

    await expect(home.notice('Failed to delete transaction. Please try again.')).toBeVisible();
    await expect(home.confirmDialog).toHaveCount(0);
    await expect(home.manualRow('Pizza')).toHaveCount(1);
    await expect(home.manualRow('Pizza')).toContainText('$9.99');
    await expect(home.spendingTotal).toHaveText('$9.99');
  });
});

test.describe('a user with a sandbox bank', () => {
  test.use({ session: 'bank-linked' });

  test('when Refresh Data fails at the bank, then the transactions stay, no XP is paid and the error says so', async ({
    page,
    home,
  }) => {
    const details = 'The bank did not answer. Please try again later.';
    await page.route('**/api/plaid/fetch-transactions', (route) =>
      route.fulfill({
        ...SERVER_ERROR,
        body: JSON.stringify({ error: 'Failed to fetch transactions', details }),
      }),
    );
    await home.goto();
    await expect(home.recentRows).toHaveCount(5);
    const before = await home.recentList.textContent();
    const xpBefore = await storageValue(page, 'user_xp');

    await home.refresh.click();

    const banner = home.notice(details);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Your data below is as it was before the refresh.');
    await expect(home.refresh).toBeEnabled();
    await expect(home.recentRows).toHaveCount(5);
    expect(await home.recentList.textContent()).toBe(before);
    expect(await storageValue(page, 'user_xp')).toBe(xpBefore);

    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);
  });
});
