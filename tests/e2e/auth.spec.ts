// Sign-in and registration journeys, their validation messages and the signed-in redirects.
import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { RegisterPage } from './pages/register-page';
import {
  PASSWORD,
  registerViaApi,
  routeUrl,
  seedSession,
  seedStorage,
  storageValue,
  uniqueEmail,
} from './support/users';

test.describe('register', () => {
  test('when a visitor creates an account, then they land on the Quests page signed in', async ({ page }) => {
    const register = new RegisterPage(page);
    await register.goto();
    await register.register(uniqueEmail('reg'), PASSWORD);

    await expect(page).toHaveURL(routeUrl('/'));
    await expect(page.getByRole('heading', { name: 'Quests', level: 1 })).toBeVisible();
    expect(await storageValue(page, 'token')).toBeTruthy();
    expect(await storageValue(page, 'user_xp')).toBe('0');
  });

  test('when fields are empty, then it says all fields are required', async ({ page }) => {
    const register = new RegisterPage(page);
    await register.goto();
    await register.submit.click();
    await expect(register.error).toHaveText('All fields are required');
    await expect(page).toHaveURL(routeUrl('/register'));
  });

  test('when the e-mail is not an address, then it asks for a valid one', async ({ page }) => {
    const register = new RegisterPage(page);
    await register.goto();
    await register.register('not-an-email', PASSWORD);
    await expect(register.error).toHaveText('Please enter a valid email address');
  });

  test('when the password is shorter than 6, then it says so', async ({ page }) => {
    const register = new RegisterPage(page);
    await register.goto();
    await register.register(uniqueEmail(), '12345');
    await expect(register.error).toHaveText('Password must be at least 6 characters long');
  });

  test('when the passwords differ, then it says they do not match', async ({ page }) => {
    const register = new RegisterPage(page);
    await register.goto();
    await register.register(uniqueEmail(), PASSWORD, `${PASSWORD}x`);
    await expect(register.error).toHaveText('Passwords do not match');
  });

  test("when the e-mail is taken, then the server's error is shown", async ({ page, request }) => {
    const user = await registerViaApi(request);
    const again = await request.post('/api/auth/register', {
      data: { email: user.email, password: PASSWORD },
    });
    const serverError = ((await again.json()) as { error: string }).error;
    expect(serverError).toBeTruthy();

    const register = new RegisterPage(page);
    await register.goto();
    await register.register(user.email, PASSWORD);
    await expect(register.error).toHaveText(serverError);
    await expect(page).toHaveURL(routeUrl('/register'));
    expect(await storageValue(page, 'token')).toBeNull();
  });

  test('the form states the minimum age of 13 and links the terms and privacy policy', async ({ page }) => {
    const register = new RegisterPage(page);
    await register.goto();
    const notice = page.locator('form').getByText(/at least 13 years old/);
    await expect(notice).toBeVisible();
    await notice.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(routeUrl('/terms-of-service'));
  });
});

test.describe('login', () => {
  test('when fields are empty, then it asks for both e-mail and password', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.submit.click();
    await expect(login.error).toHaveText('Please enter both email and password');
  });

  test('when a returning user signs in, then they get 10 XP, today is recorded and they go to /', async ({
    page,
    request,
  }) => {
    const user = await registerViaApi(request);
    await seedStorage(page, { user_xp: '40', onboarding_completed: 'true' });
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.email, user.password);

    await expect(page).toHaveURL(routeUrl('/'));
    await expect(page.getByRole('heading', { name: 'Quests', level: 1 })).toBeVisible();
    expect(await storageValue(page, 'user_xp')).toBe('50');
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    expect(JSON.parse((await storageValue(page, 'login_dates')) ?? '[]')).toContain(today);
  });

  test('when the password is wrong, then the server error is shown and nothing is stored', async ({
    page,
    request,
  }) => {
    const user = await registerViaApi(request);
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.email, 'wrong-password');
    await expect(login.error).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(routeUrl('/login'));
    expect(await storageValue(page, 'token')).toBeNull();
  });

  test('the screen links to forgot-password, register and the legal pages', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    for (const [name, route] of [
      ['Forgot your password?', '/forgot-password'],
      ['Create an account', '/register'],
      ['Terms of Service', '/terms-of-service'],
      ['Privacy Policy', '/privacy-policy'],
      ['Account Deletion', '/account-deletion'],
    ] as const) {
      await expect(page.getByRole('link', { name, exact: true }).first()).toHaveAttribute(
        'href',
        `#${route}`,
      );
    }
  });

  test('when a signed-in user opens /login or /register, then they go to /', async ({ page, request }) => {
    const user = await registerViaApi(request);
    await seedSession(page, user.token);
    await page.goto('/#/login');
    await expect(page).toHaveURL(routeUrl('/'));
    await page.goto('/#/register');
    await expect(page).toHaveURL(routeUrl('/'));
  });
});

test.describe('auth failures without a server message', () => {
  test('when the network is down, then register says to check the connection', async ({ page }) => {
    await page.route('**/api/auth/register', (route) => route.abort('internetdisconnected'));
    const register = new RegisterPage(page);
    await register.goto();
    await register.register(uniqueEmail(), PASSWORD);
    await expect(register.error).toHaveText('Network error. Please check your internet connection.');
  });

  test('when the server fails without an error text, then login shows its fallback', async ({ page }) => {
    await page.route('**/api/auth/login', (route) => route.fulfill({ status: 500, body: '' }));
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(uniqueEmail(), PASSWORD);
    await expect(login.error).toHaveText('Login failed. Please check your credentials.');
  });

  test('while signing in, the button is busy and a second press sends nothing', async ({ page, request }) => {
    const user = await registerViaApi(request);
    let calls = 0;
    await page.route('**/api/auth/login', async (route) => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    const login = new LoginPage(page);
    await login.goto();
    await login.email.fill(user.email);
    await login.password.fill(user.password);
    await login.password.press('Enter');
    const busy = page.getByRole('button', { name: 'Signing In…' });
    await expect(busy).toBeDisabled();
    await login.password.press('Enter');
    await expect(page).toHaveURL(routeUrl('/'));
    expect(calls).toBe(1);
  });
});
