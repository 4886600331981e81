// The month's totals of bills (Needs) and subscriptions (Wants), each with its share of this
// month's income, taken with the 50/30/20 view's own rule (bank/month-money.ts).
import { Link } from '@/components/link';
import { monthlyTotals, type BillStream } from '@/domain/bills';
import type { BudgetView } from '@/domain/budget-view';
import { formatMoney } from '@/domain/format';
import { ROUTES } from '@/lib/routes';
import { shareOfIncome } from './stream-text';

const SOURCE_TEXT = {
  stated: 'your stated income',
  pay: "your pay as your bank's recurring deposits show it",
  bank: 'what your bank received',
} as const;

export function BillsTotals({ streams, view }: { streams: readonly BillStream[]; view: BudgetView | null }) {
  const totals = monthlyTotals(streams);
  const income = view && view.basis === 'income' ? view.incomeCents : 0;
  const rows = [
    { key: 'bills', title: 'Bills (Needs)', amount: totals.bills },
    { key: 'subscriptions', title: 'Subscriptions (Wants)', amount: totals.subscriptions },
  ];
  return (
    <section className="card bills-totals" aria-labelledby="totals-heading">
      <h2 id="totals-heading">Each month</h2>
      <dl className="bills-total-list">
        {rows.map((r) => (
          <div key={r.key} className="bills-total" data-testid={`total-${r.key}`}>
            <dt>{r.title}</dt>
            <dd>
              <strong className="bills-total-amount">{formatMoney(r.amount)}</strong> a month
              {income > 0 && <span className="bills-total-share">{shareOfIncome(r.amount, income)}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <p className="muted small" data-testid="bills-income-source">
        {view && view.basis === 'income' && view.incomeSource
          ? `This month's income: ${formatMoney(view.incomeCents / 100)}, from ${SOURCE_TEXT[view.incomeSource]}.`
          : 'No income known yet, so no share of income is shown.'}{' '}
        {!(view && view.basis === 'income') && (
          <Link to={ROUTES.home}>Add your income with Edit budget on Home.</Link>
        )}
      </p>
      <p className="muted small">Only streams you labelled count: Need for bills, Want for subscriptions.</p>
    </section>
  );
}
