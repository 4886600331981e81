// The way into Bills and subscriptions from Home (issue 28), under the budget: with the line that
// tells when subscriptions take more than a tenth of this month's Wants.
import { Link } from '@/components/link';
import { useBills } from '@/bank/queries';
import { useThisMonth } from '@/bank/month-money';
import { monthlyTotals, subscriptionsLeak } from '@/domain/bills';
import { formatMoney } from '@/domain/format';
import { ROUTES } from '@/lib/routes';

export function BillsLink() {
  const bills = useBills();
  const month = useThisMonth();
  const subscriptions = bills.data ? monthlyTotals(bills.data.streams).subscriptions : 0;
  const wants = month ? month.money.groups.Wants / 100 : 0;
  const leak = subscriptionsLeak(subscriptions, wants);
  return (
    <section className="card bills-link" aria-labelledby="bills-link-title">
      <div className="card-head">
        <h2 id="bills-link-title">Bills and subscriptions</h2>
        <Link className="btn btn-sm" to={ROUTES.bills}>
          See bills
        </Link>
      </div>
      {leak ? (
        <p className="subscriptions-line" data-testid="subscriptions-line">
          {`Subscriptions take ${formatMoney(subscriptions)} a month, ${Math.round((subscriptions * 100) / wants)}% of this month's Wants.`}{' '}
          <Link to={ROUTES.bills}>Review subscriptions</Link>
        </p>
      ) : (
        <p className="muted">What repeats each month: rent, bills, subscriptions and your pay.</p>
      )}
    </section>
  );
}
