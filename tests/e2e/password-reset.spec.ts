// Forgot password -> e-mailed link -> new password -> sign in, and the reset screen's checks.
import { expect, test } from './fixtures';
import { routeUrl } from '../support/browser/users';
import { waitForResetLink } from '../support/browser/outbox';

test.describe('a registered user who forgot their password', () => {
  test.use({ session: 'signed-out' });

  test('when they reset it from the e-mailed link, then only the new one signs in', async ({
    page,
    user,
    forgotPassword,
    resetPassword,
    login,
    quests,
  }) => {
    await forgotPassword.goto();
    await forgotPassword.requestLink(user.email);
    await expect(page.getByRole('status')).toContainText('password reset link has been sent');
    await expect(page.getByRole('link', { name: 'Back to Sign In' })).toBeVisible();

    const link = await waitForResetLink(user.email);
    await page.goto(link);
    await resetPassword.waitToLoad();
    const newPassword = 'brand-new-pass';
    await resetPassword.reset(newPassword);
    await expect(resetPassword.successHeading).toBeVisible();
    const shownAt = Date.now();

    // Redirects to sign in after 3 s, not at once.
    await expect(page).toHaveURL(routeUrl('/login'), { timeout: 8_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2_500);

    await login.waitToLoad();
    await login.signIn(user.email, user.password);
    await expect(login.error).toBeVisible();
    await expect(page).toHaveURL(routeUrl('/login'));

    await login.signIn(user.email, newPassword);
    await expect(page).toHaveURL(routeUrl('/'));
    await quests.waitToLoad();
  });
});

test('when the reset page has no token, then it says the link is invalid and links to a new request', async ({
  page,
  resetPassword,
}) => {
  await resetPassword.open(null);
  await expect(page.getByText('Invalid password reset link. Please request a new one.')).toBeVisible();
  await expect(resetPassword.submit).toHaveCount(0);
  await page.getByRole('link', { name: 'Request a new reset link' }).click();
  await expect(page).toHaveURL(routeUrl('/forgot-password'));
});

test('when the new passwords differ or are short, then the reset form says so', async ({ resetPassword }) => {
  await resetPassword.treatLinkAsFresh();
  await resetPassword.open('some-token');
  await resetPassword.waitToLoad();
  await resetPassword.reset('abcdef', 'abcdeg');
  await expect(resetPassword.error).toHaveText('Passwords do not match');
  await resetPassword.reset('abc');
  await expect(resetPassword.error).toHaveText('Password must be at least 6 characters long');
});

test("when a link stops working after it was opened, then the server's error is shown", async ({
  resetPassword,
}) => {
  await resetPassword.treatLinkAsFresh();
  await resetPassword.open('not-a-real-token');
  await resetPassword.waitToLoad();
  await resetPassword.reset('abcdef');
  await expect(resetPassword.error).not.toBeEmpty();
  await expect(resetPassword.successHeading).toHaveCount(0);
});
