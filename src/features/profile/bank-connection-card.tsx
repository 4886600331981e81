// Linked bank accounts and the 'Disconnect Bank Account' action (disabled with none linked).
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { emit, notify } from '@/lib/events';
import { ConfirmDialog } from '@/components/dialog';
import { disconnectBank } from './api';
import { useBankAccounts } from './use-bank-accounts';

export const DISCONNECT_FAILED = 'Failed to disconnect bank account. Please try again.';

export function BankConnectionCard() {
  const { state, reload } = useBankAccounts();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const accounts = state.status === 'ready' ? state.accounts : [];

  const disconnect = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await disconnectBank();
      notify('Your bank account has been disconnected.', 'success');
      emit('transactionsUpdated', undefined);
      setConfirming(false);
      reload();
    } catch (err) {
      notify((err instanceof ApiError && err.serverError) || DISCONNECT_FAILED, 'error');
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="bank-title" aria-busy={state.status === 'loading'}>
      <h2 id="bank-title">Bank Connection</h2>
      <AccountSummary state={state.status} count={accounts.length} />
      {accounts.length > 0 && (
        <ul className="bank-accounts">
          {accounts.map((a) => (
            <li key={a.id}>
              <span>{a.name}</span>
              <span className="muted small">
                {[a.institutionName, a.mask ? `•••• ${a.mask}` : null].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="btn btn-block"
        disabled={accounts.length === 0 || busy}
        onClick={() => setConfirming(true)}
      >
        Disconnect Bank Account
      </button>
      {confirming && (
        <ConfirmDialog
          title="Disconnect bank account?"
          message={
            <p>
              Your linked bank and its accounts and transactions will be removed from Budget Quest. Your
              manual expenses and game progress stay. You can connect a bank again at any time from Home.
            </p>
          }
          confirmLabel="Disconnect"
          danger
          busy={busy}
          onConfirm={disconnect}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}

function AccountSummary({ state, count }: { state: 'loading' | 'ready' | 'error'; count: number }) {
  if (state === 'loading') return <p className="muted">Checking for connected accounts…</p>;
  if (state === 'error')
    return <p className="muted">We couldn't load your bank accounts. Reload the page to try again.</p>;
  if (count === 0) return <p className="muted">No bank account connected. You can connect one from Home.</p>;
  return <p className="muted">{count === 1 ? '1 account connected.' : `${count} accounts connected.`}</p>;
}
