// Forgot password -> e-mailed link -> new password -> sign in, and the reset screen's checks.
import { expect, test } from '@playwright/test';
import { ForgotPasswordPage } from './pages/forgot-password-page';
import { LoginPage } from './pages/login-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { registerViaApi, routeUrl } from './support/users';
import { waitForResetLink } from './support/outbox';

test('when a user resets their password from the e-mailed link, then only the new one signs in', async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request);
  const forgot = new ForgotPasswordPage(page);
  await forgot.goto();
  await forgot.requestLink(user.email);
  await expect(page.getByRole('status')).toContainText('password reset link has been sent');
  await expect(page.getByRole('link', { name: 'Back to Sign In' })).toBeVisible();

  const link = await waitForResetLink(user.email);
  const reset = new ResetPasswordPage(page);
  await page.goto(link);
  await reset.waitToLoad();
  const newPassword = 'brand-new-pass';
  await reset.reset(newPassword);
  await expect(reset.successHeading).toBeVisible();
  const shownAt = Date.now();

  // Redirects to sign in after 3 s, not at once.
  await expect(page).toHaveURL(routeUrl('/login'), { timeout: 8_000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2_500);

  const login = new LoginPage(page);
  await login.waitToLoad();
  await login.signIn(user.email, user.password);
  await expect(login.error).toBeVisible();
  await expect(page).toHaveURL(routeUrl('/login'));

  await login.signIn(user.email, newPassword);
  await expect(page).toHaveURL(routeUrl('/'));
  await expect(page.getByRole('heading', { name: 'Quests', level: 1 })).toBeVisible();
});

test('when the reset page has no token, then it says the link is invalid and links to a new request', async ({
  page,
}) => {
  const reset = new ResetPasswordPage(page);
  await reset.goto(null);
  await expect(page.getByText('Invalid password reset link. Please request a new one.')).toBeVisible();
  await expect(reset.submit).toHaveCount(0);
  await page.getByRole('link', { name: 'Request a new reset link' }).click();
  await expect(page).toHaveURL(routeUrl('/forgot-password'));
});

test('when the new passwords differ or are short, then the reset form says so', async ({ page }) => {
  const reset = new ResetPasswordPage(page);
  await reset.goto('some-token');
  await reset.waitToLoad();
  await reset.reset('abcdef', 'abcdeg');
  await expect(reset.error).toHaveText('Passwords do not match');
  await reset.reset('abc');
  await expect(reset.error).toHaveText('Password must be at least 6 characters long');
});

test("when the link's token is not valid, then the server's error is shown", async ({ page }) => {
  const reset = new ResetPasswordPage(page);
  await reset.goto('not-a-real-token');
  await reset.waitToLoad();
  await reset.reset('abcdef');
  await expect(reset.error).not.toBeEmpty();
  await expect(reset.successHeading).toHaveCount(0);
});
