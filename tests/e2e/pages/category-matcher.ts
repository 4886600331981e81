// The Category Matcher as it shows on /transactions and /games/category-matcher: its intro,
// the card on screen (progress, countdown, XP, category buttons, suggestion) and its end screens.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { withoutOwnTransfers, type BankRow } from '../../support/browser/bank';

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
  /** The end-of-round summary (issue 24) and its Save button. */
  readonly summary: Locator;
  readonly saveRound: Locator;
  readonly skip: Locator;

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
    this.summary = root.getByRole('region', { name: 'Your picks' });
    this.saveRound = this.summary.getByRole('button', { name: /^Save \d+ labels?$/ });
    this.skip = this.card.getByRole('button', { name: 'Skip' });
  }

  choice(category: string): Locator {
    return this.card.getByRole('button', { name: new RegExp(`^${category}( \\(suggested\\))?$`) });
  }

  /** The summary's label picker for the card at `index` (0-based, in card order). */
  summaryLabel(index: number): Locator {
    return this.summary.getByRole('listitem').nth(index).getByRole('combobox');
  }

  alert(text: string): Locator {
    return this.root.getByRole('alert').filter({ hasText: text });
  }
}

/** The matcher in the page's 'Category Matcher' region (on /transactions or its games route). */
export const matcherOn = (page: Page) =>
  new CategoryMatcher(page, page.getByRole('region', { name: 'Category Matcher' }));

/**
 * Labels all but the newest `left` bank transactions (own transfers aside) as Need through the
 * API, so a round has `left` cards; returns the names of those cards in list order.
 */
export async function leaveUncategorised(
  request: APIRequestContext,
  token: string,
  left: number,
): Promise<string[]> {
  const headers = { Authorization: `Bearer ${token}` };
  const res = await request.get('/api/plaid/transactions', { headers });
  expect(res.status()).toBe(200);
  const txs = (await res.json()) as (BankRow & { plaidId: string; name: string })[];
  expect(txs.length).toBeGreaterThan(left);
  // A transfer between the user's own accounts is never a card (issue 24): the cards are the newest
  // other rows, and the rest (transfers too) are labelled.
  const cards = withoutOwnTransfers(txs).slice(0, left);
  const categories = txs
    .filter((t) => !cards.includes(t))
    .map((t) => ({ plaidId: t.plaidId, budget_category: 'Need' }));
  const saved = await request.post('/api/plaid/update-transaction-categories', {
    headers,
    data: { categories },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return cards.map((t) => t.name);
}
