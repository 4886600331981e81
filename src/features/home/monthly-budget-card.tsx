// The optional monthly budget card (SPEC 2): shown when a budget income and pay frequency are
// stored, as their monthly equivalent split 50/30/20.
import { useAtomValue } from 'jotai';
import { BudgetDisplay } from '@/components/budget/budget-display';
import { formatMoney } from '@/domain/format';
import { monthlyBudget } from '@/domain/income';
import { budgetFrequencyAtom, budgetIncomeAtom } from '@/lib/atoms';

const FREQUENCY_TEXT = {
  weekly: 'weekly',
  biweekly: 'every two weeks',
  monthly: 'monthly',
  yearly: 'yearly',
};

export function MonthlyBudgetCard() {
  const income = useAtomValue(budgetIncomeAtom);
  const frequency = useAtomValue(budgetFrequencyAtom);
  const monthly = monthlyBudget(income, frequency);
  if (monthly === null || income === null || frequency === null) return null;
  return (
    <div className="monthly-budget">
      <BudgetDisplay monthlyIncome={monthly} />
      <p className="muted small monthly-budget-source">
        Monthly budget from {formatMoney(income)} paid {FREQUENCY_TEXT[frequency]}.
      </p>
    </div>
  );
}
