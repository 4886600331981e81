// @vitest-environment jsdom
// Stored values read back through the atoms: validated, clamped, never crashing.
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  categoryMatcherResultsAtom,
  dailyUsageDatesAtom,
  livesAtom,
  loginDatesAtom,
  questStateAtom,
  questTimerAtom,
  xpAtom,
  yearlyIncomeBudgetAtom,
} from '@/lib/atoms';

let store: ReturnType<typeof createStore>;
beforeEach(() => {
  store = createStore();
});

const dayList = (n: number) =>
  Array.from({ length: n }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10));

describe('lives from storage', () => {
  it.each([
    ['9', 5],
    ['-3', 0],
    ['abc', 0],
    ['', 0],
    ['2.6', 3],
    ['4', 4],
  ])('when userLives holds %j, then the atom reads %i', (raw, expected) => {
    localStorage.setItem('userLives', raw);
    expect(store.get(livesAtom)).toBe(expected);
  });

  it('when lives are written out of range, then the clamped value is stored as decimal text', () => {
    store.set(livesAtom, 12);
    expect(store.get(livesAtom)).toBe(5);
    expect(localStorage.getItem('userLives')).toBe('5');
  });
});

describe('XP from storage', () => {
  it('when user_xp holds a negative or non-numeric value, then XP reads 0', () => {
    localStorage.setItem('user_xp', '-40');
    expect(store.get(xpAtom)).toBe(0);
    localStorage.setItem('user_xp', 'lots');
    expect(createStore().get(xpAtom)).toBe(0);
  });
});

describe('JSON values from storage', () => {
  it('when a quest state is bad JSON, then the quest reads as not started (null)', () => {
    localStorage.setItem('quest_savings', '{not json');
    expect(store.get(questStateAtom('savings'))).toBeNull();
  });

  it('when a quest state has the wrong shape, then it reads as null (not started), a bad time too', () => {
    localStorage.setItem('quest_eating-out', JSON.stringify({ isStarted: 'yes' }));
    localStorage.setItem('quest_financial-guru', JSON.stringify({ isStarted: true, timeRemaining: 'soon' }));
    localStorage.setItem('quest_emergency-fund', '[1,2]');
    expect(store.get(questStateAtom('eating-out'))).toBeNull();
    expect(store.get(questStateAtom('financial-guru'))).toBeNull();
    expect(store.get(questStateAtom('emergency-fund'))).toBeNull();
  });

  it('when a quest timer is not a positive number, then it reads as null', () => {
    localStorage.setItem('quest_timer_savings', 'yesterday');
    expect(store.get(questTimerAtom('savings'))).toBeNull();
  });

  it('when matcher results hold unknown categories, then only valid ones survive', () => {
    localStorage.setItem(
      'category_matcher_results',
      JSON.stringify({ a: 'Need', b: 'Luxury', c: 'Savings', d: 7, e: 'Income', f: null }),
    );
    expect(store.get(categoryMatcherResultsAtom)).toEqual({ a: 'Need', c: 'Savings', e: 'Income' });
  });

  it('when matcher results are not an object, then they read as empty', () => {
    localStorage.setItem('category_matcher_results', '["Need"]');
    expect(store.get(categoryMatcherResultsAtom)).toEqual({});
  });

  it('when the yearly budget misses a field, then it reads as null', () => {
    localStorage.setItem('yearly_income_budget', JSON.stringify({ monthly: 1000, needs: 500 }));
    expect(store.get(yearlyIncomeBudgetAtom)).toBeNull();
  });
});

describe('date lists from storage', () => {
  it('when more than 40 usage days are stored, then only the last 40 are read', () => {
    const list = dayList(45);
    localStorage.setItem('daily_usage_dates', JSON.stringify(list));
    const read = store.get(dailyUsageDatesAtom);
    expect(read).toHaveLength(40);
    expect(read[0]).toBe(list[5]);
  });

  it('when more than 10 login days are stored, unsorted and duplicated, then the last 10 distinct are read', () => {
    const list = dayList(12);
    localStorage.setItem('login_dates', JSON.stringify([...[...list].reverse(), list[11], 'junk', 5]));
    expect(store.get(loginDatesAtom)).toEqual(list.slice(2));
  });

  it('when a date list is bad JSON or holds impossible dates, then they are dropped', () => {
    localStorage.setItem('login_dates', 'oops');
    expect(store.get(loginDatesAtom)).toEqual([]);
    localStorage.setItem('daily_usage_dates', JSON.stringify(['2024-02-30', '2024-02-29']));
    expect(store.get(dailyUsageDatesAtom)).toEqual(['2024-02-29']);
  });
});
