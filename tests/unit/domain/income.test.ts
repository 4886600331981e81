import { describe, expect, it } from 'vitest';
import {
  checkYearlyIncomeBudget,
  monthlyBudget,
  parseBudgetFrequency,
  parseBudgetIncome,
  resolveIncome,
} from '@/domain/income';

const yearly = { monthly: 5000, needs: 2500, wants: 1500, savings: 1000 };

describe('stored budget codecs', () => {
  it('when budget_income is not a positive number, then there is no budget', () => {
    for (const raw of ['0', '-5', 'abc', '1e999', '', 'NaN', null]) expect(parseBudgetIncome(raw)).toBeNull();
    expect(parseBudgetIncome('1250.5')).toBe(1250.5);
  });
  it('when budget_frequency is unknown, then there is no frequency', () => {
    expect(parseBudgetFrequency('fortnightly')).toBeNull();
    expect(parseBudgetFrequency(null)).toBeNull();
    expect(parseBudgetFrequency('biweekly')).toBe('biweekly');
  });
  it('when yearly_income_budget is corrupt, then it is null', () => {
    expect(checkYearlyIncomeBudget([1, 2])).toBeNull();
    expect(checkYearlyIncomeBudget({ ...yearly, monthly: 0 })).toBeNull();
    expect(checkYearlyIncomeBudget({ ...yearly, wants: -1 })).toBeNull();
    expect(checkYearlyIncomeBudget({ ...yearly, savings: '1000' })).toBeNull();
    expect(checkYearlyIncomeBudget(yearly)).toEqual(yearly);
  });
  it('when only one half of the budget is stored, then there is no monthly budget', () => {
    expect(monthlyBudget(1000, null)).toBeNull();
    expect(monthlyBudget(null, 'weekly')).toBeNull();
    expect(monthlyBudget(1000, 'weekly')).toBe(4333.33);
  });
});

describe('resolveIncome', () => {
  it('when a budget income is stored, then its monthly equivalent wins', () => {
    expect(
      resolveIncome({
        budgetIncome: 60000,
        budgetFrequency: 'yearly',
        yearlyIncomeBudget: yearly,
        bankIncome: 9,
      }),
    ).toEqual({ monthly: 5000, source: 'budget' });
  });
  it('when no budget is stored, then the yearly-income budget is used', () => {
    expect(
      resolveIncome({ budgetIncome: 100, budgetFrequency: null, yearlyIncomeBudget: yearly, bankIncome: 9 }),
    ).toEqual({ monthly: 5000, source: 'yearly-budget' });
  });
  it('when neither budget exists, then the bank income of the period is used', () => {
    expect(
      resolveIncome({
        budgetIncome: null,
        budgetFrequency: null,
        yearlyIncomeBudget: null,
        bankIncome: 1700,
      }),
    ).toEqual({ monthly: 1700, source: 'bank' });
  });
  it('when nothing is known, then there is no income', () => {
    expect(
      resolveIncome({ budgetIncome: null, budgetFrequency: null, yearlyIncomeBudget: null, bankIncome: 0 }),
    ).toBeNull();
  });
});
