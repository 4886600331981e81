import { describe, expect, it } from 'vitest';
import {
  EXPENSES_RULES,
  FUND_STRENGTH_MONTHS,
  emergencyFundGoal,
  readMonthlyExpenses,
} from '@/domain/emergency-fund';

describe('emergencyFundGoal', () => {
  it('when $2,000 of monthly expenses are covered for 3, 6 or 12 months, then the goal is 6,000, 12,000 or 24,000', () => {
    expect(FUND_STRENGTH_MONTHS.map((m) => emergencyFundGoal(m, 2000))).toEqual([6000, 12000, 24000]);
  });

  it('when the expenses have cents, then the goal is exact to the cent', () => {
    expect(emergencyFundGoal(3, 0.1)).toBe(0.3);
    expect(emergencyFundGoal(6, 1234.56)).toBe(7407.36);
    expect(emergencyFundGoal(12, 33.33)).toBe(399.96);
  });

  it('when the expenses are 0, missing, negative or not finite, then the goal is 0', () => {
    expect(emergencyFundGoal(6, 0)).toBe(0);
    expect(emergencyFundGoal(6, null)).toBe(0);
    expect(emergencyFundGoal(6, -100)).toBe(0);
    expect(emergencyFundGoal(6, Number.NaN)).toBe(0);
    expect(emergencyFundGoal(6, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('when no fund strength (or one the spec does not offer) is chosen, then the goal is 0', () => {
    expect(emergencyFundGoal(null, 2000)).toBe(0);
    expect(emergencyFundGoal(4, 2000)).toBe(0);
    expect(emergencyFundGoal(Number.NaN, 2000)).toBe(0);
  });

  it('when the expenses are at the largest accepted amount, then the 12-month goal is still exact', () => {
    expect(emergencyFundGoal(12, 1_000_000)).toBe(12_000_000);
    expect(emergencyFundGoal(12, 999_999.99)).toBe(11_999_999.88);
  });
});

describe('readMonthlyExpenses', () => {
  it('when the field is empty, then there is no amount and nothing to say yet', () => {
    expect(readMonthlyExpenses('')).toEqual({ amount: null, problem: null });
    expect(readMonthlyExpenses('   ')).toEqual({ amount: null, problem: null });
  });

  it('when a plain amount with up to 2 decimals is typed, then it is read', () => {
    expect(readMonthlyExpenses('2500')).toEqual({ amount: 2500, problem: null });
    expect(readMonthlyExpenses(' 1234.5 ')).toEqual({ amount: 1234.5, problem: null });
    expect(readMonthlyExpenses('.99')).toEqual({ amount: 0.99, problem: null });
    expect(readMonthlyExpenses('0')).toEqual({ amount: 0, problem: null });
    expect(readMonthlyExpenses('-0')).toEqual({ amount: 0, problem: null });
  });

  it('when the text is not a number, then it says so', () => {
    for (const t of ['abc', 'NaN', '1e5', '1,000', '12.3.4', 'Infinity', '--5', '+-1'])
      expect(readMonthlyExpenses(t), t).toEqual({ amount: null, problem: EXPENSES_RULES.notNumber });
  });

  it('when the amount is negative, then it says expenses cannot be negative', () => {
    expect(readMonthlyExpenses('-5')).toEqual({ amount: null, problem: EXPENSES_RULES.negative });
    expect(readMonthlyExpenses('-0.01')).toEqual({ amount: null, problem: EXPENSES_RULES.negative });
  });

  it('when the amount has more than 2 decimals, then it says at most 2', () => {
    expect(readMonthlyExpenses('10.001')).toEqual({ amount: null, problem: EXPENSES_RULES.tooPrecise });
    expect(readMonthlyExpenses('10.10')).toEqual({ amount: 10.1, problem: null });
  });

  it('when the amount is above $1,000,000 (or too long to be finite), then it says the limit', () => {
    expect(readMonthlyExpenses('1000000')).toEqual({ amount: 1_000_000, problem: null });
    expect(readMonthlyExpenses('1000000.01')).toEqual({ amount: null, problem: EXPENSES_RULES.tooLarge });
    expect(readMonthlyExpenses('9'.repeat(400))).toEqual({ amount: null, problem: EXPENSES_RULES.tooLarge });
    expect(EXPENSES_RULES.tooLarge).toBe('Monthly expenses must be at most $1,000,000');
  });
});
