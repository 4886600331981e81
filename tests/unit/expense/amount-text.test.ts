import { describe, expect, it } from 'vitest';
import { amountTextProblem, parseAmount } from '@/features/expense/expense-form';

describe('amountTextProblem', () => {
  it('when the amount has three decimals, then it says at most 2 decimal places and Done stays off', () => {
    expect(amountTextProblem('12.345')).toBe('Amount can have at most 2 decimal places');
    expect(parseAmount('12.345')).toBeNull();
  });
  it('when the amount is 0, then it says it must be above 0', () => {
    expect(amountTextProblem('0')).toBe('Amount must be greater than 0');
  });
  it('when the amount is too large or not a number, then each says why', () => {
    expect(amountTextProblem('1000000.01')).toBe('Amount must be at most $1,000,000');
    expect(amountTextProblem('1e999')).toBe('Amount must be a number');
    expect(amountTextProblem('-5')).toBe('Amount must be greater than 0');
  });
  it('when the field is empty or valid, then there is nothing to say', () => {
    expect(amountTextProblem('')).toBeNull();
    expect(amountTextProblem('12.34')).toBeNull();
  });
});
