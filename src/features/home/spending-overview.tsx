// Home's spending breakdown: the period switch, the pie chart with its total, the
// spending-versus-income indicator and the 50/30/20 analysis table. Numbers come from domain/.
import { Suspense, lazy, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { BudgetAnalysisTable } from '@/components/budget/budget-analysis-table';
import { SpendingIndicator } from '@/components/budget/spending-indicator';
import { formatMoney } from '@/domain/format';
import { resolveIncome } from '@/domain/income';
import {
  PERIODS,
  PERIOD_LABELS,
  budgetAnalysis,
  periodRange,
  spendingSlices,
  summarizeSpending,
  type MoneyItem,
  type Period,
} from '@/domain/spending';
import { budgetFrequencyAtom, budgetIncomeAtom, yearlyIncomeBudgetAtom } from '@/lib/atoms';

// The chart brings Recharts (75 KB compressed), so it loads beside the page rather than before it:
// Home shows, and asks for its data, without waiting for it (issue 14). The download starts as soon
// as this module runs; until it is done the chart's place is held at its size.
const pieChartModule = import('@/components/budget/pie-chart');
const PieChart = lazy(() => pieChartModule.then((m) => ({ default: m.PieChart })));
const PIE_SIZE = 280;

const INCOME_SOURCE_TEXT = {
  budget: 'Income: your monthly budget.',
  'yearly-budget': 'Income: your yearly income budget, per month.',
  bank: 'Income: what your bank received in this period.',
} as const;

export function SpendingOverview({ items }: { items: readonly MoneyItem[] }) {
  const [period, setPeriod] = useState<Period>('this-month');
  const budgetIncome = useAtomValue(budgetIncomeAtom);
  const budgetFrequency = useAtomValue(budgetFrequencyAtom);
  const yearlyIncomeBudget = useAtomValue(yearlyIncomeBudgetAtom);
  const summary = useMemo(() => summarizeSpending(items, periodRange(period, new Date())), [items, period]);
  const income = resolveIncome({
    budgetIncome,
    budgetFrequency,
    yearlyIncomeBudget,
    bankIncome: summary.income,
  });

  return (
    <section className="card spending-overview" aria-labelledby="breakdown-heading">
      <h2 id="breakdown-heading">Spending breakdown</h2>
      <fieldset className="segmented period-switch">
        <legend className="visually-hidden">Period</legend>
        <div className="segmented-options">
          {PERIODS.map((p) => (
            <label key={p} className={p === period ? 'selected' : undefined}>
              <input
                type="radio"
                name="spending-period"
                value={p}
                checked={p === period}
                onChange={() => setPeriod(p)}
              />
              {PERIOD_LABELS[p]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="spending-chart-row">
        <Suspense fallback={<div className="skeleton skeleton-pie" aria-hidden="true" />}>
          <PieChart
            slices={spendingSlices(summary)}
            size={PIE_SIZE}
            title={`Spending by group, ${PERIOD_LABELS[period]}`}
          />
        </Suspense>
        <p className="spending-total" aria-live="polite">
          Total spent: <strong data-testid="spending-total">{formatMoney(summary.total)}</strong>
        </p>
      </div>
      {summary.uncategorizedCount > 0 && (
        <p className="uncategorized-prompt">
          {summary.uncategorizedCount === 1
            ? '1 transaction is Uncategorized.'
            : `${summary.uncategorizedCount} transactions are Uncategorized.`}{' '}
          <Link to="/games/category-matcher">Sort them in the Category Matcher</Link>
        </p>
      )}
      {income && (
        <div className="spending-income">
          <SpendingIndicator spending={summary.total} income={income.monthly} />
          <p className="muted small">{INCOME_SOURCE_TEXT[income.source]}</p>
        </div>
      )}
      <h3>Budget analysis</h3>
      <BudgetAnalysisTable rows={budgetAnalysis(summary)} />
    </section>
  );
}

/** Holds the section's place, sized like it, while the lists load. */
export function SpendingOverviewSkeleton() {
  return (
    <section className="card spending-overview" aria-busy="true" aria-labelledby="breakdown-heading">
      <h2 id="breakdown-heading">Spending breakdown</h2>
      <div className="skeleton skeleton-switch" />
      <div className="skeleton skeleton-pie" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-table" />
      <span className="visually-hidden" role="status">
        Loading spending
      </span>
    </section>
  );
}
