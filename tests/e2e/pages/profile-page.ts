// Page object of /profile.
import { expect, type Locator, type Page } from '@playwright/test';
import { routeUrl } from '../support/users';

export class ProfilePage {
  readonly heading: Locator;
  readonly logout: Locator;
  readonly levelCard: Locator;
  readonly xpBar: Locator;
  readonly achievements: Locator;
  readonly ranks: Locator;
  readonly disconnect: Locator;
  readonly deleteAccount: Locator;
  readonly confirmDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Profile', level: 1 });
    this.logout = page.getByRole('button', { name: 'Logout' });
    this.levelCard = page.locator('section', { has: page.getByRole('progressbar') });
    this.xpBar = page.getByRole('progressbar', { name: 'XP progress to the next level' });
    this.achievements = page.getByRole('region', { name: 'Achievements' });
    this.ranks = page.getByRole('region', { name: 'Rank Progression' }).getByRole('listitem');
    this.disconnect = page.getByRole('button', { name: 'Disconnect Bank Account' });
    this.deleteAccount = page.getByRole('main').getByRole('button', { name: 'Delete Account' });
    this.confirmDialog = page.getByRole('alertdialog');
  }

  async goto(): Promise<void> {
    await this.page.goto('/#/profile');
    await this.waitToLoad();
  }

  async waitToLoad(): Promise<void> {
    await expect(this.page).toHaveURL(routeUrl('/profile'));
    await expect(this.heading).toBeVisible();
  }

  async deleteAccountConfirmed(): Promise<void> {
    await this.deleteAccount.click();
    await expect(this.confirmDialog).toBeVisible();
    await this.confirmDialog.getByRole('button', { name: 'Delete Account' }).click();
  }
}
