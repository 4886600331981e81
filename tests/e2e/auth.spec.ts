// Sign-in and registration journeys, their validation messages and the signed-in redirects.
import { expect, test } from './fixtures';
import { PASSWORD, uniqueEmail } from '../support/accounts';
import { routeUrl, storageValue } from '../support/browser/users';

test.describe('register', () => {
  test('when a visitor creates an account, then they land on the Quests page signed in', async ({
    page,
    register,
    quests,
  }) => {
    await register.goto();
    await register.register(uniqueEmail('reg'), PASSWORD);

    await expect(page).toHaveURL(routeUrl('/'));
    await quests.waitToLoad();
    expect(await storageValue(page, 'token')).toBeTruthy();
    expect(await storageValue(page, 'user_xp')).toBe('0');
  });

  test('when fields are empty, then it says all fields are required', async ({ page, register }) => {
    await register.goto();
    await register.submit.click();
    await expect(register.error).toHaveText('All fields are required');
    await expect(page).toHaveURL(routeUrl('/register'));
  });

  test('when the e-mail is not an address, then it asks for a valid one', async ({ register }) => {
    await register.goto();
    await register.register('not-an-email', PASSWORD);
    await expect(register.error).toHaveText('Please enter a valid email address');
  });

  test('when the password is shorter than 6, then it says so', async ({ register }) => {
    await register.goto();
    await register.register(uniqueEmail(), '12345');
    await expect(register.error).toHaveText('Password must be at least 6 characters long');
  });

  test('when the passwords differ, then it says they do not match', async ({ register }) => {
    await register.goto();
    await register.register(uniqueEmail(), PASSWORD, `${PASSWORD}x`);
    await expect(register.error).toHaveText('Passwords do not match');
  });

  test('the form states the minimum age of 13 and links the terms and privacy policy', async ({
    page,
    register,
  }) => {
    await register.goto();
    const notice = page.locator('form').getByText(/at least 13 years old/);
    await expect(notice).toBeVisible();
    await notice.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(routeUrl('/terms-of-service'));
  });

  test.describe('with an account already registered', () => {
    test.use({ session: 'signed-out' });

    test("when the e-mail is taken, then the server's error is shown", async ({
      page,
      request,
      user,
      register,
    }) => {
      const again = await request.post('/api/auth/register', {
        data: { email: user.email, password: PASSWORD },
      });
      const serverError = ((await again.json()) as { error: string }).error;
      // The server's own text, so the check below cannot pass on an empty message.
      expect(serverError).toBe('An account with this email already exists');

      await register.goto();
      await register.register(user.email, PASSWORD);
      await expect(register.error).toHaveText(serverError);
      await expect(page).toHaveURL(routeUrl('/register'));
      expect(await storageValue(page, 'token')).toBeNull();
    });
  });
});

test.describe('login', () => {
  test('when fields are empty, then it asks for both e-mail and password', async ({ login }) => {
    await login.goto();
    await login.submit.click();
    await expect(login.error).toHaveText('Please enter both email and password');
  });

  test('the screen links to forgot-password, register and the legal pages', async ({ page, login }) => {
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

  test.describe('a returning user with 40 XP', () => {
    test.use({ session: 'signed-out', progress: { user_xp: '40' } });

    test('when they sign in, then they get 10 XP, today is recorded and they go to /', async ({
      page,
      user,
      login,
      quests,
    }) => {
      await login.goto();
      await login.signIn(user.email, user.password);

      await expect(page).toHaveURL(routeUrl('/'));
      await quests.waitToLoad();
      expect(await storageValue(page, 'user_xp')).toBe('50');
      const today = await page.evaluate(() => {
        const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      });
      expect(JSON.parse((await storageValue(page, 'login_dates')) ?? '[]')).toContain(today);
    });
  });

  test.describe('a registered user who is signed out', () => {
    test.use({ session: 'signed-out' });

    test('when the password is wrong, then the server error is shown and nothing is stored', async ({
      page,
      user,
      login,
    }) => {
      await login.goto();
      await login.signIn(user.email, 'wrong-password');
      await expect(login.error).toHaveText('Invalid email or password');
      await expect(page).toHaveURL(routeUrl('/login'));
      expect(await storageValue(page, 'token')).toBeNull();
    });

    test('while signing in, the button is busy and a second press sends nothing', async ({
      page,
      user,
      login,
    }) => {
      let calls = 0;
      // The answer is held until the second press is made, so the test never races the sign-in.
      let answer = () => {};
      const held = new Promise<void>((r) => (answer = r));
      await page.route('**/api/auth/login', async (route) => {
        calls += 1;
        await held;
        await route.continue();
      });
      await login.goto();
      await login.email.fill(user.email);
      await login.password.fill(user.password);
      await login.password.press('Enter');
      const busy = page.getByRole('button', { name: 'Signing In…' });
      await expect(busy).toBeDisabled();
      await login.password.press('Enter');
      answer();
      await expect(page).toHaveURL(routeUrl('/'));
      expect(calls).toBe(1);
    });
  });

  test.describe('a signed-in user', () => {
    test.use({ session: 'signed-in' });

    test('when they open /login or /register, then they go to /', async ({ page }) => {
      await page.goto('/#/login');
      await expect(page).toHaveURL(routeUrl('/'));
      await page.goto('/#/register');
      await expect(page).toHaveURL(routeUrl('/'));
    });
  });
});

test.describe('auth failures without a server message', () => {
  test('when the network is down, then register says to check the connection', async ({ page, register }) => {
    await page.route('**/api/auth/register', (route) => route.abort('internetdisconnected'));
    await register.goto();
    await register.register(uniqueEmail(), PASSWORD);
    await expect(register.error).toHaveText('Network error. Please check your internet connection.');
  });

  test('when the server fails without an error text, then login shows its fallback', async ({
    page,
    login,
  }) => {
    await page.route('**/api/auth/login', (route) => route.fulfill({ status: 500, body: '' }));
    await login.goto();
    await login.signIn(uniqueEmail(), PASSWORD);
    await expect(login.error).toHaveText('Login failed. Please check your credentials.');
  });
});

test.describe('the sign-in greeting (issue 25)', () => {
  test('when a first-time visitor opens the app, then they are welcomed, not welcomed back', async ({
    page,
    login,
  }) => {
    await page.goto('/#/');
    await login.waitToLoad();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome');
    await expect(page.getByText('Sign in, or create an account to start your quest.')).toBeVisible();
    await expect(page.getByText('Welcome back')).toHaveCount(0);
  });

  test.describe('a registered user', () => {
    test.use({ session: 'signed-out' });

    test('when they sign in and later log out, then the sign-in screen welcomes them back', async ({
      page,
      user,
      login,
      quests,
      profile,
    }) => {
      await login.goto();
      await login.signIn(user.email, user.password);
      await quests.waitToLoad();
      await profile.goto();
      await profile.logout.click();
      await login.waitToLoad();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back');
    });
  });
});
