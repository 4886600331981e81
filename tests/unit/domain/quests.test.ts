// The quest engine with an injected clock: stored state, countdown, expiry, progress, and the
// bank checks of the two 24-hour quests at their edges.
import { describe, expect, it } from 'vitest';
import {
  checkTopCategory,
  formatCountdown,
  guessStatus,
  inLast24Hours,
  isRestaurantLike,
  isSavingsTransfer,
  parseQuestTimer,
  parseStoredQuest,
  parseYearlyIncome,
  passesBankCheck,
  questView,
  yearlyIncomeBreakdown,
  type CheckedTransaction,
} from '@/domain/quests';

const T0 = Date.UTC(2026, 5, 10, 12, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const started = { isStarted: true, timeRemaining: 86_400 };
const completed = { isStarted: false, timeRemaining: 0 };

const tx = (over: Partial<CheckedTransaction>): CheckedTransaction => ({
  name: 'Groceries Inc',
  amount: 10,
  date: '2026-06-10',
  pending: false,
  ...over,
});

describe('questView: status, countdown and progress at a given moment', () => {
  it('when nothing is stored, then the quest is not started at 0%', () => {
    expect(questView('eating-out', null, null, T0)).toEqual({
      status: 'not-started',
      timeRemaining: 0,
      progress: 0,
    });
  });

  it('when a 24-hour quest has just started, then 86400 s remain at 0%', () => {
    expect(questView('eating-out', started, T0, T0)).toEqual({
      status: 'started',
      timeRemaining: 86_400,
      progress: 0,
    });
  });

  it('when a second passes, then the countdown drops by one; at half time progress is 50%', () => {
    expect(questView('savings', started, T0, T0 + 1000).timeRemaining).toBe(86_399);
    const half = questView('savings', started, T0, T0 + 12 * HOUR);
    expect(half.progress).toBe(50);
    expect(half.timeRemaining).toBe(43_200);
  });

  it('when the 24 hours are over to the millisecond, then the quest is expired (waiting for its check)', () => {
    expect(questView('eating-out', started, T0, T0 + DAY - 1).status).toBe('started');
    expect(questView('eating-out', started, T0, T0 + DAY)).toEqual({
      status: 'expired',
      timeRemaining: 0,
      progress: 100,
    });
  });

  it('when the quest is stored completed, then it reads 100% whatever the clock says', () => {
    expect(questView('eating-out', completed, null, T0 - 10 * DAY)).toEqual({
      status: 'completed',
      timeRemaining: 0,
      progress: 100,
    });
  });

  it('when the clock moved back a little after the start, then the countdown counts from now', () => {
    expect(questView('eating-out', started, T0, T0 - HOUR)).toEqual({
      status: 'started',
      timeRemaining: 86_400,
      progress: 0,
    });
  });

  it('when the start time is more than a day ahead or missing, then the quest reads as not started', () => {
    expect(questView('eating-out', started, T0 + 2 * DAY, T0).status).toBe('not-started');
    expect(questView('eating-out', started, null, T0).status).toBe('not-started');
  });

  it('when a quest without a countdown is started (yearly-income on login), then it is started at 0%', () => {
    expect(questView('yearly-income', { isStarted: true, timeRemaining: 0 }, null, T0)).toEqual({
      status: 'started',
      timeRemaining: 0,
      progress: 0,
    });
  });
});

describe('stored values', () => {
  it('when quest_{id} is exactly the spec shape, then it reads back', () => {
    expect(parseStoredQuest({ isStarted: true, timeRemaining: 86_400 })).toEqual(started);
    expect(parseStoredQuest({ isStarted: false, timeRemaining: 0 })).toEqual(completed);
  });

  it.each([
    ['a negative time', { isStarted: false, timeRemaining: -5 }],
    ['a huge time', { isStarted: true, timeRemaining: 1e12 }],
    ['a fractional time', { isStarted: true, timeRemaining: 1.5 }],
    ['an unknown field', { isStarted: false, timeRemaining: 0, reward: 999 }],
    ['a missing field', { isStarted: true }],
    ['a text flag', { isStarted: 'true', timeRemaining: 0 }],
    ['an array', [true, 0]],
    ['null', null],
  ])('when quest_{id} holds %s, then the quest is not started', (_, value) => {
    expect(parseStoredQuest(value)).toBeNull();
  });

  it('when quest_timer_{id} is not a plausible epoch time, then it is ignored', () => {
    expect(parseQuestTimer(String(T0))).toBe(T0);
    for (const bad of ['-5', 'yesterday', '1e20', '12', '', '9'.repeat(20)])
      expect(parseQuestTimer(bad)).toBeNull();
    expect(parseQuestTimer(null)).toBeNull();
  });
});

describe('formatCountdown', () => {
  it('when seconds are given, then they show as HH:MM:SS', () => {
    expect(formatCountdown(86_400)).toBe('24:00:00');
    expect(formatCountdown(3_661)).toBe('01:01:01');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-3)).toBe('00:00:00');
  });
});

describe('the eating-out check', () => {
  it.each(['restaurant', 'cafe', 'diner', 'bar', 'grill', 'pizza', 'burger', 'bistro', 'pub', 'eatery'])(
    'when a name contains %s in any case, then it is restaurant-like',
    (word) => {
      expect(isRestaurantLike({ name: `Joe's ${word.toUpperCase()} & co` })).toBe(true);
      expect(isRestaurantLike({ name: `the ${word}` })).toBe(true);
    },
  );

  it('when the category is restaurant or restaurants, then it is restaurant-like; other names are not', () => {
    expect(isRestaurantLike({ name: 'SQ *JOE', category: ['Food and Drink', 'Restaurants'] })).toBe(true);
    expect(isRestaurantLike({ name: 'SQ *JOE', category: 'restaurant' })).toBe(true);
    expect(isRestaurantLike({ name: 'Whole Foods', category: ['Shops', 'Supermarkets and Groceries'] })).toBe(
      false,
    );
  });

  it('when a restaurant meal is pending, then it does not count; posted, it fails the quest', () => {
    const end = T0 + DAY;
    const meal = tx({ name: 'Pizza Hut', date: '2026-06-11' });
    expect(passesBankCheck('eating-out', [{ ...meal, pending: true }], end)).toBe(true);
    expect(passesBankCheck('eating-out', [meal], end)).toBe(false);
    expect(passesBankCheck('eating-out', [], end)).toBe(true);
  });
});

describe('the last 24 hours', () => {
  const end = T0 + DAY;
  it('when a transaction has a time, then exactly 24 hours before the end counts and a millisecond earlier does not', () => {
    expect(inLast24Hours(tx({ datetime: new Date(T0).toISOString() }), end)).toBe(true);
    expect(inLast24Hours(tx({ datetime: new Date(T0 - 1).toISOString() }), end)).toBe(false);
    expect(inLast24Hours(tx({ datetime: new Date(end + 1).toISOString() }), end)).toBe(false);
  });

  it('when a transaction has only a date, then the days the 24 hours touch count', () => {
    expect(inLast24Hours(tx({ date: '2026-06-10' }), end)).toBe(true);
    expect(inLast24Hours(tx({ date: '2026-06-11' }), end)).toBe(true);
    expect(inLast24Hours(tx({ date: '2026-06-09' }), end)).toBe(false);
    expect(inLast24Hours(tx({ date: '2026-06-12' }), end)).toBe(false);
    expect(inLast24Hours(tx({ date: 'soon' }), end)).toBe(false);
  });
});

describe('the savings check', () => {
  it('when $4.99 moves, then it is not enough; $5.00 is', () => {
    expect(isSavingsTransfer({ name: 'Transfer to Savings', amount: 4.99 })).toBe(false);
    expect(isSavingsTransfer({ name: 'Transfer to Savings', amount: 5 })).toBe(true);
  });

  it('when the name says transfer, savings or to savings, then it counts; other names do not', () => {
    expect(isSavingsTransfer({ name: 'ONLINE TRANSFER 123', amount: 20 })).toBe(true);
    expect(isSavingsTransfer({ name: 'Savings deposit', amount: 20 })).toBe(true);
    expect(isSavingsTransfer({ name: 'Move to savings', amount: 20 })).toBe(true);
    expect(isSavingsTransfer({ name: 'Rent', amount: 20 })).toBe(false);
  });

  it('when money comes in (income, a negative amount), then it is not a move to savings', () => {
    expect(isSavingsTransfer({ name: 'Transfer from Checking', amount: -50 })).toBe(false);
    expect(passesBankCheck('savings', [tx({ name: 'Payroll transfer', amount: -2000 })], T0 + DAY)).toBe(
      false,
    );
  });

  it('when the transfer is pending or outside the day, then the quest is not met', () => {
    const move = tx({ name: 'Transfer to Savings', amount: 25, date: '2026-06-11' });
    expect(passesBankCheck('savings', [move], T0 + DAY)).toBe(true);
    expect(passesBankCheck('savings', [{ ...move, pending: true }], T0 + DAY)).toBe(false);
    expect(passesBankCheck('savings', [{ ...move, date: '2026-06-01' }], T0 + DAY)).toBe(false);
  });
});

describe('the modal quests', () => {
  it('when the top category is blank or over 50 characters, then it is refused; otherwise trimmed', () => {
    expect(checkTopCategory('   ').ok).toBe(false);
    expect(checkTopCategory('x'.repeat(51)).ok).toBe(false);
    expect(checkTopCategory(` ${'x'.repeat(50)} `)).toEqual({ ok: true, value: 'x'.repeat(50) });
  });

  it('when a yearly income is above 0, then it is accepted and split 50/30/20 of a twelfth', () => {
    expect(parseYearlyIncome('0')).toBeNull();
    expect(parseYearlyIncome('-1')).toBeNull();
    expect(parseYearlyIncome('abc')).toBeNull();
    expect(parseYearlyIncome('60000')).toBe(60000);
    expect(yearlyIncomeBreakdown(60000)).toEqual({ monthly: 5000, needs: 2500, wants: 1500, savings: 1000 });
  });

  it('when the guess is compared, then gray without income, red above it, orange under 20% left, else green', () => {
    expect(guessStatus(5000, null)).toBe('gray');
    expect(guessStatus(7000, 6000)).toBe('red');
    expect(guessStatus(5000, 6000)).toBe('orange');
    expect(guessStatus(4800, 6000)).toBe('green');
    expect(guessStatus(4000, 6000)).toBe('green');
  });
});
