// Routing: the bottom navigation, sign-in and XP guards, the fallback page, the Add Expense button.
import { expect, test } from '@playwright/test';
import { AppShell, NAV_ENTRIES } from './pages/app-shell';
import { registerViaApi, routeUrl, seedSession, setStorageAndReload } from './support/users';

test('the bottom navigation reaches all five entries and marks the active one', async ({ page, request }) => {
  const user = await registerViaApi(request);
  await seedSession(page, user.token);
  await page.goto('/#/');
  const shell = new AppShell(page);
  await expect(shell.nav.getByRole('link')).toHaveCount(5);

  for (const { label, route } of NAV_ENTRIES) {
    await shell.navLink(label).click();
    await expect(page).toHaveURL(routeUrl(route));
    await expect(shell.navLink(label)).toHaveAttribute('aria-current', 'page');
    await expect(shell.nav.locator('[aria-current="page"]')).toHaveCount(1);
  }
});

for (const route of ['/home', '/profile', '/games/2048']) {
  test(`when a visitor opens ${route}, then they are sent to /login`, async ({ page }) => {
    await page.goto(`/#${route}`);
    await expect(page).toHaveURL(routeUrl('/login'));
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
}

test('the locked games open only with enough XP', async ({ page, request }) => {
  const user = await registerViaApi(request);
  await seedSession(page, user.token, { user_xp: '0' });
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

test('an unknown route shows the fallback page', async ({ page }) => {
  await page.goto('/#/no-such-page');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
});

test('the Add Expense button shows on app and legal pages but not on the auth screens', async ({
  page,
  request,
}) => {
  const shell = new AppShell(page);
  for (const route of ['/login', '/register', '/forgot-password', '/reset-password']) {
    await page.goto(`/#${route}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(shell.addExpense).toHaveCount(0);
  }
  await page.goto('/#/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(shell.addExpense).toBeVisible();

  const user = await registerViaApi(request);
  await setStorageAndReload(page, { token: user.token, onboarding_completed: 'true' });
  await page.goto('/#/home');
  await expect(page).toHaveURL(routeUrl('/home'));
  await expect(shell.addExpense).toBeVisible();
});
