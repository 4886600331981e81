// Routing: the bottom navigation, sign-in and XP guards, the fallback page, the Add Expense button.
import { expect, test } from './fixtures';
import { NAV_ENTRIES } from './pages/base-page';
import { routeUrl, setStorageAndReload } from '../support/browser/users';

for (const route of ['/home', '/profile', '/games/2048']) {
  test(`when a visitor opens ${route}, then they are sent to /login`, async ({ page, login }) => {
    await page.goto(`/#${route}`);
    await expect(page).toHaveURL(routeUrl('/login'));
    await expect(login.submit).toBeVisible();
  });
}

test('an unknown route shows the fallback page', async ({ page }) => {
  await page.goto('/#/no-such-page');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
});

test.describe('a signed-in user with no XP', () => {
  test.use({ session: 'signed-in' });

  test('the bottom navigation reaches all five entries and marks the active one', async ({
    page,
    quests,
  }) => {
    await page.goto('/#/');
    await expect(quests.nav.getByRole('link')).toHaveCount(5);

    for (const { label, route } of NAV_ENTRIES) {
      await quests.navLink(label).click();
      await expect(page).toHaveURL(routeUrl(route));
      await expect(quests.navLink(label)).toHaveAttribute('aria-current', 'page');
      await expect(quests.nav.locator('[aria-current="page"]')).toHaveCount(1);
    }
  });

  test('the locked games open only with enough XP', async ({ page }) => {
    const expectRoute = async (open: string, landsOn: string) => {
      await page.goto(`/#${open}`);
      await page.reload();
      await expect(page).toHaveURL(routeUrl(landsOn));
    };

    await expectRoute('/games/helicopter', '/games');
    await expectRoute('/games/2048', '/games');

    await setStorageAndReload(page, { user_xp: '300' });
    await expectRoute('/games/helicopter', '/games/helicopter');
    await expectRoute('/games/2048', '/games');

    await setStorageAndReload(page, { user_xp: '1000' });
    await expectRoute('/games/helicopter', '/games/helicopter');
    await expectRoute('/games/2048', '/games/2048');
  });
});

test.describe('a registered user, signed out', () => {
  test.use({ session: 'signed-out' });

  test('the Add Expense button shows on app and legal pages but not on the auth screens', async ({
    page,
    user,
    home,
  }) => {
    // The shell's button, the same on every screen.
    const { addExpense } = home;
    for (const route of ['/login', '/register', '/forgot-password', '/reset-password']) {
      await page.goto(`/#${route}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(addExpense).toHaveCount(0);
    }
    await page.goto('/#/privacy-policy');
    await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
    await expect(addExpense).toBeVisible();

    await setStorageAndReload(page, { token: user.token });
    await page.goto('/#/home');
    await expect(page).toHaveURL(routeUrl('/home'));
    await expect(addExpense).toBeVisible();
  });
});
