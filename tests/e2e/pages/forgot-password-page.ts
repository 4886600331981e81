// Page object of /forgot-password and its 'Check Your Email' screen.
import { expect, type Locator, type Page } from '@playwright/test';
import { BasePage } from './base-page';

export class ForgotPasswordPage extends BasePage {
  readonly route = '/forgot-password';
  readonly email: Locator;
  readonly submit: Locator;
  readonly checkEmailHeading: Locator;
  protected readonly ready: Locator;

  constructor(page: Page) {
    super(page);
    this.email = page.getByLabel('Email', { exact: true });
    this.submit = page.getByRole('button', { name: 'Send Reset Link' });
    this.checkEmailHeading = page.getByRole('heading', { name: 'Check Your Email' });
    this.ready = this.submit;
  }

  async requestLink(email: string): Promise<void> {
    await this.email.fill(email);
    await this.submit.click();
    await expect(this.checkEmailHeading).toBeVisible();
  }
}
