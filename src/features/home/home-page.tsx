// /home: the dashboard. Goal, manual expenses, spending against 50/30/20 and income, the latest
// bank transactions, refresh and bank linking.
import { useEffect, useMemo, useState } from 'react';
import { useSettledInTransition } from '@/lib/settled-in-transition';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '@/components/link';
import { useAtom, useSetAtom } from 'jotai';
import { PageHeader } from '@/components/page-header';
import { ConnectBankButton } from '@/bank/link/connect-bank-button';
import { BankLinkBanners } from '@/bank/link/bank-link-banners';
import { TransactionList } from '@/components/transactions/transaction-list';
import { needsTransactionRefreshAtom } from '@/lib/atoms';
import { expenseModalOpenAtom } from '@/lib/shell-atoms';
import { useAccounts, useBankTransactions, useBills, useManualTransactions } from '@/bank/queries';
import { toViewItems } from '@/bank/month-money';
import { useSyncBank } from '@/bank/sync';
import type { ViewItem } from '@/domain/budget-view';
import { ManualList } from './manual-list';
import { GoalBanner } from './goal';
import { MonthlyBudgetCard } from './monthly-budget-card';
import { LearnLink } from './learn-link';
import { BillsLink } from './bills-link';
import { SpendingOverview } from './spending-overview';
import './home.css';

const RECENT_COUNT = 5;
/** One empty list, so memoised sums do not recompute on every render of a failed load. */
const NONE: never[] = [];

export function Page() {
  const manualQuery = useManualTransactions();
  const txQuery = useBankTransactions();
  const accountsQuery = useAccounts();
  // The bills view gives the income streams' pay and the subscriptions line: waited for with the
  // lists, so neither changes a section already on screen (a failed load counts as none).
  const billsQuery = useBills();
  const sync = useSyncBank();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const openExpense = useSetAtom(expenseModalOpenAtom);
  const [needsRefresh, setNeedsRefresh] = useAtom(needsTransactionRefreshAtom);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const refreshParam = params.get('refresh');

  // A failed load shows as empty (SPEC 8: other load errors are only logged). Once answered,
  // always settled (a failed list refetches when a section mounts on it); the sections render in
  // a transition once every list has answered (lib/settled-in-transition).
  const settled = useSettledInTransition(
    manualQuery.isFetched && txQuery.isFetched && accountsQuery.isFetched && billsQuery.isFetched,
  );
  const transactions = settled ? (txQuery.data ?? NONE) : null;
  const manual = settled ? (manualQuery.data ?? NONE) : null;

  // The Add Expense modal's stored flag and its ?refresh=... (SPEC 4) are cleared here; they
  // reload nothing: saving the expense already reloaded the manual list (bank/queries.ts).
  useEffect(() => {
    if (needsRefresh) setNeedsRefresh(false);
    if (refreshParam) navigate('/home', { replace: true });
  }, [refreshParam, needsRefresh, navigate, setNeedsRefresh]);

  // 'Refresh Data' is the bank module's one sync, with the manual list reloaded too.
  const refreshing = sync.isPending;
  const refresh = () => {
    setRefreshError(null);
    sync.mutate(
      { alsoReload: ['manual'] },
      {
        onError: (err) =>
          setRefreshError(err instanceof Error ? err.message : 'Failed to fetch transactions'),
      },
    );
  };

  const recent = (transactions ?? []).slice(0, RECENT_COUNT);
  // Spending counts bank and manual rows alike, each under its label.
  // A row's account subtype tells a move into savings (issue 24) from any other own transfer.
  const accounts = accountsQuery.data;
  const moneyItems = useMemo<ViewItem[] | null>(
    () => (manual === null || transactions === null ? null : toViewItems(transactions, manual, accounts)),
    [manual, transactions, accounts],
  );
  // Above the data: the header, the goal and the notices, shown at once.
  const top = (
    <>
      <PageHeader title="Home">
        <button
          type="button"
          className="btn btn-sm"
          onClick={refresh}
          disabled={refreshing}
          aria-busy={refreshing}
        >
          {refreshing ? 'Refreshing…' : 'Refresh Data'}
        </button>
      </PageHeader>
      <GoalBanner />
      <BankLinkBanners />
      {refreshError && (
        <div className="banner banner-error" role="alert">
          <p>{refreshError} Your data below is as it was before the refresh.</p>
          <button type="button" className="btn btn-sm" onClick={() => setRefreshError(null)}>
            Dismiss
          </button>
        </div>
      )}
    </>
  );
  // The sections below are shaped by all three lists (how many expenses, the chart, the recent
  // rows): they show together once every list has answered, so nothing shown earlier moves when
  // the data arrives (issue 33).
  if (manual === null || transactions === null || moneyItems === null) {
    return (
      <main className="page">
        {top}
        <div className="loading-screen" role="status" aria-label="Loading your data">
          <div className="spinner" />
        </div>
      </main>
    );
  }
  return (
    <main className="page">
      {top}

      <section className="card" aria-labelledby="manual-heading">
        <div className="card-head">
          <h2 id="manual-heading">Your expenses</h2>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => openExpense(true)}>
            Enter Expense
          </button>
        </div>
        {manual.length === 0 ? (
          <p className="muted">No manual expenses yet. Add one to earn XP and lives.</p>
        ) : (
          <ManualList items={manual} />
        )}
      </section>

      <SpendingOverview items={moneyItems} />
      <MonthlyBudgetCard />
      <BillsLink />
      <LearnLink />

      <section className="card" aria-labelledby="recent-heading">
        <div className="card-head">
          <h2 id="recent-heading">Recent transactions</h2>
          {recent.length > 0 && (
            <Link className="btn btn-sm" to="/transactions">
              View All
            </Link>
          )}
        </div>
        {recent.length === 0 ? (
          <>
            <p className="muted">Connect your bank to bring in your transactions automatically.</p>
            <ConnectBankButton showBanners={false} />
          </>
        ) : (
          <TransactionList transactions={recent} label="Recent transactions" />
        )}
      </section>
    </main>
  );
}
