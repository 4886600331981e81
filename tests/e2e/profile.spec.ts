// The profile: level, achievements, ranks, bank and account actions, logout and deletion.
import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { ProfilePage } from './pages/profile-page';
import { registerViaApi, routeUrl, seedSession, storageValue } from './support/users';

test('a new user sees level 1, no achievements, the ten ranks and no bank to disconnect', async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request);
  await seedSession(page, user.token, { user_xp: '0' });
  const profile = new ProfilePage(page);
  await profile.goto();

  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Budget Rookie', level: 2 })).toBeVisible();
  await expect(page.getByText('Level 1', { exact: true })).toBeVisible();
  await expect(profile.xpBar).toHaveAttribute('aria-valuenow', '0');
  await expect(profile.xpBar).toHaveAttribute('aria-valuemax', '100');
  await expect(page.getByText('0 / 100 XP')).toBeVisible();

  await expect(profile.achievements.getByText('0/4', { exact: true })).toBeVisible();
  await expect(profile.achievements.getByRole('listitem')).toHaveCount(4);
  await expect(profile.achievements.getByText('Locked', { exact: true })).toHaveCount(4);

  await expect(profile.ranks).toHaveCount(10);
  await expect(profile.ranks.first()).toContainText('Budget Rookie');
  await expect(profile.ranks.first()).toContainText('Current');
  await expect(profile.ranks.last()).toContainText('Financial Legend');

  await expect(profile.disconnect).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
});

test('stored XP and unlocked achievements show as level, progress and Unlocked badges', async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request);
  await seedSession(page, user.token, { user_xp: '350', streak_starter_unlocked: 'true' });
  const profile = new ProfilePage(page);
  await profile.goto();

  await expect(page.getByRole('heading', { name: 'Money Manager', level: 2 })).toBeVisible();
  await expect(page.getByText('350 / 500 XP')).toBeVisible();
  await expect(profile.achievements.getByText('1/4', { exact: true })).toBeVisible();
  const streak = profile.achievements.getByRole('listitem').filter({ hasText: 'Streak Starter' });
  await expect(streak).toContainText('Unlocked');
  await expect(profile.ranks.nth(2)).toContainText('Current');
});

test('when the user logs out, then the token and progress are cleared and /login opens', async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request);
  const progress = {
    user_xp: '250',
    userLives: '3',
    userGoal: 'Track Spending',
    login_dates: JSON.stringify(['2024-01-01']),
    quest_savings: JSON.stringify({ isStarted: true, timeRemaining: 100 }),
    quests_instructions_dismissed: 'true',
  };
  await seedSession(page, user.token, progress);
  const profile = new ProfilePage(page);
  await profile.goto();
  await profile.logout.click();

  await expect(page).toHaveURL(routeUrl('/login'));
  for (const key of ['token', 'onboarding_completed', ...Object.keys(progress)]) {
    expect(await storageValue(page, key), key).toBeNull();
  }
  await page.goto('/#/profile');
  await expect(page).toHaveURL(routeUrl('/login'));
});

test('when the user deletes their account, then they are told, signed out, and cannot sign in again', async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request);
  await seedSession(page, user.token, { user_xp: '120' });
  const profile = new ProfilePage(page);
  await profile.goto();

  await profile.deleteAccount.click();
  await expect(profile.confirmDialog).toBeVisible();
  await profile.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(profile.confirmDialog).toHaveCount(0);

  await profile.deleteAccountConfirmed();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your account has been successfully deleted.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(routeUrl('/login'));
  expect(await storageValue(page, 'token')).toBeNull();
  expect(await storageValue(page, 'user_xp')).toBeNull();

  const login = new LoginPage(page);
  await login.signIn(user.email, user.password);
  await expect(login.error).toBeVisible();
  await expect(page).toHaveURL(routeUrl('/login'));
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
    request,
  }) => {
    const user = await registerViaApi(request);
    await seedSession(page, user.token);
    await page.route('**/api/plaid/accounts', (route) => route.fulfill({ json: { accounts: [account] } }));
    let answer: { status: number; json?: unknown } = { status: 500, json: { error: 'Plaid is unavailable' } };
    await page.route('**/api/plaid/disconnect', (route) => route.fulfill(answer));
    const profile = new ProfilePage(page);
    await profile.goto();
    await expect(page.getByText('Plaid Checking')).toBeVisible();
    await expect(profile.disconnect).toBeEnabled();

    await profile.disconnect.click();
    await profile.confirmDialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Plaid is unavailable' })).toBeVisible();

    answer = { status: 502 };
    await profile.disconnect.click();
    await profile.confirmDialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to disconnect bank account. Please try again.' }),
    ).toBeVisible();
  });

  test('when disconnecting succeeds, then the accounts reload and the button is disabled', async ({
    page,
    request,
  }) => {
    const user = await registerViaApi(request);
    await seedSession(page, user.token);
    let linked = [account];
    await page.route('**/api/plaid/accounts', (route) => route.fulfill({ json: { accounts: linked } }));
    await page.route('**/api/plaid/disconnect', (route) => {
      linked = [];
      return route.fulfill({ json: { message: 'Disconnected' } });
    });
    const profile = new ProfilePage(page);
    await profile.goto();
    await profile.disconnect.click();
    await profile.confirmDialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect(profile.disconnect).toBeDisabled();
    await expect(page.getByText('No bank account connected.', { exact: false })).toBeVisible();
  });

  test('when deleting the account fails, then the user is told and stays signed in', async ({
    page,
    request,
  }) => {
    const user = await registerViaApi(request);
    await seedSession(page, user.token);
    await page.route('**/api/auth/account', (route) =>
      route.fulfill({ status: 500, json: { error: 'boom' } }),
    );
    const profile = new ProfilePage(page);
    await profile.goto();
    await profile.deleteAccountConfirmed();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to delete account. Please try again.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(routeUrl('/profile'));
    expect(await storageValue(page, 'token')).toBe(user.token);
  });
});
