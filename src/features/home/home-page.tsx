// /home: the dashboard. Goal, manual expenses, spending against 50/30/20 and income, the latest
// bank transactions, refresh and bank linking.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAtom, useSetAtom } from 'jotai';
import { PageHeader } from '@/components/page-header';
import { ConnectBankButton } from '@/components/bank-link/connect-bank-button';
import { BankLinkBanners } from '@/components/bank-link/bank-link-banners';
import { TransactionList } from '@/components/transactions/transaction-list';
import { expenseModalOpenAtom, needsTransactionRefreshAtom } from '@/lib/atoms';
import {
  useAccounts,
  useBankTransactions,
  useManualTransactions,
  useReloadLists,
  useSyncTransactions,
} from '@/lib/bank/queries';
import type { ViewItem } from '@/domain/budget-view';
import { ManualList } from './manual-list';
import { GoalBanner } from './goal';
import { MonthlyBudgetCard } from './monthly-budget-card';
import { SpendingOverview, SpendingOverviewSkeleton } from './spending-overview';
import './home.css';

const RECENT_COUNT = 5;
/** One empty list, so memoised sums do not recompute on every render of a failed load. */
const NONE: never[] = [];

export function Page() {
  const manualQuery = useManualTransactions();
  const txQuery = useBankTransactions();
  const accountsQuery = useAccounts();
  const reload = useReloadLists();
  const sync = useSyncTransactions();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const openExpense = useSetAtom(expenseModalOpenAtom);
  const [needsRefresh, setNeedsRefresh] = useAtom(needsTransactionRefreshAtom);
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const refreshParam = params.get('refresh');

  // A failed load shows as empty (SPEC 8: other load errors are only logged); the bank lists
  // show once both have answered, as one section.
  const manual = manualQuery.data ?? (manualQuery.isError ? NONE : null);
  const bankSettled = !txQuery.isPending && !accountsQuery.isPending;
  const transactions = bankSettled ? (txQuery.data ?? NONE) : null;

  // The Add Expense modal's stored flag and its ?refresh=... (SPEC 4) reload the manual list, and
  // for one saved expense only once between them: a reload already running (the save's own, or
  // this page's first load) is joined, and ?refresh= after the flag was handled here adds none.
  const reloadedForFlag = useRef(false);
  useEffect(() => {
    if (!refreshParam && !needsRefresh) return;
    if (needsRefresh || !reloadedForFlag.current) void reload(['manual']);
    reloadedForFlag.current = needsRefresh && !refreshParam;
    setNeedsRefresh(false);
    if (refreshParam) navigate('/home', { replace: true });
  }, [refreshParam, needsRefresh, reload, navigate, setNeedsRefresh]);

  const refresh = async () => {
    setRefreshing(true);
    setRefreshError(null);
    try {
      // Pressed before the accounts have loaded, it asks for them first: a bank that is linked
      // is synced, never just read again.
      const linked = accountsQuery.data ?? (await accountsQuery.refetch()).data ?? [];
      if (linked.length > 0) {
        await sync.mutateAsync();
        await reload(['manual']);
      } else {
        await reload(['manual', 'transactions', 'accounts']);
      }
    } catch (err) {
      setRefreshError(err instanceof Error ? err.message : 'Failed to fetch transactions');
    } finally {
      setRefreshing(false);
    }
  };

  const recent = (transactions ?? []).slice(0, RECENT_COUNT);
  // Spending counts bank and manual rows alike, each under its label.
  // A row's account subtype tells a move into savings (issue 24) from any other own transfer.
  const accounts = accountsQuery.data;
  const moneyItems = useMemo<ViewItem[] | null>(() => {
    if (manual === null || transactions === null) return null;
    const subtypeOf = new Map((accounts ?? []).map((a) => [a.id, a.subtype]));
    return [
      ...transactions.map((t) => ({
        amount: t.amount,
        date: t.date,
        label: t.budget_category,
        transfer: t.transfer,
        accountSubtype: t.account_id ? subtypeOf.get(t.account_id) : null,
      })),
      ...manual.map((m) => ({
        amount: m.amount,
        date: m.date,
        label: m.budget_category ?? m.category,
      })),
    ];
  }, [manual, transactions, accounts]);
  return (
    <main className="page">
      <PageHeader title="Home">
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => void refresh()}
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

      <section className="card" aria-labelledby="manual-heading">
        <div className="card-head">
          <h2 id="manual-heading">Your expenses</h2>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => openExpense(true)}>
            Enter Expense
          </button>
        </div>
        {manual === null ? (
          <div className="skeleton-list" role="status" aria-label="Loading expenses">
            <div className="skeleton skeleton-row" />
            <div className="skeleton skeleton-row" />
          </div>
        ) : manual.length === 0 ? (
          <p className="muted">No manual expenses yet. Add one to earn XP and lives.</p>
        ) : (
          <ManualList items={manual} />
        )}
      </section>

      {moneyItems === null ? <SpendingOverviewSkeleton /> : <SpendingOverview items={moneyItems} />}
      <MonthlyBudgetCard />

      <section className="card" aria-labelledby="recent-heading">
        <div className="card-head">
          <h2 id="recent-heading">Recent transactions</h2>
          {recent.length > 0 && (
            <Link className="btn btn-sm" to="/transactions">
              View All
            </Link>
          )}
        </div>
        {transactions === null ? (
          <div className="skeleton-list" role="status" aria-label="Loading transactions">
            {Array.from({ length: RECENT_COUNT }, (_, i) => (
              <div key={i} className="skeleton skeleton-row" />
            ))}
          </div>
        ) : recent.length === 0 ? (
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
