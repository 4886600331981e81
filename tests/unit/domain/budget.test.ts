import { describe, expect, it } from 'vitest';
import {
  spendingIndicator,
  splitIncome,
  toMonthly,
  varianceVerdict,
  wholePercentages,
} from '@/domain/budget';

describe('splitIncome', () => {
  it('when the monthly income is $4,000, then Needs, Wants and Savings get $2,000, $1,200 and $800', () => {
    expect(splitIncome(4000)).toEqual({ Needs: 2000, Wants: 1200, Savings: 800 });
  });
  it('when the income does not split into whole cents, then the three parts still add up to it', () => {
    const s = splitIncome(1000.01);
    expect(Math.round((s.Needs + s.Wants + s.Savings) * 100)).toBe(100001);
  });
  it('when the income is not a positive number, then every part is 0', () => {
    expect(splitIncome(-10)).toEqual({ Needs: 0, Wants: 0, Savings: 0 });
    expect(splitIncome(Number.NaN)).toEqual({ Needs: 0, Wants: 0, Savings: 0 });
  });
});

describe('toMonthly', () => {
  it('when paid weekly, then a month is 52/12 weeks of pay', () => {
    expect(toMonthly(1000, 'weekly')).toBe(4333.33);
  });
  it('when paid every two weeks, then a month is 26/12 pay cheques', () => {
    expect(toMonthly(1200, 'biweekly')).toBe(2600);
  });
  it('when paid monthly, then the amount is kept', () => {
    expect(toMonthly(3210.55, 'monthly')).toBe(3210.55);
  });
  it('when paid yearly, then a month is a twelfth', () => {
    expect(toMonthly(60000, 'yearly')).toBe(5000);
  });
});

describe('varianceVerdict (SPEC 5)', () => {
  it('when Savings are above target, then good; below, then bad', () => {
    expect(varianceVerdict('Savings', 21)).toBe('good');
    expect(varianceVerdict('Savings', 19)).toBe('bad');
  });
  it('when Wants are below target, then good; above, then bad', () => {
    expect(varianceVerdict('Wants', 29)).toBe('good');
    expect(varianceVerdict('Wants', 31)).toBe('bad');
  });
  it('when Needs are below target, then good; above, never bad', () => {
    expect(varianceVerdict('Needs', 49)).toBe('good');
    expect(varianceVerdict('Needs', 90)).toBe('over-needs');
  });
  it('when a group is exactly on its target, then it is on target', () => {
    expect(varianceVerdict('Needs', 50)).toBe('on-target');
    expect(varianceVerdict('Wants', 30)).toBe('on-target');
    expect(varianceVerdict('Savings', 20)).toBe('on-target');
  });
});

describe('spendingIndicator (SPEC 5, 20% headroom)', () => {
  it('when spending is one cent above income, then red', () => {
    expect(spendingIndicator(1000.01, 1000)).toBe('red');
  });
  it('when spending equals income, then orange (nothing left)', () => {
    expect(spendingIndicator(1000, 1000)).toBe('orange');
  });
  it('when exactly 20% of income is left, then green', () => {
    expect(spendingIndicator(800, 1000)).toBe('green');
  });
  it('when one cent less than 20% is left, then orange', () => {
    expect(spendingIndicator(800.01, 1000)).toBe('orange');
  });
  it('when float sums land just off the edge (0.1 + 0.7 of 1), then the cent comparison still says green', () => {
    expect(spendingIndicator(0.1 + 0.7, 1)).toBe('green');
  });
});

describe('wholePercentages', () => {
  it('when thirds are rounded, then they still add up to 100', () => {
    const p = wholePercentages([1, 1, 1]);
    expect(p.reduce((a, b) => a + b, 0)).toBe(100);
    expect([...p].sort()).toEqual([33, 33, 34]);
  });
  it('when many awkward shares are rounded, then the sum is always 100', () => {
    for (const values of [
      [10.1, 20.2, 69.7],
      [1, 2, 3, 4, 5, 6, 7],
      [0.01, 999.99, 3.33],
      [2, 2, 2, 2, 2, 2],
    ]) {
      expect(wholePercentages(values).reduce((a, b) => a + b, 0)).toBe(100);
    }
  });
  it('when one value holds everything, then it is 100 and the others 0', () => {
    expect(wholePercentages([0, 42, 0])).toEqual([0, 100, 0]);
  });
  it('when nothing is positive (the empty state), then all are 0', () => {
    expect(wholePercentages([0, -5, Number.NaN])).toEqual([0, 0, 0]);
    expect(wholePercentages([])).toEqual([]);
  });
});
