// Streak Starter and Budget Pro unlock once on sign-in, with their exact messages and 100 XP.
import { expect, test } from './fixtures';
import { storageValue, routeUrl } from '../support/browser/users';

/** Local calendar day `offset` days from today, as the app stores it. */
function day(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const STREAK = 'Achievement Unlocked: Streak Starter! You earned 100 XP for logging in 3 days in a row!';
const BUDGET_PRO = 'Achievement Unlocked: Budget Pro! You earned 100 XP for using the app for 30 days!';

test.describe('a user who signed in on the two days before today', () => {
  test.use({
    session: 'signed-out',
    progress: { user_xp: '0', login_dates: JSON.stringify([day(-2), day(-1)]) },
  });

  test('when they sign in on the third day in a row, then Streak Starter unlocks once with 100 XP', async ({
    page,
    user,
    login,
  }) => {
    await login.goto();
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(routeUrl('/'));
    await expect(login.notice(STREAK)).toBeVisible();
    expect(await storageValue(page, 'user_xp')).toBe('110');
    expect(await storageValue(page, 'streak_starter_unlocked')).toBe('true');

    // Signing in again the same day pays nothing: the server pays the +10 once a calendar day.
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto('about:blank');
    await login.goto();
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(routeUrl('/'));
    await expect(page.getByText(/Lives Remaining/).first()).toBeVisible();
    expect(await storageValue(page, 'user_xp')).toBe('110');
    await expect(login.notice(STREAK)).toHaveCount(0);
  });
});

test.describe('a signed-in user who has used the app on 29 days', () => {
  test.use({
    session: 'signed-in',
    progress: {
      user_xp: '5',
      daily_usage_dates: JSON.stringify(Array.from({ length: 29 }, (_, i) => day(-1 - i * 2))),
    },
  });

  test('when the app is used on a 30th distinct day, then Budget Pro unlocks with its message', async ({
    page,
    profile,
  }) => {
    await page.goto('/#/profile');
    await expect(profile.notice(BUDGET_PRO)).toBeVisible();
    expect(await storageValue(page, 'user_xp')).toBe('105');
    expect(await storageValue(page, 'budget_pro_unlocked')).toBe('true');
    expect(JSON.parse((await storageValue(page, 'daily_usage_dates')) ?? '[]')).toHaveLength(30);
  });
});
