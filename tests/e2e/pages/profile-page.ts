// Page object of /profile.
import { expect, type Locator, type Page } from '@playwright/test';
import { BasePage } from './base-page';

export class ProfilePage extends BasePage {
  readonly route = '/profile';
  readonly logout: Locator;
  readonly levelCard: Locator;
  readonly xpBar: Locator;
  readonly achievements: Locator;
  readonly ranks: Locator;
  readonly bankCard: Locator;
  readonly disconnect: Locator;
  readonly deleteAccount: Locator;
  readonly confirmDialog: Locator;
  protected readonly ready: Locator;

  constructor(page: Page) {
    super(page);
    this.ready = this.heading('Profile');
    this.logout = page.getByRole('button', { name: 'Logout' });
    this.levelCard = page.locator('section', { has: page.getByRole('progressbar') });
    this.xpBar = page.getByRole('progressbar', { name: 'XP progress to the next level' });
    this.achievements = page.getByRole('region', { name: 'Achievements' });
    this.ranks = page.getByRole('region', { name: 'Rank Progression' }).getByRole('listitem');
    this.bankCard = page.getByRole('region', { name: 'Bank Connection' });
    this.disconnect = page.getByRole('button', { name: 'Disconnect Bank Account' });
    this.deleteAccount = page.getByRole('main').getByRole('button', { name: 'Delete Account' });
    this.confirmDialog = page.getByRole('alertdialog');
  }

  /** Disconnects the bank, confirming in the dialog. */
  async disconnectConfirmed(): Promise<void> {
    await this.disconnect.click();
    await this.confirmDialog.getByRole('button', { name: 'Disconnect' }).click();
  }

  async deleteAccountConfirmed(): Promise<void> {
    await this.deleteAccount.click();
    await expect(this.confirmDialog).toBeVisible();
    await this.confirmDialog.getByRole('button', { name: 'Delete Account' }).click();
  }
}
