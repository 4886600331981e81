// Page object of /login.
import type { Locator, Page } from '@playwright/test';
import { BasePage } from './base-page';

export class LoginPage extends BasePage {
  readonly route = '/login';
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  /** The form's own error message (toasts are role="alert" too, outside the form). */
  readonly error: Locator;
  protected readonly ready: Locator;

  constructor(page: Page) {
    super(page);
    this.email = page.getByLabel('Email', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Sign In' });
    this.error = page.locator('form').getByRole('alert');
    this.ready = this.submit;
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}
