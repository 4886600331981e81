// Page object of /reset-password?token=...
import { expect, type Locator, type Page } from '@playwright/test';
import { routeUrl } from '../support/users';

export class ResetPasswordPage {
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly successHeading: Locator;

  constructor(readonly page: Page) {
    this.newPassword = page.getByLabel('New Password', { exact: true });
    this.confirmPassword = page.getByLabel('Confirm Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Reset Password' });
    this.error = page.locator('form').getByRole('alert');
    this.successHeading = page.getByRole('heading', { name: 'Password Reset Successful' });
  }

  /** Opens the page with `token`, or without any when it is null. */
  async goto(token: string | null): Promise<void> {
    await this.page.goto(
      token === null ? '/#/reset-password' : `/#/reset-password?token=${encodeURIComponent(token)}`,
    );
    await expect(this.page).toHaveURL(routeUrl('/reset-password'));
  }

  async waitToLoad(): Promise<void> {
    await expect(this.submit).toBeVisible();
  }

  async reset(password: string, confirmPassword = password): Promise<void> {
    await this.newPassword.fill(password);
    await this.confirmPassword.fill(confirmPassword);
    await this.submit.click();
  }
}
