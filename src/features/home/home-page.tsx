// /home: the dashboard. Manual expenses, the latest bank transactions, refresh and bank linking.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAtom, useSetAtom } from 'jotai';
import { PageHeader } from '@/components/page-header';
import { ConnectBankButton } from '@/components/bank-link/connect-bank-button';
import { BankLinkBanners } from '@/components/bank-link/bank-link-banners';
import { TransactionList } from '@/components/transactions/transaction-list';
import { expenseModalOpenAtom, needsTransactionRefreshAtom } from '@/lib/atoms';
import { bankApi } from '@/lib/bank-api';
import { emit } from '@/lib/events';
import { awardXp } from '@/lib/session';
import { BANK_REFRESH_XP } from '@/domain/xp';
import { useHomeData } from './use-home-data';
import { ManualList } from './manual-list';

export const RECENT_COUNT = 5;

export function Page() {
  const { manual, transactions, accounts, loadManual, loadBank } = useHomeData();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const openExpense = useSetAtom(expenseModalOpenAtom);
  const [needsRefresh, setNeedsRefresh] = useAtom(needsTransactionRefreshAtom);
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const refreshParam = params.get('refresh');

  // ?refresh=... (after the Add Expense modal) reloads the manual list, then the URL is cleaned.
  useEffect(() => {
    if (!refreshParam && !needsRefresh) return;
    void loadManual().then(() => {
      setNeedsRefresh(false);
      if (refreshParam) navigate('/home', { replace: true });
    });
  }, [refreshParam, needsRefresh, loadManual, navigate, setNeedsRefresh]);

  const refresh = async () => {
    setRefreshing(true);
    setRefreshError(null);
    try {
      if (accounts.length > 0) {
        await bankApi.fetchTransactions();
        awardXp(BANK_REFRESH_XP);
        emit('transactionsUpdated', undefined);
      }
      await Promise.all([loadManual(), loadBank()]);
    } catch (err) {
      setRefreshError(err instanceof Error ? err.message : 'Failed to fetch transactions');
    } finally {
      setRefreshing(false);
    }
  };

  const recent = (transactions ?? []).slice(0, RECENT_COUNT);
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
      <BankLinkBanners />
      {refreshError && (
        <p className="form-error" role="alert">
          {refreshError}
        </p>
      )}

      <section className="card" aria-labelledby="manual-heading">
        <div className="card-head">
          <h2 id="manual-heading">Your expenses</h2>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => openExpense(true)}>
            Enter Expense
          </button>
        </div>
        {manual === null ? (
          <div className="spinner" role="status" aria-label="Loading expenses" />
        ) : manual.length === 0 ? (
          <p className="muted">No manual expenses yet. Add one to earn XP and lives.</p>
        ) : (
          <ManualList items={manual} onChanged={loadManual} />
        )}
      </section>

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
          <div className="spinner" role="status" aria-label="Loading transactions" />
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
