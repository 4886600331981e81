// The Category Matcher as it shows on /transactions and /games/category-matcher: its intro,
// the card on screen (progress, countdown, XP, category buttons, suggestion) and its end screens.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export const MATCHER_TEXT = {
  saved: 'Categories saved successfully!',
  loadFailed: 'Failed to load transactions',
  reloadFailed: 'Failed to load new transactions',
  saveFailed: 'Failed to save categories to database. Please try again.',
  gone: 'These transactions are no longer in your bank data, so nothing was saved. The list is up to date again.',
} as const;

export class CategoryMatcher {
  readonly start: Locator;
  readonly card: Locator;
  readonly progress: Locator;
  readonly timer: Locator;
  readonly xp: Locator;
  readonly suggestion: Locator;
  readonly saved: Locator;
  readonly totalXp: Locator;
  readonly tryAgain: Locator;

  /** `root` is the region the matcher sits in (the page's Category Matcher card). */
  constructor(
    readonly page: Page,
    readonly root: Locator,
  ) {
    this.start = root.getByRole('button', { name: 'Start' });
    this.card = root.getByRole('group', { name: /^Transaction \d+ \/ \d+$/ });
    this.progress = this.card.locator('.matcher-progress');
    this.timer = this.card.getByRole('timer');
    this.xp = this.card.getByText(/^XP: /);
    this.suggestion = this.card.getByText(/^Suggested:/).locator('strong');
    this.saved = root.getByText(MATCHER_TEXT.saved);
    this.totalXp = root.getByText(/^Total XP:/);
    this.tryAgain = root.getByRole('button', { name: 'Try again' });
  }

  choice(category: string): Locator {
    return this.card.getByRole('button', { name: new RegExp(`^${category}( \\(suggested\\))?$`) });
  }

  alert(text: string): Locator {
    return this.root.getByRole('alert').filter({ hasText: text });
  }
}

/** The matcher in the page's 'Category Matcher' region (on /transactions or its games route). */
export const matcherOn = (page: Page) =>
  new CategoryMatcher(page, page.getByRole('region', { name: 'Category Matcher' }));

/**
 * Labels all but the newest `left` bank transactions as Need through the API, so a round has
 * `left` cards; returns the names of those cards in list order.
 */
export async function leaveUncategorised(
  request: APIRequestContext,
  token: string,
  left: number,
): Promise<string[]> {
  const headers = { Authorization: `Bearer ${token}` };
  const res = await request.get('/api/plaid/transactions', { headers });
  expect(res.status()).toBe(200);
  const txs = (await res.json()) as { plaidId: string; name: string }[];
  expect(txs.length).toBeGreaterThan(left);
  const categories = txs.slice(left).map((t) => ({ plaidId: t.plaidId, budget_category: 'Need' }));
  const saved = await request.post('/api/plaid/update-transaction-categories', {
    headers,
    data: { categories },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return txs.slice(0, left).map((t) => t.name);
}
