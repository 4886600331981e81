// The profile: level, achievements, ranks, bank and account actions, logout and deletion.
import { expect, test } from './fixtures';
import { routeUrl, storageValue } from '../support/browser/users';

test.use({ session: 'signed-in' });

test('a new user sees level 1, no achievements, the ten ranks and no bank to disconnect', async ({
  page,
  user,
  profile,
}) => {
  await profile.goto();

  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Budget Rookie', level: 2 })).toBeVisible();
  await expect(page.getByText('Level 1', { exact: true })).toBeVisible();
  await expect(profile.xpBar).toHaveAttribute('aria-valuenow', '0');
  await expect(profile.xpBar).toHaveAttribute('aria-valuemax', '100');
  // XP reads the same on the level card and in the status bar (issue 25).
  for (const place of [
    page.getByRole('region', { name: 'Budget Rookie' }),
    page.getByRole('complementary', { name: 'Your progress' }),
  ]) {
    await expect(place.getByText('0 XP', { exact: true })).toBeVisible();
    await expect(place.getByText('0/100 to Level 2', { exact: true })).toBeVisible();
  }

  await expect(profile.achievements.getByText('0/5', { exact: true })).toBeVisible();
  await expect(profile.achievements.getByRole('listitem')).toHaveCount(5);
  await expect(profile.achievements.getByText('Locked', { exact: true })).toHaveCount(5);
  // The spec's four achievements and Subscription Slayer (issue 28), each with what earns it.
  for (const [name, earnedBy] of [
    ['Budget Master', 'Budget created'],
    ['Streak Starter', 'Log in 3 days in a row'],
    ['Account Master', 'Connect first account'],
    ['Budget Pro', 'Use the app for 30 days'],
    ['Subscription Slayer', 'Cancel a subscription'],
  ]) {
    const badge = profile.achievements.getByRole('listitem').filter({ hasText: name });
    await expect(badge.getByText(earnedBy, { exact: true })).toBeVisible();
  }

  await expect(profile.ranks).toHaveCount(10);
  await expect(profile.ranks.first()).toContainText('Budget Rookie');
  await expect(profile.ranks.first()).toContainText('Current');
  await expect(profile.ranks.last()).toContainText('Financial Legend');

  await expect(profile.disconnect).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
});

test.describe('a user with 350 XP and Streak Starter unlocked', () => {
  test.use({ progress: { user_xp: '350', streak_starter_unlocked: 'true' } });

  test('stored XP and unlocked achievements show as level, progress and Unlocked badges', async ({
    page,
    profile,
  }) => {
    await profile.goto();

    await expect(page.getByRole('heading', { name: 'Money Manager', level: 2 })).toBeVisible();
    // The total and the progress through the level, written alike on the card and in the status bar.
    for (const place of [
      page.getByRole('region', { name: 'Money Manager' }),
      page.getByRole('complementary', { name: 'Your progress' }),
    ]) {
      await expect(place.getByText('350 XP', { exact: true })).toBeVisible();
      await expect(place.getByText('50/200 to Level 4', { exact: true })).toBeVisible();
    }
    await expect(profile.achievements.getByText('1/5', { exact: true })).toBeVisible();
    const streak = profile.achievements.getByRole('listitem').filter({ hasText: 'Streak Starter' });
    await expect(streak).toContainText('Unlocked');
    await expect(profile.ranks.nth(2)).toContainText('Current');
  });
});

test.describe('a user with progress on this browser', () => {
  const progress = {
    user_xp: '250',
    userLives: '3',
    userGoal: 'Track Spending',
    login_dates: JSON.stringify(['2024-01-01']),
    quest_savings: JSON.stringify({ isStarted: true, timeRemaining: 100 }),
    quests_instructions_dismissed: 'true',
  };
  test.use({ progress });

  test('when the user logs out, then the token and progress are cleared and /login opens', async ({
    page,
    profile,
  }) => {
    await profile.goto();
    await profile.logout.click();

    await expect(page).toHaveURL(routeUrl('/login'));
    for (const key of ['token', 'onboarding_completed', ...Object.keys(progress)]) {
      expect(await storageValue(page, key), key).toBeNull();
    }
    await page.goto('/#/profile');
    await expect(page).toHaveURL(routeUrl('/login'));
  });

  test('when the user logs out and goes back to Profile while the sign-in page still loads, then sign in opens', async ({
    page,
    profile,
  }) => {
    // A slow network: the sign-in page's code arrives 300 ms after it is asked for.
    await page.route('**/assets/login-page-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await profile.goto();
    await profile.logout.click();
    await expect(page).toHaveURL(routeUrl('/login'));
    await page.goto('/#/profile');
    await expect(page).toHaveURL(routeUrl('/login'));
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});

test.describe('a user with 120 XP', () => {
  test.use({ progress: { user_xp: '120' } });

  test('when the user deletes their account, then they are told, signed out, and cannot sign in again', async ({
    page,
    user,
    profile,
    login,
  }) => {
    await profile.goto();

    await profile.deleteAccount.click();
    await expect(profile.confirmDialog).toBeVisible();
    await profile.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(profile.confirmDialog).toHaveCount(0);

    await profile.deleteAccountConfirmed();
    await expect(profile.notice('Your account has been successfully deleted.')).toBeVisible();
    await expect(page).toHaveURL(routeUrl('/login'));
    expect(await storageValue(page, 'token')).toBeNull();
    expect(await storageValue(page, 'user_xp')).toBeNull();

    await login.signIn(user.email, user.password);
    await expect(login.error).toBeVisible();
    await expect(page).toHaveURL(routeUrl('/login'));
  });
});

test.describe('with the bank and account endpoints answered by the test', () => {
  const account = {
    id: 'acc-1',
    name: 'Plaid Checking',
    mask: '0000',
    institutionName: 'First Platypus Bank',
  };

  test('when disconnecting fails, then the server error or the fallback is shown', async ({
    page,
    profile,
  }) => {
    await page.route('**/api/plaid/accounts', (route) => route.fulfill({ json: { accounts: [account] } }));
    let answer: { status: number; json?: unknown } = { status: 500, json: { error: 'Plaid is unavailable' } };
    await page.route('**/api/plaid/disconnect', (route) => route.fulfill(answer));
    await profile.goto();
    await expect(page.getByText('Plaid Checking')).toBeVisible();
    await expect(profile.disconnect).toBeEnabled();

    await profile.disconnectConfirmed();
    await expect(profile.notice('Plaid is unavailable')).toBeVisible();

    answer = { status: 502 };
    await profile.disconnectConfirmed();
    await expect(profile.notice('Failed to disconnect bank account. Please try again.')).toBeVisible();
  });

  test('when disconnecting succeeds, then the accounts reload and the button is disabled', async ({
    page,
    profile,
  }) => {
    let linked = [account];
    await page.route('**/api/plaid/accounts', (route) => route.fulfill({ json: { accounts: linked } }));
    await page.route('**/api/plaid/disconnect', (route) => {
      linked = [];
      return route.fulfill({ json: { message: 'Disconnected' } });
    });
    await profile.goto();
    await profile.disconnectConfirmed();
    await expect(profile.disconnect).toBeDisabled();
    await expect(page.getByText('No bank account connected.', { exact: false })).toBeVisible();
  });

  test('when deleting the account fails, then the user is told and stays signed in', async ({
    page,
    user,
    profile,
  }) => {
    await page.route('**/api/auth/account', (route) =>
      route.fulfill({ status: 500, json: { error: 'boom' } }),
    );
    await profile.goto();
    await profile.deleteAccountConfirmed();
    await expect(profile.notice('Failed to delete account. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(routeUrl('/profile'));
    expect(await storageValue(page, 'token')).toBe(user.token);
  });
});

test.describe('a user two days into a streak who has used the app on 12 days (issue 25)', () => {
  const dayKey = (offset: number) => {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  test.use({
    progress: {
      user_xp: '0',
      userGoal: 'Track and reduce spending',
      login_dates: JSON.stringify([dayKey(-1), dayKey(0)]),
      daily_usage_dates: JSON.stringify(Array.from({ length: 12 }, (_, i) => dayKey(-i))),
    },
  });

  test('when Profile opens, then Streak Starter and Budget Pro say how far along they are', async ({
    page,
    profile,
  }) => {
    await profile.goto();
    const badge = (name: string) => profile.achievements.getByRole('listitem').filter({ hasText: name });
    await expect(badge('Streak Starter')).toContainText('2 of 3 days');
    await expect(badge('Streak Starter').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    await expect(badge('Budget Pro')).toContainText('12 of 30 days');
    await expect(badge('Budget Pro').getByRole('progressbar')).toHaveAttribute('aria-valuemax', '30');
    // The one-step achievements have nothing to count.
    await expect(badge('Account Master').getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByText('of 3 days')).toHaveCount(1);
  });
});
