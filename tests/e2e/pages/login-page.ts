// Page object of /login.
import { expect, type Locator, type Page } from '@playwright/test';
import { routeUrl } from '../support/users';

export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  /** The form's own error message (toasts are role="alert" too, outside the form). */
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Sign In' });
    this.error = page.locator('form').getByRole('alert');
  }

  async goto(): Promise<void> {
    await this.page.goto('/#/login');
    await this.waitToLoad();
  }

  async waitToLoad(): Promise<void> {
    await expect(this.page).toHaveURL(routeUrl('/login'));
    await expect(this.submit).toBeVisible();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}
