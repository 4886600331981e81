// Page object of the Plaid Link dialog (the local sandbox's Link script).
import { expect, type Locator, type Page } from '@playwright/test';

export const GOOD_LOGIN = { username: 'user_good', password: 'pass_good' } as const;

export class PlaidLinkPage {
  readonly dialog: Locator;
  readonly search: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly accounts: Locator;
  readonly continueButton: Locator;
  readonly errorText: Locator;
  readonly exit: Locator;
  readonly tryAgain: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Plaid Link' });
    this.search = this.dialog.getByLabel('Search for your bank');
    this.username = this.dialog.getByLabel('Username');
    this.password = this.dialog.getByLabel('Password');
    this.submit = this.dialog.getByRole('button', { name: 'Submit' });
    this.accounts = this.dialog.getByRole('checkbox', { name: /ending in \d{4}/ });
    this.continueButton = this.dialog.getByRole('button', { name: 'Continue' });
    this.errorText = this.dialog.getByRole('alert');
    this.exit = this.dialog.getByRole('button', { name: 'Exit' });
    this.tryAgain = this.dialog.getByRole('button', { name: 'Try again' });
  }

  async waitToOpen(): Promise<void> {
    await expect(this.dialog).toBeVisible();
  }

  async chooseBank(name: string): Promise<void> {
    await this.search.fill(name.split(' ').slice(-2).join(' '));
    await this.dialog.getByRole('button', { name }).click();
    await expect(this.dialog.getByRole('heading', { name: `Log in to ${name}` })).toBeVisible();
  }

  async logIn(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** On the account step: keeps only the accounts whose name matches `keep`, then continues. */
  async chooseAccounts(keep: RegExp): Promise<void> {
    await expect(this.dialog.getByRole('heading', { name: 'Select accounts' })).toBeVisible();
    const boxes = await this.accounts.all();
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) {
      const label = await box.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '');
      await box.setChecked(keep.test(label));
    }
    await this.continueButton.click();
  }

  /** On the success step: hands back to the app. */
  async finish(): Promise<void> {
    await expect(this.dialog.getByRole('heading', { name: 'Success' })).toBeVisible();
    await this.continueButton.click();
    await expect(this.dialog).toBeHidden();
  }

  /** The whole new-connection flow with the sandbox's good login. */
  async connect(bank: string, keepAccounts: RegExp = /./): Promise<void> {
    await this.waitToOpen();
    await this.chooseBank(bank);
    await this.logIn(GOOD_LOGIN.username, GOOD_LOGIN.password);
    await this.chooseAccounts(keepAccounts);
    await this.finish();
  }
}
