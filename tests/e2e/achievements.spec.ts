// Streak Starter and Budget Pro unlock once on sign-in, with their exact messages and 100 XP.
import { test, expect } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { registerViaApi, seedStorage, storageValue, routeUrl } from './support/users';

/** Local calendar day `offset` days from today, as the app stores it. */
function day(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const STREAK = 'Achievement Unlocked: Streak Starter! You earned 100 XP for logging in 3 days in a row!';
const BUDGET_PRO = 'Achievement Unlocked: Budget Pro! You earned 100 XP for using the app for 30 days!';

test('when a user signs in on the third day in a row, then Streak Starter unlocks once with 100 XP', async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request);
  await seedStorage(page, {
    user_xp: '0',
    onboarding_completed: 'true',
    login_dates: JSON.stringify([day(-2), day(-1)]),
  });
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(user.email, user.password);
  await expect(page).toHaveURL(routeUrl('/'));
  await expect(page.getByRole('alert').filter({ hasText: STREAK })).toBeVisible();
  expect(await storageValue(page, 'user_xp')).toBe('110');
  expect(await storageValue(page, 'streak_starter_unlocked')).toBe('true');

  // Signing in again the same day adds the login XP only.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('about:blank');
  await login.goto();
  await login.signIn(user.email, user.password);
  await expect(page).toHaveURL(routeUrl('/'));
  expect(await storageValue(page, 'user_xp')).toBe('120');
  await expect(page.getByRole('alert').filter({ hasText: STREAK })).toHaveCount(0);
});

test('when the app is used on a 30th distinct day, then Budget Pro unlocks with its message', async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request);
  const days = Array.from({ length: 29 }, (_, i) => day(-1 - i * 2));
  await seedStorage(page, {
    token: user.token,
    user_xp: '5',
    onboarding_completed: 'true',
    daily_usage_dates: JSON.stringify(days),
  });
  await page.goto('/#/profile');
  await expect(page.getByRole('alert').filter({ hasText: BUDGET_PRO })).toBeVisible();
  expect(await storageValue(page, 'user_xp')).toBe('105');
  expect(await storageValue(page, 'budget_pro_unlocked')).toBe('true');
  expect(JSON.parse((await storageValue(page, 'daily_usage_dates')) ?? '[]')).toHaveLength(30);
});
