// One owner for server data: pages read one cache, a change made on one page shows on the
// others without reloading them, and a 401 from any protected call ends the session in one place.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { routeUrl, storageValue } from '../support/browser/users';

/** Counts the GET requests the page makes to `path` (from now on). */
function countGets(page: Page, path: string): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname === path) counter.count++;
  });
  return counter;
}

/** A category badge's text: an icon, then the category. */
const badge = (category: string) => new RegExp(`(^|\\s)${category}$`);

test.describe('one saved expense, one reload of the list', () => {
  test.use({ session: 'signed-in' });
  for (const start of ['/transactions', '/profile', '/home'] as const) {
    test(`when an expense is added on ${start} and the user is back on Home, then the manual list is fetched once`, async ({
      page,
      home,
      expenseModal: modal,
    }) => {
      // Home has been seen, so its list is in the cache when the expense is added.
      await home.goto();
      await expect(home.noManual).toBeVisible();
      if (start !== '/home') await home.navLink(start === '/profile' ? 'Profile' : 'Matcher').click();
      await expect(page).toHaveURL(routeUrl(start));
      await page.waitForLoadState('networkidle');

      const manualLoads = countGets(page, '/api/transactions/manual');
      await home.addExpense.click();
      await modal.fill('7.25', 'Want', 'Snack');
      await modal.done.click();
      await expect(modal.offer).toBeVisible();
      await modal.skip.click();

      await expect(page).toHaveURL(/#\/home$/);
      await home.waitToLoad();
      await expect(home.manualRow('Snack')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      // The save, manualTransactionAdded, the refresh flag and ?refresh= together: one load.
      expect(manualLoads.count).toBe(1);
      expect(await storageValue(page, 'needsTransactionRefresh')).toBeNull();
    });
  }
});

test.describe('a linked bank', () => {
  test.use({ session: 'bank-linked' });
  test('when a label changes on /transactions, then Home shows it from the shared cache without a reload', async ({
    page,
    transactions: tx,
    home,
  }) => {
    await tx.goto();
    const row = tx.rows.first();
    await expect(row.getByText(badge('Uncategorized'))).toBeVisible();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.waitForLoadState('networkidle');

    // The relabel mutation writes the cache itself: nothing reloads the list, and the spec's
    // transactionsUpdated event (the matcher fires it after a round) reloads nothing either.
    const txLoads = countGets(page, '/api/plaid/transactions');
    await tx.labelButton(row).click();
    await tx.labelMenu().getByRole('menuitemradio', { name: 'Need' }).click();
    await expect(row.getByText(badge('Need'))).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('transactionsUpdated')));
    await page.waitForLoadState('networkidle');
    expect(txLoads.count).toBe(0);

    // Home's own reload of the list is held back: what it shows comes from the cache.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/plaid/transactions', async (route) => {
      await held;
      await route.continue();
    });
    await tx.navLink('Home').click();
    await expect(home.heading('Home')).toBeVisible();
    await expect(home.recentRows.first().getByText(badge('Need'))).toBeVisible();
    release();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
  });
});

const earned = {
  user_xp: '120',
  userLives: '3',
  login_dates: JSON.stringify(['2024-05-01']),
  streak_starter_unlocked: 'true',
  quest_savings: JSON.stringify({ isStarted: true, timeRemaining: 500 }),
};

test.describe('a 401 on a signed-in page', () => {
  test.use({ session: 'signed-in', progress: earned });

  async function expectSignedOut(page: Page) {
    await expect(page).toHaveURL(routeUrl('/login'));
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    for (const key of ['token', 'onboarding_completed', ...Object.keys(earned)])
      expect(await storageValue(page, key), key).toBeNull();
  }

  test('when a page load answers 401, then the session is cleared and /login opens', async ({ page }) => {
    await page.route('**/api/plaid/accounts', (route) =>
      route.fulfill({ status: 401, json: { error: 'Your session has expired. Please sign in again.' } }),
    );
    await page.goto('/#/profile');
    await expectSignedOut(page);
  });

  test('when an action answers 401, then the session is cleared and /login opens', async ({
    page,
    transactions: tx,
    expenseModal: modal,
  }) => {
    await tx.goto();
    await page.route('**/api/transactions/manual', (route) =>
      route.fulfill({ status: 401, json: { error: 'Your session has expired. Please sign in again.' } }),
    );
    await tx.addExpense.click();
    await modal.fill('3', 'Need', 'Bus');
    await modal.done.click();
    await expectSignedOut(page);
  });
});
