// What every screen's page object shares: its hash route, goto() + waitToLoad(), and the app
// shell around it (bottom navigation, the Add Expense button, notices).
import { expect, type Locator, type Page } from '@playwright/test';
import { routeUrl } from '../../support/browser/users';

export const NAV_ENTRIES = [
  { label: 'Matcher', route: '/transactions' },
  { label: 'Games', route: '/games' },
  { label: 'Quests', route: '/' },
  { label: 'Home', route: '/home' },
  { label: 'Profile', route: '/profile' },
] as const;

export abstract class BasePage {
  /** The hash route, e.g. '/home' for http://host/#/home. */
  abstract readonly route: string;
  /** Visible once the screen is there (its heading or its main button). */
  protected abstract readonly ready: Locator;

  readonly nav: Locator;
  readonly addExpense: Locator;
  /** Page and route-chunk spinners; none is left once a screen has loaded. */
  readonly loading: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main' });
    this.addExpense = page.getByRole('button', { name: 'Add Expense' });
    this.loading = page
      .getByRole('status', { name: /^Loading/ })
      .or(page.getByRole('progressbar', { name: 'Loading page' }));
  }

  async goto(): Promise<void> {
    await this.page.goto(`/#${this.route}`);
    await this.waitToLoad();
  }

  async waitToLoad(): Promise<void> {
    await expect(this.page).toHaveURL(routeUrl(this.route));
    await expect(this.ready).toBeVisible();
    await expect(this.loading).toHaveCount(0);
  }

  /** Before a screenshot: every font the page uses has loaded. */
  async fontsReady(): Promise<void> {
    await this.page.evaluate(async () => {
      await document.fonts.ready;
    });
  }

  navLink(label: (typeof NAV_ENTRIES)[number]['label']): Locator {
    return this.nav.getByRole('link', { name: label, exact: true });
  }

  /** A notice (toast) or alert whose text contains `text`. */
  notice(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  /** The screen's title, e.g. 'Home'. */
  heading(name: string): Locator {
    return this.page.getByRole('heading', { name, level: 1 });
  }
}
