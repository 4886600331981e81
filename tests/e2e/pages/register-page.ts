// Page object of /register.
import type { Locator, Page } from '@playwright/test';
import { BasePage } from './base-page';

export class RegisterPage extends BasePage {
  readonly route = '/register';
  readonly email: Locator;
  readonly password: Locator;
  readonly confirmPassword: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  protected readonly ready: Locator;

  constructor(page: Page) {
    super(page);
    this.email = page.getByLabel('Email', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.confirmPassword = page.getByLabel('Confirm Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Create Account' });
    this.error = page.locator('form').getByRole('alert');
    this.ready = this.submit;
  }

  async register(email: string, password: string, confirmPassword = password): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.confirmPassword.fill(confirmPassword);
    await this.submit.click();
  }
}
