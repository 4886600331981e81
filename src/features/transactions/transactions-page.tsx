// /transactions: the Category Matcher on top, then the bank connection, a sync button and the full
// list of bank transactions (search, filters, relabelling: ./bank-transactions.tsx).
import { useState } from 'react';
import { useSettledInTransition } from '@/lib/settled-in-transition';
import { useAtomValue } from 'jotai';
import { Link } from '@/components/link';
import { ROUTES } from '@/lib/routes';
import { PageHeader } from '@/components/page-header';
import { ConnectBankButton } from '@/bank/link/connect-bank-button';
import { BankLinkBanners } from '@/bank/link/bank-link-banners';
import { CategoryMatcher } from '@/components/matcher/category-matcher';
import { expiredItemIdAtom } from '@/bank/link/link-state';
import { useAccounts, useBankTransactions } from '@/bank/queries';
import { useSyncBank } from '@/bank/sync';
import { BankTransactions } from './bank-transactions';
import { ImportStatementCard } from './import-statement-card';
import { isLinkedAccount } from '@/domain/accounts';
import './transactions.css';

export function Page() {
  const txQuery = useBankTransactions();
  const accountsQuery = useAccounts();
  const sync = useSyncBank();
  const [syncError, setSyncError] = useState<string | null>(null);
  // The page's sections show once both lists have answered (a failed one shows as empty, with its
  // message): the matcher's size and the bank section's content depend on them, so nothing drawn
  // before the answers has to move when they arrive (issue 33).
  // Once answered, always settled: a failed list refetches when the matcher mounts on it, and the
  // page must not go back to loading (and unmount the matcher) while it does.
  // The sections render in a transition once both have answered (lib/settled-in-transition).
  const settled = useSettledInTransition(txQuery.isFetched && accountsQuery.isFetched);
  const transactions = txQuery.data ?? [];
  const accounts = accountsQuery.data ?? [];
  // Accounts statement imports made are listed, but only a linked bank syncs.
  const linked = accounts.filter(isLinkedAccount);
  const error = (txQuery.error ?? accountsQuery.error)?.message ?? null;
  const expiredItemId = useAtomValue(expiredItemIdAtom);
  // An item whose first sync failed has no accounts yet; the server's 409 names it instead.
  const reconnectItemId = accounts.find((a) => a.needsReconnect && a.itemId)?.itemId ?? expiredItemId;
  // A sync error is stale once a (re)connection has synced successfully.
  const clearSyncError = () => setSyncError(null);

  const syncWithBank = () => {
    setSyncError(null);
    // The bank module's one sync records an expired login itself (Reconnect Bank then shows).
    sync.mutate(
      {},
      { onError: (err) => setSyncError(err instanceof Error ? err.message : 'Failed to fetch transactions') },
    );
  };

  if (!settled) {
    return (
      <main className="page">
        <PageHeader title="Transactions" />
        <div className="loading-screen" role="status" aria-label="Loading transactions">
          <div className="spinner" />
        </div>
      </main>
    );
  }

  return (
    <main className="page">
      <PageHeader title="Transactions">
        {linked.length > 0 ? (
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
                {!isLinkedAccount(a) && <span className="badge badge-imported">Imported</span>}
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
            label={linked.length ? 'Connect Another Bank' : 'Connect Bank Account'}
            className={reconnectItemId ? 'btn' : 'btn btn-primary'}
            options={{ onConnected: clearSyncError }}
            showBanners={false}
          />
        </div>
        <BankLinkBanners />
        <p className="bills-link-line">
          <Link to={ROUTES.bills}>Bills and subscriptions</Link>: what repeats, from rent to streaming.
        </p>
        {syncError && (
          <p className="form-error" role="alert">
            {syncError}
          </p>
        )}
      </section>

      <ImportStatementCard />

      <section className="card" aria-labelledby="all-tx-heading">
        <h2 id="all-tx-heading">Bank transactions</h2>
        <p className="muted small">
          Everything your linked bank accounts report and your imported statements hold, newest first. Tap a
          label to change it.
        </p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {transactions.length === 0 ? (
          <p className="muted">No transactions yet.</p>
        ) : (
          <BankTransactions transactions={transactions} accounts={accounts} />
        )}
      </section>
    </main>
  );
}
