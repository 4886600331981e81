// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { budgetFrequencyAtom, budgetIncomeAtom, yearlyIncomeBudgetAtom } from '@/lib/atoms';

describe('stored budget atoms', () => {
  it('when the stored budget values are corrupt, then each reads as no budget', () => {
    localStorage.setItem('budget_income', '-5');
    localStorage.setItem('budget_frequency', 'daily');
    localStorage.setItem('yearly_income_budget', '{"monthly":-1,"needs":1,"wants":1,"savings":1}');
    const store = createStore();
    expect(store.get(budgetIncomeAtom)).toBeNull();
    expect(store.get(budgetFrequencyAtom)).toBeNull();
    expect(store.get(yearlyIncomeBudgetAtom)).toBeNull();
  });
  it('when the stored budget values are valid, then they are read back', () => {
    localStorage.setItem('budget_income', '1200');
    localStorage.setItem('budget_frequency', 'biweekly');
    localStorage.setItem('yearly_income_budget', '{"monthly":5000,"needs":2500,"wants":1500,"savings":1000}');
    const store = createStore();
    expect(store.get(budgetIncomeAtom)).toBe(1200);
    expect(store.get(budgetFrequencyAtom)).toBe('biweekly');
    expect(store.get(yearlyIncomeBudgetAtom)?.monthly).toBe(5000);
  });
});
