// Page object of /reset-password?token=...
import { expect, type Locator, type Page } from '@playwright/test';
import { routeUrl } from '../../support/browser/users';
import { BasePage } from './base-page';

export class ResetPasswordPage extends BasePage {
  readonly route = '/reset-password';
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly successHeading: Locator;
  protected readonly ready: Locator;

  constructor(page: Page) {
    super(page);
    this.newPassword = page.getByLabel('New Password', { exact: true });
    this.confirmPassword = page.getByLabel('Confirm Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Reset Password' });
    this.error = page.locator('form').getByRole('alert');
    this.successHeading = page.getByRole('heading', { name: 'Password Reset Successful' });
    this.ready = this.submit;
  }

  /** Opens the page with `token`, or without any when it is null (then there is no form to wait for). */
  async open(token: string | null): Promise<void> {
    await this.page.goto(
      token === null ? `/#${this.route}` : `/#${this.route}?token=${encodeURIComponent(token)}`,
    );
    await expect(this.page).toHaveURL(routeUrl(this.route));
  }

  /**
   * Makes the page's opening check accept any token, as for a link that is still fresh when it
   * opens (its form checks, or a link that expires before it is submitted).
   */
  async treatLinkAsFresh(): Promise<void> {
    await this.page.route('**/api/auth/reset-password/check', (route) =>
      route.fulfill({ json: { valid: true } }),
    );
  }

  async reset(password: string, confirmPassword = password): Promise<void> {
    await this.newPassword.fill(password);
    await this.confirmPassword.fill(confirmPassword);
    await this.submit.click();
  }
}
