// Issue 15, part 7: the client survives what it did not write. Every local-storage key (read from
// the module that owns them, so a new key is covered the day it is added) holding bad JSON, a
// wrong type or a value out of range: every route still renders, with no uncaught error, and the
// status bar shows clamped values. With the API unreachable, pages say so instead of going
// blank. A description holding HTML or a script is shown as text and never runs.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { BEST_SCORE_KEYS, STORAGE_KEYS, questKey, questTimerKey } from '../../../src/lib/storage-keys';
import { ROUTES } from '../../../src/lib/routes';
import { GAMES } from '../../../src/domain/games';
import { QUEST_IDS } from '../../../src/domain/quests';
import { addManualExpenseViaApi, addSandboxTransactions, linkedItemId } from '../../support/browser/bank';

/** Every stored key but the token (a bad token is its own case below). */
const KEYS = [
  ...Object.values(STORAGE_KEYS).filter((k) => k !== STORAGE_KEYS.token),
  ...Object.values(BEST_SCORE_KEYS),
  ...QUEST_IDS.flatMap((id) => [questKey(id), questTimerKey(id)]),
];

const AUTH_ROUTES: string[] = [ROUTES.login, ROUTES.register, ROUTES.forgotPassword, ROUTES.resetPassword];
const LEGAL_ROUTES: string[] = [ROUTES.privacyPolicy, ROUTES.termsOfService, ROUTES.accountDeletion];
const SIGNED_IN_ROUTES = [
  ...Object.values(ROUTES).filter((r) => !AUTH_ROUTES.includes(r)),
  ...GAMES.map((g) => g.route),
];

const dates = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => `2020-01-${(i % 28) + 1}`));
const KINDS: Record<string, (key: string, i: number) => string> = {
  'bad JSON': (_k, i) => ['{', '[1,', '{"a":', 'undefined', '\u0000'][i % 5]!,
  'a wrong type': (_k, i) => ['{"__proto__":{"x":1},"a":[1]}', '"text"', '[1,2,3]', 'true', 'null'][i % 5]!,
  'values out of range': (k, i) =>
    k === STORAGE_KEYS.dailyUsageDates || k === STORAGE_KEYS.loginDates
      ? dates(50_000)
      : k === STORAGE_KEYS.userLives
        ? '999'
        : k === STORAGE_KEYS.userXp
          ? '-50'
          : ['-1', '1e308', '-1e308', '999', 'NaN', '0.5', '"9999-99-99"', '-Infinity'][i % 8]!,
};

/** Collects uncaught page errors for the test. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The route rendered: its main landmark and a top heading, and not the error page. */
async function expectRendered(page: Page, route: string) {
  await expect(page.getByRole('main'), route).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).first(), route).toBeVisible();
  await expect(page.getByText('Unexpected Application Error!'), route).toHaveCount(0);
}

/**
 * Lives shown 0..5 and XP a finite, non-negative figure. Each check waits (retrying assertions)
 * for the status bar to show its figures: on a loaded machine a route's bar can still be
 * rendering, or its figure mid-animation, when the check starts.
 */
async function expectClamped(page: Page) {
  const bar = page.getByRole('complementary', { name: 'Your progress' });
  // textContent, not innerText: the figure's pop animation can hide it from innerText for a moment.
  const lives = async () => {
    const shown = ((await bar.locator('#status-lives').textContent()) ?? '').replace(/\s+/g, '');
    return Number(/(-?[\d.,e+]+)\/5/.exec(shown)?.[1]?.replace(/,/g, ''));
  };
  await expect.poll(lives, { message: 'lives shown as a figure out of 5' }).not.toBeNaN();
  await expect.poll(lives, { message: 'lives at least 0' }).toBeGreaterThanOrEqual(0);
  await expect.poll(lives, { message: 'lives at most 5' }).toBeLessThanOrEqual(5);
  // A whole or decimal number without a sign: finite and non-negative (no NaN, -50 or 1e308).
  await expect(bar.getByRole('progressbar', { name: 'Level progress' })).toHaveAttribute(
    'aria-valuenow',
    /^\d+(\.\d+)?$/,
  );
}

for (const [kind, value] of Object.entries(KINDS)) {
  test.describe(`every stored key holding ${kind}`, () => {
    test.use({ session: 'signed-in', progress: Object.fromEntries(KEYS.map((k, i) => [k, value(k, i)])) });

    test('when every route is opened, then each renders, nothing throws, and lives and XP are clamped', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const errors = pageErrors(page);
      await page.goto(`/#${ROUTES.home}`);
      await expect(page.getByRole('complementary', { name: 'Your progress' })).toBeVisible();
      await expectClamped(page);
      for (const route of SIGNED_IN_ROUTES) {
        await page.evaluate((r) => (location.hash = r), route);
        await expectRendered(page, route);
        // The legal pages have no status bar; every other signed-in page shows it. Decided by the
        // route, not by counting bars: a lazy route keeps the previous page (and its bar) on screen
        // until its code has loaded, so a count could see the bar that is about to go.
        if (LEGAL_ROUTES.includes(route)) {
          await expect(page.getByRole('complementary', { name: 'Your progress' }), route).toHaveCount(0);
        } else {
          await expectClamped(page);
        }
      }
      expect(errors).toEqual([]);
    });
  });
}

test.describe('a bad token and bad progress, signed out', () => {
  test.use({ session: 'signed-out', progress: { token: '{', user_xp: '{', userLives: '-3' } });

  test('when the auth pages are opened, then each renders and nothing throws', async ({ page }) => {
    const errors = pageErrors(page);
    for (const route of AUTH_ROUTES) {
      await page.goto(`/#${route}`);
      await expectRendered(page, route);
    }
    expect(errors).toEqual([]);
  });
});

test.describe('the dev admin', () => {
  test.use({ session: 'signed-in', progress: { quest_savings: '{', 'quest_timer_eating-out': '"soon"' } });

  test('when quest data cannot be read, then it says Invalid JSON data', async ({ page }) => {
    await page.goto(`/#${ROUTES.devAdmin}`);
    await expect(page.getByRole('article', { name: 'savings', exact: true })).toContainText(
      'Invalid JSON data',
    );
    await expect(page.getByRole('article', { name: 'eating-out' })).toContainText('Invalid JSON data');
  });
});

test.describe('the API unreachable', () => {
  test.use({ session: 'signed-in' });

  test('when every API call fails or answers 500, then each signed-in route shows a page and words, never a blank screen', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors = pageErrors(page);
    for (const failure of ['abort', '500'] as const) {
      await page.unrouteAll();
      await page.route('**/api/**', (route) =>
        failure === 'abort'
          ? route.abort('connectionrefused')
          : route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: '{"error":"Internal server error"}',
            }),
      );
      for (const route of [ROUTES.home, ROUTES.transactions, ROUTES.profile, ROUTES.quests, ROUTES.games]) {
        await page.goto(`/#${route}`);
        await expectRendered(page, `${route} (${failure})`);
        expect((await page.getByRole('main').innerText()).trim().length, route).toBeGreaterThan(20);
      }
      // Where the page's own data failed, it says so.
      await page.goto(`/#${ROUTES.transactions}`);
      await expect(page.getByRole('alert').first()).toBeVisible();
    }
    // And it recovers when the API is back (a reload: the hash changes above kept the same page).
    await page.unrouteAll();
    await page.goto(`/#${ROUTES.transactions}`);
    await page.reload();
    await expectRendered(page, ROUTES.transactions);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

test.describe('text that looks like HTML', () => {
  test.use({ session: 'bank-linked' });
  // Manual names are at most 50 characters: the image goes there, both go to the bank.
  const IMG = '<img src=x onerror=window.__pwned=1>';
  const SCRIPT = '<script>window.__pwned=1</script>';

  test('when a manual expense and a bank transaction are named with HTML and a script, then they show as text and nothing runs', async ({
    page,
    request,
    user,
    home,
    transactions,
  }) => {
    await addManualExpenseViaApi(request, user.token, { amount: 4.2, category: 'Want', name: `${IMG}A` });
    const itemId = await linkedItemId(request, user.token);
    await addSandboxTransactions(request, itemId, [
      { description: `${SCRIPT}${IMG}B`, amount: 3.5, date: new Date().toISOString().slice(0, 10) },
    ]);
    await home.goto();
    const synced = page.waitForResponse('**/api/plaid/fetch-transactions');
    await home.refresh.click();
    expect((await synced).status()).toBe(200);
    await expect(page.getByText(`${IMG}A`).first()).toBeVisible();
    for (const route of [ROUTES.transactions, '/games/category-matcher']) {
      await page.goto(`/#${route}`);
      await expectRendered(page, route);
    }
    // The sandbox dates many of its own rows today too, so the new one need not be among Home's
    // latest five or the rows a phone draws: find it.
    await transactions.goto();
    await transactions.search.fill('onerror');
    await expect(transactions.list.getByText(`${SCRIPT}${IMG}B`).first()).toBeVisible();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"], main script').count()).toBe(0);
  });
});
