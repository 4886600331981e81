import { describe, expect, it } from 'vitest';
import {
  SEARCH_MAX,
  dayHeading,
  filterTransactions,
  filtersToParams,
  groupByDay,
  parseFilters,
  sameMerchantOffer,
  searchMatcher,
  shownTotals,
  NO_FILTERS,
  type ViewTransaction,
} from '@/domain/transaction-view';

let n = 0;
const row = (over: Partial<ViewTransaction>): ViewTransaction => ({
  plaidId: `t${++n}`,
  account_id: 'checking',
  name: 'Purchase',
  merchant_name: null,
  amount: 10,
  date: '2026-11-20',
  budget_category: null,
  pending: false,
  ...over,
});
const params = (q: Record<string, string>) => (k: string) => q[k] ?? null;

describe('searchMatcher', () => {
  const rows = [
    row({ name: 'STARBUCKS #123', merchant_name: 'Starbucks' }),
    row({ name: 'Uber *Trip', merchant_name: 'Uber' }),
    row({ name: 'Pay (Acme) [x]', merchant_name: null }),
    row({ name: 'Café 🍕 Roma', merchant_name: 'Café Roma' }),
  ];
  const names = (q: string) => rows.filter(searchMatcher(q)).map((r) => r.name);

  it('when the text is part of a name or merchant in any case, then those rows match', () => {
    expect(names('starb')).toEqual(['STARBUCKS #123']);
    expect(names('  ROMA ')).toEqual(['Café 🍕 Roma']);
  });
  it('when the text holds regex characters, then they are matched literally', () => {
    expect(names('*trip')).toEqual(['Uber *Trip']);
    expect(names('(acme) [x]')).toEqual(['Pay (Acme) [x]']);
    expect(names('.*')).toEqual([]);
    expect(names('[')).toEqual(['Pay (Acme) [x]']);
    expect(names('\\')).toEqual([]);
  });
  it('when the text is an emoji, then the row holding it matches', () => {
    expect(names('🍕')).toEqual(['Café 🍕 Roma']);
  });
  it('when the text is 500 characters, then nothing matches and nothing throws', () => {
    expect(names('a'.repeat(500))).toEqual([]);
  });
  it('when the text is empty or spaces, then every row matches', () => {
    expect(names('   ')).toHaveLength(4);
  });
});

describe('filterTransactions', () => {
  const rows = [
    row({ name: 'Rent', budget_category: 'Need', account_id: 'checking' }),
    row({ name: 'Pizza', budget_category: 'Want', account_id: 'card', pending: true }),
    row({ name: 'Gym', budget_category: null, account_id: 'card' }),
    row({ name: 'Tea', budget_category: 'uncategorized', account_id: 'checking', pending: true }),
  ];
  const names = (f: Partial<typeof NO_FILTERS>) =>
    filterTransactions(rows, { ...NO_FILTERS, ...f }).map((r) => r.name);

  it('when filtering by a label, then only rows with it show; uncategorized takes unlabelled rows', () => {
    expect(names({ label: 'need' })).toEqual(['Rent']);
    expect(names({ label: 'uncategorized' })).toEqual(['Gym', 'Tea']);
  });
  it('when filtering by account and status together with a search, then every filter applies', () => {
    expect(names({ account: 'card' })).toEqual(['Pizza', 'Gym']);
    expect(names({ status: 'pending' })).toEqual(['Pizza', 'Tea']);
    expect(names({ status: 'posted', account: 'card' })).toEqual(['Gym']);
    expect(names({ status: 'pending', q: 'te' })).toEqual(['Tea']);
  });
});

describe('parseFilters', () => {
  it('when the URL names a known label, account and status, then they apply', () => {
    expect(
      parseFilters(params({ q: 'uber', label: 'Want', account: 'a1', status: 'posted' }), ['a1']),
    ).toEqual({
      filters: { q: 'uber', label: 'want', account: 'a1', status: 'posted' },
      ignored: [],
    });
  });
  it('when the URL names an unknown label, account or status, then those are dropped and reported', () => {
    expect(parseFilters(params({ label: 'luxury', account: 'gone', status: 'x' }), ['a1'])).toEqual({
      filters: NO_FILTERS,
      ignored: ['label', 'account', 'status'],
    });
  });
  it('when the search in the URL is longer than the limit, then it is cut to the limit', () => {
    expect(parseFilters(params({ q: 'x'.repeat(500) }), []).filters.q).toHaveLength(SEARCH_MAX);
  });
  it('when filters are written back, then parsing them gives the same filters', () => {
    const filters = { q: 'a&b=c #1', label: 'income', account: 'a1', status: 'pending' } as const;
    const query = new URLSearchParams(filtersToParams(filters)).toString();
    const back = new URLSearchParams(query);
    expect(parseFilters((k) => back.get(k), ['a1']).filters).toEqual(filters);
    expect(filtersToParams(NO_FILTERS)).toEqual([]);
  });
});

describe('groupByDay and dayHeading', () => {
  it('when rows span days in any order, then they group newest day first and keep their order within a day', () => {
    const a = row({ date: '2026-11-19', name: 'a' });
    const b = row({ date: '2026-11-20', name: 'b' });
    const c = row({ date: '2026-11-19', name: 'c' });
    expect(groupByDay([a, b, c]).map((g) => [g.day, g.rows.map((r) => r.name)])).toEqual([
      ['2026-11-20', ['b']],
      ['2026-11-19', ['a', 'c']],
    ]);
  });
  it('when the day is today, yesterday or earlier, then the heading says so', () => {
    expect(dayHeading('2026-11-22', '2026-11-22')).toBe('Today');
    expect(dayHeading('2026-11-21', '2026-11-22')).toBe('Yesterday');
    expect(dayHeading('2026-11-20', '2026-11-22')).toBe('Friday, Nov 20, 2026');
    expect(dayHeading('2025-12-31', '2026-01-01')).toBe('Yesterday');
  });
});

describe('shownTotals', () => {
  it('when rows hold spending, income and a transfer pair, then the transfer is counted apart and not summed', () => {
    const totals = shownTotals([
      row({ amount: 0.1 }),
      row({ amount: 0.2 }),
      row({ amount: -1500 }),
      row({ amount: 200, transfer: true }),
      row({ amount: -200, transfer: true }),
    ]);
    expect(totals).toEqual({ count: 5, spent: 0.3, received: 1500, transfers: 2 });
  });
});

describe('sameMerchantOffer (issue 25)', () => {
  const coffee = row({ merchant_name: 'Starbucks', name: 'STARBUCKS #123', budget_category: 'Want' });
  const rows = [
    coffee,
    row({ merchant_name: 'starbucks ', name: 'SBUX 9', budget_category: null }),
    row({ merchant_name: 'Starbucks', name: 'STARBUCKS #77', budget_category: 'Need' }),
    row({ merchant_name: 'Starbucks', name: 'STARBUCKS #78', budget_category: 'Want' }),
    row({ merchant_name: 'Uber', name: 'Uber trip', budget_category: null }),
  ];

  it('when a Starbucks row is labelled Want, then the other Starbucks rows not yet Want are offered', () => {
    const offer = sameMerchantOffer(rows, coffee, 'Want');
    expect(offer).toEqual({ merchant: 'Starbucks', label: 'Want', ids: [rows[1].plaidId, rows[2].plaidId] });
  });

  it('when the merchant has no other rows, or all carry the label already, then nothing is offered', () => {
    expect(sameMerchantOffer(rows, rows[4], 'Want')).toBeNull();
    const allWant = rows.map((t) => ({ ...t, budget_category: 'Want' }));
    expect(sameMerchantOffer(allWant, allWant[0], 'Want')).toBeNull();
  });

  it('when a row has no merchant name, then rows with the same name are its merchant', () => {
    const a = row({ name: 'Rent June' });
    const b = row({ name: 'rent  june' });
    expect(sameMerchantOffer([a, b, row({ name: 'Rent July' })], a, 'Need')?.ids).toEqual([b.plaidId]);
  });

  it("when a row is labelled Uncategorized, then the merchant's labelled rows are offered to be cleared", () => {
    expect(sameMerchantOffer(rows, coffee, 'Uncategorized')?.ids).toEqual([rows[2].plaidId, rows[3].plaidId]);
  });

  it('when a same-named row is a transfer between own accounts, then it is left out', () => {
    const a = row({ name: 'Transfer to Savings' });
    const b = row({ name: 'Transfer to Savings', transfer: true });
    expect(sameMerchantOffer([a, b], a, 'Savings')).toBeNull();
  });
});
