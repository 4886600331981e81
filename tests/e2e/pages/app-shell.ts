// The signed-in shell: the bottom navigation and the floating Add Expense button.
import type { Locator, Page } from '@playwright/test';

export const NAV_ENTRIES = [
  { label: 'Matcher', route: '/transactions' },
  { label: 'Games', route: '/games' },
  { label: 'Quests', route: '/' },
  { label: 'Home', route: '/home' },
  { label: 'Profile', route: '/profile' },
] as const;

export class AppShell {
  readonly nav: Locator;
  readonly addExpense: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main' });
    this.addExpense = page.getByRole('button', { name: 'Add Expense' });
  }

  navLink(label: string): Locator {
    return this.nav.getByRole('link', { name: label, exact: true });
  }
}
