// Progress kept on the server (issue 13): what a player earns comes back after logout on a fresh
// browser, survives playing offline, and once-only rewards stay once.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { ProfilePage } from './pages/profile-page';
import { QuestsPage } from './pages/quests-page';
import { SANDBOX_BANK } from '../support/browser/bank';
import { PASSWORD, uniqueEmail } from '../support/accounts';
import { routeUrl, storageValue } from '../support/browser/users';

const ACCOUNT_MASTER =
  'Achievement Unlocked: Account Master! You earned 100 XP for connecting your first account!';

interface ServerProgress {
  saved?: boolean;
  xp: number;
  lives: number;
  achievements: string[];
  history: { text: string }[];
}

async function serverProgress(request: APIRequestContext, token: string): Promise<ServerProgress> {
  const get = () => request.get('/api/progress', { headers: { authorization: `Bearer ${token}` } });
  // A kept-alive socket the server has just closed can reset once under load: ask again.
  const res = await get().catch(() => get());
  expect(res.status()).toBe(200);
  return (await res.json()) as ServerProgress;
}

async function tokenOf(page: Page): Promise<string> {
  const token = await storageValue(page, 'token');
  expect(token).toBeTruthy();
  return token as string;
}

/** Sets up a budget in Track Spending: the quest's 3 lives and 50 XP, and Budget Master's 100. */
async function setUpBudget(quests: QuestsPage, beforeSaving?: () => Promise<void>): Promise<void> {
  await quests.goto();
  await quests.start('Track Spending');
  const dialog = quests.dialog('Track Spending');
  await dialog.getByLabel('Income').fill('2000');
  await dialog.getByLabel('How often are you paid?').selectOption({ label: 'Every two weeks' });
  await beforeSaving?.();
  await dialog.getByRole('button', { name: 'Save Budget' }).click();
  await expect(quests.page).toHaveURL(/#\/games$/);
}

/** A second browser, with nothing stored, on the same viewport. */
async function freshBrowser(browser: Browser, page: Page) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: page.viewportSize(),
    serviceWorkers: 'block',
  });
  return { context, page: await context.newPage() };
}

test.describe('a new player', () => {
  test('when they earn XP, lives and an achievement, log out and sign in on a fresh browser, then all of it is back (+10 for the login)', async ({
    page,
    browser,
    request,
    register,
    onboarding,
    quests,
    profile,
  }) => {
    const email = uniqueEmail('sync');
    await register.goto();
    await register.register(email, PASSWORD);
    await onboarding.next.click();
    await onboarding.next.click();
    await onboarding.goal('Build an emergency fund').check();
    await onboarding.next.click();
    await onboarding.getStarted.click();
    await setUpBudget(quests);

    // 50 (tour) + 50 (quest) + 100 (Budget Master); 3 lives.
    const token = await tokenOf(page);
    await expect
      .poll(async () => {
        const p = await serverProgress(request, token);
        return { xp: p.xp, lives: p.lives, achievements: p.achievements };
      })
      .toEqual({ xp: 200, lives: 3, achievements: ['budget-master'] });

    await profile.goto();
    await profile.logout.click();
    await expect(page).toHaveURL(routeUrl('/login'));
    expect(await storageValue(page, 'user_xp')).toBeNull();

    const fresh = await freshBrowser(browser, page);
    try {
      const login = new LoginPage(fresh.page);
      await login.goto();
      await login.signIn(email, PASSWORD);
      await expect(fresh.page).toHaveURL(routeUrl('/'));
      await expect.poll(() => storageValue(fresh.page, 'user_xp')).toBe('210');
      expect(await storageValue(fresh.page, 'userLives')).toBe('3');
      expect(await storageValue(fresh.page, 'budget_master_unlocked')).toBe('true');
      expect(await storageValue(fresh.page, 'budget_income')).toBe('2000');
      expect(await storageValue(fresh.page, 'userGoal')).toBe('Build an emergency fund');
      expect(await storageValue(fresh.page, 'quest_track-spending')).toBe(
        '{"isStarted":false,"timeRemaining":0}',
      );
      // The tour was finished on the first browser: it does not come back.
      await expect(fresh.page.getByRole('dialog').filter({ hasText: /Step \d of 4/ })).toHaveCount(0);

      const freshProfile = new ProfilePage(fresh.page);
      await freshProfile.goto();
      await expect(freshProfile.achievements).toContainText('1/5');
      const history = fresh.page.getByRole('list', { name: 'Last XP and lives changes, newest first' });
      await expect(history.getByRole('listitem').first()).toContainText('+10 XP \u00b7 daily login');
      await expect(history).toContainText('+100 XP \u00b7 Budget Master unlocked');
      await expect(history).toContainText('+50 XP +3 lives \u00b7 quest completed');
      await expect(history).toContainText('+50 XP \u00b7 onboarding completed');
    } finally {
      await fresh.context.close();
    }
  });
});

test.describe('a signed-in player who goes offline', () => {
  test.use({ session: 'signed-in' });

  test('when they complete a quest with the network blocked, then the game goes on and the events arrive after reconnecting', async ({
    page,
    context,
    request,
    user,
    quests,
  }) => {
    // The Games page's code is loaded once online (tests run without the service worker that
    // would cache it), then the network goes away before the budget is saved.
    await page.goto('/#/games');
    await expect(page.getByRole('heading', { name: 'Games' })).toBeVisible();
    await setUpBudget(quests, () => context.setOffline(true));
    // The quest's reward shows at once; Budget Master is the server's to unlock when the budget
    // reaches it.
    expect(await storageValue(page, 'user_xp')).toBe('50');
    expect(await storageValue(page, 'userLives')).toBe('3');
    // Waiting locally, not on the server.
    const waiting = JSON.parse((await storageValue(page, 'progress_outbox')) ?? '[]') as unknown[];
    expect(waiting.length).toBeGreaterThan(0);
    expect((await serverProgress(request, user.token)).xp).toBe(0);

    await context.setOffline(false);
    await expect
      .poll(async () => {
        const p = await serverProgress(request, user.token);
        return { xp: p.xp, lives: p.lives, achievements: p.achievements };
      })
      .toEqual({ xp: 150, lives: 3, achievements: ['budget-master'] });
    await expect.poll(() => storageValue(page, 'progress_outbox')).toBeNull();
    // The browser then mirrors the server's answer.
    await expect.poll(() => storageValue(page, 'user_xp')).toBe('150');
    expect(await storageValue(page, 'budget_master_unlocked')).toBe('true');
  });
});

test.describe('a player who linked a bank', () => {
  test.use({ session: 'signed-in' });

  test('when they log out, sign in again and link the same bank again, then neither its +25 nor Account Master is paid a second time', async ({
    page,
    request,
    user,
    transactions,
    plaidLink,
    profile,
    login,
  }) => {
    await transactions.goto();
    await transactions.connect.click();
    await plaidLink.connect(SANDBOX_BANK);
    await expect(transactions.notice(ACCOUNT_MASTER)).toBeVisible({ timeout: 20_000 });
    // The link pays +25 and Account Master; its first sync, the day's +5 for a refresh.
    await expect(transactions.rows.first()).toBeVisible({ timeout: 20_000 });
    await expect.poll(async () => (await serverProgress(request, user.token)).xp).toBe(130);

    await profile.goto();
    await profile.logout.click();
    await login.goto();
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(routeUrl('/'));
    const token = await tokenOf(page);
    // The link (+25, Account Master +100), the day's first sync (+5) and the sign-in (+10).
    await expect.poll(async () => (await serverProgress(request, token)).xp).toBe(140);
    await expect.poll(() => storageValue(page, 'user_xp')).toBe('140');
    expect(await storageValue(page, 'account_master_unlocked')).toBe('true');

    const accounts = async () =>
      (
        (await (
          await request.get('/api/plaid/accounts', { headers: { authorization: `Bearer ${token}` } })
        ).json()) as unknown[]
      ).length;
    const before = await accounts();
    await transactions.goto();
    await transactions.connectAnother.click();
    await plaidLink.connect(SANDBOX_BANK);
    // The second link of the same bank is stored (its accounts are listed), and pays nothing.
    await expect.poll(accounts, { timeout: 20_000 }).toBeGreaterThan(before);
    expect((await serverProgress(request, token)).xp).toBe(140);
    expect(await storageValue(page, 'user_xp')).toBe('140');
    const server = await serverProgress(request, token);
    expect(server.achievements).toEqual(['account-master']);
    expect(server.history.filter((h) => h.text.includes('Account Master'))).toHaveLength(1);
  });
});
