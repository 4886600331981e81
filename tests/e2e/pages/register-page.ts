// Page object of /register.
import { expect, type Locator, type Page } from '@playwright/test';
import { routeUrl } from '../support/users';

export class RegisterPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly confirmPassword: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.confirmPassword = page.getByLabel('Confirm Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Create Account' });
    this.error = page.locator('form').getByRole('alert');
  }

  async goto(): Promise<void> {
    await this.page.goto('/#/register');
    await this.waitToLoad();
  }

  async waitToLoad(): Promise<void> {
    await expect(this.page).toHaveURL(routeUrl('/register'));
    await expect(this.submit).toBeVisible();
  }

  async register(email: string, password: string, confirmPassword = password): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.confirmPassword.fill(confirmPassword);
    await this.submit.click();
  }
}
