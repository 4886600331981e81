// "The same player on another device": a second, fresh browser (nothing stored) of the same size,
// signed in through the sign-in page.
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { LoginPage } from '../../e2e/pages/login-page';
import { routeUrl } from './users';

export async function onFreshDevice(
  browser: Browser,
  like: Page,
  user: { email: string; password: string },
  work: (fresh: Page) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: like.viewportSize(),
    serviceWorkers: 'block',
  });
  try {
    const fresh = await context.newPage();
    const login = new LoginPage(fresh);
    await login.goto();
    await login.signIn(user.email, user.password);
    await expect(fresh).toHaveURL(routeUrl('/'));
    await work(fresh);
  } finally {
    await context.close();
  }
}
