// Automated accessibility checks (axe, WCAG 2.1 A and AA) of every screen built so far.
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { registerViaApi, seedSession } from './support/users';

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

for (const route of [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=abc',
  '/reset-password',
]) {
  test(`when a visitor opens ${route}, then axe finds no WCAG A/AA violations`, async ({ page }) => {
    await page.goto(`/#${route}`);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectNoViolations(page);
  });
}

for (const route of [
  '/privacy-policy',
  '/terms-of-service',
  '/account-deletion',
  '/home',
  '/transactions',
  '/profile',
  '/',
]) {
  test(`when a signed-in user opens ${route}, then axe finds no WCAG A/AA violations`, async ({
    page,
    request,
  }) => {
    const user = await registerViaApi(request);
    await seedSession(page, user.token, { userGoal: 'Track Spending' });
    await page.goto(`/#${route}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoViolations(page);
  });
}

test('when the Add Expense modal and the Plaid Link dialog are open, then axe finds no violations', async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request);
  await seedSession(page, user.token, { userGoal: 'Track Spending' });
  await page.goto('/#/home');
  await page.getByRole('button', { name: 'Add Expense' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Expense' })).toBeVisible();
  await expectNoViolations(page);
  await page.keyboard.press('Escape');
  await page.goto('/#/transactions');
  await page.getByRole('button', { name: /Connect Bank Account/ }).click();
  await expect(page.getByRole('dialog', { name: /Plaid Link/ })).toBeVisible();
  await expectNoViolations(page);
});
