// /transactions: the Category Matcher on top, then the bank connection, a sync button and the full
// list of bank transactions (search, filters, relabelling: ./bank-transactions.tsx).
import { useState } from 'react';
import { useAtom } from 'jotai';
import { PageHeader } from '@/components/page-header';
import { ConnectBankButton } from '@/components/bank-link/connect-bank-button';
import { BankLinkBanners } from '@/components/bank-link/bank-link-banners';
import { CategoryMatcher } from '@/components/matcher/category-matcher';
import { expiredLoginItemId } from '@/components/bank-link/link-errors';
import { expiredItemIdAtom } from '@/components/bank-link/link-state';
import { ApiError } from '@/lib/api-client';
import { useAccounts, useBankTransactions, useSyncTransactions } from '@/lib/bank/queries';
import { BankTransactions } from './bank-transactions';
import './transactions.css';

export function Page() {
  const txQuery = useBankTransactions();
  const accountsQuery = useAccounts();
  const sync = useSyncTransactions();
  const [syncError, setSyncError] = useState<string | null>(null);
  // The list shows once both lists have answered; a failed one shows as empty, with its message.
  const settled = !txQuery.isPending && !accountsQuery.isPending;
  const transactions = settled ? (txQuery.data ?? []) : null;
  const accounts = accountsQuery.data ?? [];
  const error = (txQuery.error ?? accountsQuery.error)?.message ?? null;
  const [expiredItemId, setExpiredItemId] = useAtom(expiredItemIdAtom);
  // An item whose first sync failed has no accounts yet; the server's 409 names it instead.
  const reconnectItemId = accounts.find((a) => a.needsReconnect && a.itemId)?.itemId ?? expiredItemId;
  // A sync error is stale once a (re)connection has synced successfully.
  const clearSyncError = () => setSyncError(null);

  const syncWithBank = () => {
    setSyncError(null);
    sync.mutate(undefined, {
      onError: (err) => {
        setSyncError(err instanceof Error ? err.message : 'Failed to fetch transactions');
        const expired = expiredLoginItemId(err instanceof ApiError ? err.body : null);
        if (expired) setExpiredItemId(expired);
      },
    });
  };

  return (
    <main className="page">
      <PageHeader title="Transactions">
        {accounts.length > 0 ? (
          <button
            type="button"
            className="btn btn-sm"
            onClick={syncWithBank}
            disabled={sync.isPending}
            aria-busy={sync.isPending}
          >
            {sync.isPending ? 'Syncing…' : 'Sync with bank'}
          </button>
        ) : null}
      </PageHeader>

      <section className="card" aria-labelledby="matcher-heading">
        <h2 id="matcher-heading">Category Matcher</h2>
        <CategoryMatcher />
      </section>

      <section className="card" aria-labelledby="bank-heading">
        <h2 id="bank-heading">Bank connection</h2>
        {accounts.length > 0 ? (
          <ul className="account-list">
            {accounts.map((a) => (
              <li key={a.id}>
                <span>
                  {a.type === 'connection'
                    ? a.name
                    : `${a.institutionName ? `${a.institutionName} · ` : ''}${a.name}${a.mask ? ` •••• ${a.mask}` : ''}`}
                </span>
                {a.needsReconnect && <span className="badge badge-pending">Needs reconnect</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">
            Connect your bank to see your transactions here and sort them into Needs, Wants and Savings.
          </p>
        )}
        <div className="row">
          {reconnectItemId ? (
            <ConnectBankButton
              label="Reconnect Bank"
              options={{ itemId: reconnectItemId, onConnected: clearSyncError }}
              showBanners={false}
            />
          ) : null}
          <ConnectBankButton
            label={accounts.length ? 'Connect Another Bank' : 'Connect Bank Account'}
            className={reconnectItemId ? 'btn' : 'btn btn-primary'}
            options={{ onConnected: clearSyncError }}
            showBanners={false}
          />
        </div>
        <BankLinkBanners />
        {syncError && (
          <p className="form-error" role="alert">
            {syncError}
          </p>
        )}
      </section>

      <section className="card" aria-labelledby="all-tx-heading">
        <h2 id="all-tx-heading">Bank transactions</h2>
        <p className="muted small">
          Everything your linked bank accounts report, newest first. Tap a label to change it.
        </p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {transactions === null ? (
          <div className="loading-screen small" role="status" aria-label="Loading transactions">
            <div className="spinner" />
          </div>
        ) : transactions.length === 0 ? (
          <p className="muted">No transactions yet.</p>
        ) : (
          <BankTransactions transactions={transactions} accounts={accounts} />
        )}
      </section>
    </main>
  );
}
