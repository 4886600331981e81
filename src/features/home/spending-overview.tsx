// Home's spending breakdown: the period switch, the pie chart with its total, the
// spending-versus-income indicator for that period and the 50/30/20 analysis measured against the
// period's income (issue 24), with unsorted money on its own line. Numbers come from domain/.
import { useMemo, useState } from 'react';
import { Link } from '@/components/link';
import { PieChart } from '@/components/budget/pie-chart';
import { BudgetAnalysisTable } from '@/components/budget/budget-analysis-table';
import { SpendingIndicator } from '@/components/budget/spending-indicator';
import { budgetView, periodMoney, viewSlices, type ViewItem } from '@/domain/budget-view';
import { formatMoney } from '@/domain/format';
import { PERIODS, PERIOD_LABELS, periodRange, type Period } from '@/domain/spending';
import { useIncomeInputs } from '@/bank/month-money';
import { EditBudgetButton } from './edit-budget';

const PIE_SIZE = 280;

const PERIOD_PHRASE: Record<Period, string> = {
  'this-month': 'this month',
  'last-month': 'last month',
  'last-90-days': 'the last 90 days',
};

export function SpendingOverview({ items }: { items: readonly ViewItem[] }) {
  const [period, setPeriod] = useState<Period>('this-month');
  const income = useIncomeInputs();
  const range = useMemo(() => periodRange(period, new Date()), [period]);
  const money = useMemo(() => periodMoney(items, range), [items, range]);
  const view = budgetView(money, period, range, income.statedYearlyCents, income.payMonthlyCents);
  const incomeText = formatMoney(view.incomeCents / 100);
  const phrase = PERIOD_PHRASE[period];

  return (
    <section className="card spending-overview" aria-labelledby="breakdown-heading">
      <div className="card-head">
        <h2 id="breakdown-heading">Spending breakdown</h2>
        <EditBudgetButton />
      </div>
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
        <PieChart
          slices={viewSlices(money)}
          size={PIE_SIZE}
          title={`Spending by group, ${PERIOD_LABELS[period]}`}
        />
        <p className="spending-total" aria-live="polite">
          Total spent: <strong data-testid="spending-total">{formatMoney(view.spentCents / 100)}</strong>
        </p>
      </div>
      <p className="muted small income-source" data-testid="income-source">
        {view.incomeSource === 'stated'
          ? `Based on your stated income: ${incomeText} for ${phrase}.`
          : view.incomeSource === 'pay'
            ? `Based on your pay as your bank's recurring deposits show it: ${incomeText} for ${phrase}.`
            : view.incomeSource === 'bank'
              ? `Based on what your bank received: ${incomeText} in ${phrase}.`
              : 'No income known yet, so the shares below are shares of your sorted spending. Add your income with Edit budget.'}
      </p>
      {view.basis === 'income' && (
        <div className="spending-income">
          <SpendingIndicator spending={view.spentCents / 100} income={view.incomeCents / 100} />
        </div>
      )}
      <h3>Budget analysis</h3>
      <BudgetAnalysisTable view={view} />
      {view.unsortedCount > 0 && (
        <p className="uncategorized-prompt" data-testid="unsorted-line">
          Unsorted: <strong>{formatMoney(view.unsortedCents / 100)}</strong> in{' '}
          {view.unsortedCount === 1 ? '1 transaction' : `${view.unsortedCount} transactions`}, not in the
          verdicts until sorted. <Link to="/games/category-matcher">Sort them in the Category Matcher</Link>{' '}
          or <Link to="/transactions">on the Transactions page</Link>.
        </p>
      )}
    </section>
  );
}
