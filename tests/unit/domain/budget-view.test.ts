// Issue 24: the 50/30/20 view against income, in cents.
import { describe, expect, it } from 'vitest';
import {
  budgetView,
  isSavingsSubtype,
  periodMoney,
  rangeDays,
  statedIncomeForPeriod,
  type ViewItem,
} from '@/domain/budget-view';
import { monthlyCents, resolveIncome, statedIncome } from '@/domain/income';
import { yearlyIncomeBreakdown } from '@/domain/quests';
import type { Period } from '@/domain/spending';

const MARCH = { start: '2025-03-01', end: '2025-03-31' };
const LAST_90 = { start: '2025-01-01', end: '2025-03-31' };

describe('statedIncome: one rule for quests, Home and the article', () => {
  it.each([
    [{ budgetIncome: 925, budgetFrequency: 'weekly' as const }, 4_810_000, 'budget'],
    [{ budgetIncome: 1850, budgetFrequency: 'biweekly' as const }, 4_810_000, 'budget'],
    [{ budgetIncome: 4000, budgetFrequency: 'monthly' as const }, 4_800_000, 'budget'],
    [{ budgetIncome: 48_000, budgetFrequency: 'yearly' as const }, 4_800_000, 'budget'],
  ])('when the budget is %o, then the year is %i cents', (b, yearly, from) => {
    expect(statedIncome({ ...b, yearlyIncomeBudget: null })).toEqual({ yearlyCents: yearly, from });
  });
  it('when only the Yearly Income quest was done, then its monthly figure is the rule', () => {
    const y = yearlyIncomeBreakdown(48_100);
    const s = statedIncome({ budgetIncome: null, budgetFrequency: null, yearlyIncomeBudget: y });
    expect(s?.from).toBe('yearly-income');
    expect(monthlyCents(s!.yearlyCents)).toBe(400_833);
  });
  it('when both are stated, then the budget wins and both views get the same month', () => {
    const s = statedIncome({
      budgetIncome: 925,
      budgetFrequency: 'weekly',
      yearlyIncomeBudget: yearlyIncomeBreakdown(48_000),
    });
    expect(monthlyCents(s!.yearlyCents)).toBe(400_833);
    // The guess quest reads resolveIncome: the same $4,008.33 as Home.
    const quest = resolveIncome({
      budgetIncome: 925,
      budgetFrequency: 'weekly',
      yearlyIncomeBudget: yearlyIncomeBreakdown(48_000),
      bankIncome: 0,
    });
    expect(quest?.monthly).toBe(4008.33);
  });
  it('when nothing is stated, then null', () => {
    expect(
      statedIncome({ budgetIncome: null, budgetFrequency: 'weekly', yearlyIncomeBudget: null }),
    ).toBeNull();
  });
});

describe('statedIncomeForPeriod', () => {
  it.each<[Period, { start: string; end: string }, number]>([
    ['this-month', MARCH, 400_000],
    ['last-month', { start: '2025-02-01', end: '2025-02-28' }, 400_000],
    ['last-90-days', LAST_90, Math.round((4_800_000 * 90) / 365)],
  ])('when the period is %s, then a $48,000 year gives %i cents', (period, range, cents) => {
    expect(statedIncomeForPeriod(4_800_000, period, range)).toBe(cents);
  });
  it('the last 90 days are 90 days', () => expect(rangeDays(LAST_90)).toBe(90));
});

describe('isSavingsSubtype', () => {
  it.each([
    ['savings', true],
    ['money market', true],
    ['money_market', true],
    ['cd', true],
    ['HSA', true],
    ['checking', false],
    ['credit card', false],
    [null, false],
  ])('%s -> %s', (subtype, yes) => expect(isSavingsSubtype(subtype)).toBe(yes));
});

const item = (amount: number, label: string | null, extra: Partial<ViewItem> = {}): ViewItem => ({
  amount,
  date: '2025-03-10',
  label,
  ...extra,
});

describe('periodMoney', () => {
  it('when $250 moves from checking to savings, then it is saved and not spent', () => {
    const m = periodMoney(
      [
        item(250, 'Savings', { transfer: true, accountSubtype: 'checking' }),
        item(-250, 'Income', { transfer: true, accountSubtype: 'savings' }),
        item(100, 'Savings'),
      ],
      MARCH,
    );
    expect(m.groups.Savings).toBe(35_000);
    expect(m.savedByTransfer).toBe(25_000);
    expect(m.bankIncome).toBe(0);
    expect(m.spent).toBe(10_000);
  });
  it('when money leaves savings for checking, then net savings fall', () => {
    const m = periodMoney(
      [
        item(-500, null, { transfer: true, accountSubtype: 'savings' }),
        item(-100, null, { transfer: true, accountSubtype: 'checking' }),
        item(100, null, { transfer: true, accountSubtype: 'savings' }),
      ],
      MARCH,
    );
    expect(m.groups.Savings).toBe(40_000);
  });
  it('when rows are unlabelled, then they are Unsorted, counted, and outside the range is ignored', () => {
    const m = periodMoney(
      [
        item(12.5, 'Want'),
        item(3909, null),
        item(10, 'uncategorized'),
        { ...item(99, null), date: '2025-04-01' },
      ],
      MARCH,
    );
    expect(m.groups).toEqual({ Needs: 0, Wants: 1250, Savings: 0, Unsorted: 391_900 });
    expect(m.unsortedCount).toBe(2);
    expect(m.spent).toBe(393_150);
  });
  it('income is money in or labelled Income, never an own transfer', () => {
    const m = periodMoney(
      [item(-3000, null), item(200, 'Income'), item(-50, null, { transfer: true })],
      MARCH,
    );
    expect(m.bankIncome).toBe(320_000);
  });
});

describe('budgetView', () => {
  const stated = 4_800_000; // $4,000 a month
  it.each([
    // [needs, wants, savings] in dollars -> verdicts and cents left
    [
      [1500, 412, 1000],
      ['good', 'good', 'good'],
      [50_000, 78_800, -20_000],
    ],
    [
      [2000, 1200, 800],
      ['on-target', 'on-target', 'on-target'],
      [0, 0, 0],
    ],
    [
      [2100, 1300, 500],
      ['over-needs', 'bad', 'bad'],
      [-10_000, -10_000, 30_000],
    ],
  ])('with 4000 dollars of stated income a month, spending %o gives %o', (spent, verdicts, left) => {
    const [n, w, s] = spent;
    const m = periodMoney([item(n, 'Need'), item(w, 'Want'), item(s, 'Savings'), item(300, null)], MARCH);
    const v = budgetView(m, 'this-month', MARCH, stated);
    expect(v.basis).toBe('income');
    expect(v.incomeSource).toBe('stated');
    expect(v.incomeCents).toBe(400_000);
    expect(v.lines.map((l) => l.verdict)).toEqual(verdicts);
    expect(v.lines.map((l) => l.leftCents)).toEqual(left);
    expect(v.lines.map((l) => l.targetCents)).toEqual([200_000, 120_000, 80_000]);
    expect(v.unsortedCents).toBe(30_000);
  });
  it('when one $12.50 Want sits beside $3,909 unsorted, then Wants is a small share of income and good', () => {
    const m = periodMoney([item(12.5, 'Want'), item(3909, null)], MARCH);
    const v = budgetView(m, 'this-month', MARCH, stated);
    const wants = v.lines[1];
    expect(wants.sharePercent).toBe(0);
    expect(wants.verdict).toBe('good');
    expect(wants.leftCents).toBe(118_750);
    expect(v.unsortedCount).toBe(1);
  });
  it('when no budget is stated, then the bank income of the period is the base', () => {
    const m = periodMoney([item(-3000, null), item(900, 'Want')], MARCH);
    const v = budgetView(m, 'this-month', MARCH, null);
    expect(v.incomeSource).toBe('bank');
    expect(v.incomeCents).toBe(300_000);
    expect(v.lines[1]).toMatchObject({ sharePercent: 30, verdict: 'on-target', leftCents: 0 });
  });
  it('on the last 90 days the stated income covers 90 days', () => {
    const m = periodMoney([item(6000, 'Need')], LAST_90);
    const v = budgetView(m, 'last-90-days', LAST_90, stated);
    expect(v.incomeCents).toBe(1_183_562);
    expect(v.spentCents).toBe(600_000);
  });
  it('when no income is known at all, then shares are of sorted spending, named so', () => {
    const m = periodMoney([item(50, 'Need'), item(30, 'Want'), item(20, 'Savings'), item(500, null)], MARCH);
    const v = budgetView(m, 'this-month', MARCH, null);
    expect(v.basis).toBe('spending');
    expect(v.incomeSource).toBeNull();
    expect(v.lines.map((l) => l.sharePercent)).toEqual([50, 30, 20]);
    expect(v.lines.every((l) => l.leftCents === null)).toBe(true);
  });
  it('when nothing is known or sorted, then there are no lines', () => {
    const v = budgetView(periodMoney([item(5, null)], MARCH), 'this-month', MARCH, null);
    expect(v.lines).toEqual([]);
    expect(v.unsortedCents).toBe(500);
  });
});
