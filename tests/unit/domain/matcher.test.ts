// The Category Matcher's rules: countdown, scoring, card text and suggestions.
import { describe, expect, it } from 'vitest';
import {
  isUrgent,
  labelsByMerchant,
  newRound,
  pick,
  plaidSuggestion,
  progressText,
  secondsLeft,
  picksToSave,
  picksXp,
  relabelPick,
  skip,
  suggestCategory,
  timeOut,
  uncategorised,
  type MatchableTransaction,
} from '@/domain/matcher';

const tx = (over: Partial<MatchableTransaction> = {}): MatchableTransaction => ({
  plaidId: 'p1',
  name: 'Blue Bottle Coffee',
  merchant_name: 'Blue Bottle',
  amount: 5,
  category: ['Food and Drink', 'Coffee Shop'],
  personal_finance_category: 'FOOD_AND_DRINK',
  budget_category: null,
  ...over,
});

describe('the countdown', () => {
  it('when a card shows, then it counts 5 s down in whole seconds and stops at 0', () => {
    expect([0, 999, 1000, 2999, 3000, 4999, 5000, 9000].map(secondsLeft)).toEqual([5, 5, 4, 3, 2, 1, 0, 0]);
  });

  it('when 2 s or fewer are left, then it is urgent (red), not before', () => {
    expect([5, 3, 2, 1, 0].map(isUrgent)).toEqual([false, false, true, true, true]);
  });
});

describe('a round', () => {
  it('when the user picks, then +10 XP each; when a card times out, then Want and -5 XP', () => {
    let round = newRound();
    round = pick(round, 'a', 'Need');
    round = timeOut(round, 'b');
    round = pick(round, 'c', 'Income');
    expect(round.xp).toBe(15);
    expect(round.index).toBe(3);
    expect(round.picks).toEqual([
      { plaidId: 'a', category: 'Need', timedOut: false },
      { plaidId: 'b', category: 'Want', timedOut: true },
      { plaidId: 'c', category: 'Income', timedOut: false },
    ]);
  });

  it('when every card times out, then the round XP is negative (the progression module clamps the total)', () => {
    expect(timeOut(timeOut(newRound(), 'a'), 'b').xp).toBe(-10);
  });

  it('shows progress as n / total from the first card', () => {
    expect(progressText(0, 7)).toBe('1 / 7');
    expect(progressText(6, 7)).toBe('7 / 7');
  });
});

describe('skip and the end-of-round summary (issue 24)', () => {
  const round = skip(timeOut(pick(newRound(), 'a', 'Need'), 'b'), 'c');
  it('when a card is skipped, then the round moves on and it pays nothing', () => {
    expect(round.index).toBe(3);
    expect(round.xp).toBe(10 - 5);
    expect(round.picks[2]).toEqual({ plaidId: 'c', category: null, timedOut: false });
  });
  it('when the round is saved, then skipped cards are not sent and timeouts are marked', () => {
    expect(picksToSave(round.picks)).toEqual([
      { plaidId: 'a', category: 'Need', timedOut: false },
      { plaidId: 'b', category: 'Want', timedOut: true },
    ]);
  });
  it.each([
    ['a', 'Savings', 5, 2],
    ['b', 'Need', 5, 2],
    ['c', 'Want', 15, 3],
    ['a', null, -5, 1],
  ] as const)(
    'when %s is changed to %s in the summary, then the round is worth %i XP and sends %i',
    (id, c, xp, sent) => {
      const picks = relabelPick(round.picks, id, c);
      expect(picksXp(picks)).toBe(xp);
      expect(picksToSave(picks)).toHaveLength(sent);
    },
  );
  it('when a timed-out card is relabelled, then it stays a timeout', () => {
    expect(relabelPick(round.picks, 'b', 'Need')[1]).toEqual({
      plaidId: 'b',
      category: 'Need',
      timedOut: true,
    });
  });
});

describe('which transactions are cards', () => {
  it('when a transaction has no budget category (or uncategorized), then it is a card', () => {
    const list = [
      tx({ plaidId: 'a', budget_category: 'Need' }),
      tx({ plaidId: 'b', budget_category: 'uncategorized' }),
      tx({ plaidId: 'c', budget_category: null }),
    ];
    expect(uncategorised(list).map((t) => t.plaidId)).toEqual(['b', 'c']);
  });
  it('when a transaction is one side of a transfer between own accounts, then it is not a card', () => {
    const list = [tx({ plaidId: 'a', transfer: true }), tx({ plaidId: 'b' })];
    expect(uncategorised(list).map((t) => t.plaidId)).toEqual(['b']);
  });
});

describe('suggestions', () => {
  it('when the user labelled the same merchant before, then their most used label is suggested', () => {
    const history = [
      tx({ plaidId: 'a', budget_category: 'Need' }),
      tx({ plaidId: 'b', budget_category: 'Need', name: 'BLUE BOTTLE #2', merchant_name: 'blue bottle' }),
      tx({ plaidId: 'c', budget_category: 'Want' }),
      tx({ plaidId: 'd', budget_category: 'Savings', merchant_name: 'Other Shop' }),
    ];
    expect(suggestCategory(tx(), labelsByMerchant(history))).toBe('Need');
  });

  it('when the merchant is new to the user, then Plaid’s personal finance category decides', () => {
    const none = labelsByMerchant([]);
    expect(suggestCategory(tx(), none)).toBe('Want');
    expect(suggestCategory(tx({ personal_finance_category: 'RENT_AND_UTILITIES' }), none)).toBe('Need');
    expect(suggestCategory(tx({ personal_finance_category: 'INCOME', amount: -2000 }), none)).toBe('Income');
    expect(suggestCategory(tx({ personal_finance_category: 'TRANSFER_OUT' }), none)).toBe('Savings');
    expect(suggestCategory(tx({ personal_finance_category: 'ENTERTAINMENT' }), none)).toBe('Want');
  });

  it('when Plaid says FOOD_AND_DRINK for a supermarket, then groceries are a Need', () => {
    const groceries = tx({ category: ['Shops', 'Supermarkets and Groceries'] });
    expect(plaidSuggestion(groceries)).toBe('Need');
  });

  it('when neither the user nor Plaid says anything, then there is no suggestion', () => {
    expect(suggestCategory(tx({ personal_finance_category: null }), labelsByMerchant([]))).toBeNull();
    expect(suggestCategory(tx({ personal_finance_category: 'SOMETHING_NEW' }), new Map())).toBeNull();
  });
});
