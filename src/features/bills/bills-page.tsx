// /bills (issue 28): the recurring streams the bank detected. The monthly totals of bills (Needs)
// and subscriptions (Wants) against the month's income, each money-out stream with its label, the
// Subscription check-up's keep-or-cancel controls, and the pay streams.
import { PageHeader } from '@/components/page-header';
import { useSettledInTransition } from '@/lib/settled-in-transition';
import { ConnectBankButton } from '@/bank/link/connect-bank-button';
import { useAccounts, useBills } from '@/bank/queries';
import { useThisMonth } from '@/bank/month-money';
import { isLinkedAccount } from '@/domain/accounts';
import { localDateKey } from '@/domain/dates';
import { BillsTotals } from './bills-totals';
import { CheckupSummary } from './checkup-summary';
import { StreamList } from './stream-list';
import './bills.css';

export function Page() {
  const bills = useBills();
  const accounts = useAccounts();
  const month = useThisMonth();
  const today = localDateKey(new Date());

  const header = <PageHeader title="Bills and subscriptions" />;
  // The view renders in a transition once everything has answered (lib/settled-in-transition).
  const settled = useSettledInTransition(
    accounts.isFetched && bills.isFetched && !(bills.isSuccess && month === null),
  );
  if (!settled) {
    return (
      <main className="page bills-page">
        {header}
        <div className="bills-loading" role="status" aria-label="Loading your bills and subscriptions">
          <div className="spinner" />
        </div>
      </main>
    );
  }
  const linked = (accounts.data ?? []).some(isLinkedAccount);
  if (bills.isError || !bills.data) {
    return (
      <main className="page bills-page">
        {header}
        <section className="card" role="alert">
          <p>We could not load your bills and subscriptions. Check your connection and try again.</p>
          <button type="button" className="btn btn-sm" onClick={() => void bills.refetch()}>
            Try again
          </button>
        </section>
      </main>
    );
  }
  const view = bills.data;
  const outflows = view.streams.filter((s) => s.direction === 'outflow');
  const inflows = view.streams.filter((s) => s.direction === 'inflow');

  if (view.streams.length === 0) {
    return (
      <main className="page bills-page">
        {header}
        <section className="card bills-empty" aria-labelledby="bills-empty-title">
          {linked ? (
            <>
              <h2 id="bills-empty-title">No repeating payments yet</h2>
              <p>
                Your bank is linked, but no bills, subscriptions or pay show a pattern yet. They appear here
                once a few months of transactions repeat.
              </p>
            </>
          ) : (
            <>
              <h2 id="bills-empty-title">No bank linked</h2>
              <p>Link a bank to see your bills and subscriptions.</p>
              <ConnectBankButton />
            </>
          )}
        </section>
      </main>
    );
  }

  return (
    <main className="page bills-page">
      {header}
      <BillsTotals streams={view.streams} view={month?.view ?? null} />
      <CheckupSummary view={view} />
      <section className="card" aria-labelledby="outflow-heading">
        <h2 id="outflow-heading">Money out</h2>
        {outflows.length === 0 ? (
          <p className="muted">No repeating payments found yet.</p>
        ) : (
          <StreamList streams={outflows} today={today} />
        )}
      </section>
      <section className="card" aria-labelledby="pay-heading">
        <h2 id="pay-heading">Pay</h2>
        {inflows.length === 0 ? (
          <p className="muted">No repeating pay found yet.</p>
        ) : (
          <StreamList streams={inflows} today={today} />
        )}
      </section>
    </main>
  );
}
