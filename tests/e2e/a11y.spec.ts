// Automated accessibility checks (axe, WCAG 2.1 A and AA) of every screen built so far.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function expectNoViolations(page: Page, extraRules: string[] = []) {
  // Experimental rules (off by default in axe) are turned on where a page needs them checked.
  const rules = Object.fromEntries(extraRules.map((id) => [id, { enabled: true }]));
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules })
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

test.describe('a signed-in user', () => {
  test.use({ session: 'signed-in' });

  for (const route of [
    '/privacy-policy',
    '/terms-of-service',
    '/account-deletion',
    '/home',
    '/transactions',
    '/bills',
    '/profile',
    '/',
  ]) {
    test(`when a signed-in user opens ${route}, then axe finds no WCAG A/AA violations`, async ({ page }) => {
      await page.goto(`/#${route}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page);
    });
  }

  test('when a signed-in user opens /dev-admin, then every button is named by its visible text (WCAG 2.5.3)', async ({
    page,
  }) => {
    await page.goto('/#/dev-admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Mark Completed', { exact: true }).first()).toBeVisible();
    await expectNoViolations(page, ['label-content-name-mismatch']);
  });

  test('when the Add Expense modal and the Plaid Link dialog are open, then axe finds no violations', async ({
    page,
    home,
    expenseModal,
    transactions,
    plaidLink,
  }) => {
    await page.goto('/#/home');
    await home.addExpense.click();
    await expect(expenseModal.form).toBeVisible();
    await expectNoViolations(page);
    await page.keyboard.press('Escape');
    await page.goto('/#/transactions');
    await transactions.connect.click();
    await expect(plaidLink.dialog).toBeVisible();
    await expectNoViolations(page);
  });
});
