// Page object of /forgot-password and its 'Check Your Email' screen.
import { expect, type Locator, type Page } from '@playwright/test';
import { routeUrl } from '../support/users';

export class ForgotPasswordPage {
  readonly email: Locator;
  readonly submit: Locator;
  readonly checkEmailHeading: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email', { exact: true });
    this.submit = page.getByRole('button', { name: 'Send Reset Link' });
    this.checkEmailHeading = page.getByRole('heading', { name: 'Check Your Email' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/#/forgot-password');
    await this.waitToLoad();
  }

  async waitToLoad(): Promise<void> {
    await expect(this.page).toHaveURL(routeUrl('/forgot-password'));
    await expect(this.submit).toBeVisible();
  }

  async requestLink(email: string): Promise<void> {
    await this.email.fill(email);
    await this.submit.click();
    await expect(this.checkEmailHeading).toBeVisible();
  }
}
