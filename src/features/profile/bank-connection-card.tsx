// Linked bank accounts and the 'Disconnect Bank Account' action (disabled with none linked); with
// none linked, the connect button is right here.
import { ApiError } from '@/lib/api-client';
import { ConnectBankButton } from '@/bank/link/connect-bank-button';
import { notify } from '@/lib/events';
import { useAccounts, useDisconnectBank } from '@/bank/queries';
import { ConfirmButton } from '@/components/dialog';
import { isLinkedAccount } from '@/domain/accounts';

const DISCONNECT_FAILED = 'Failed to disconnect bank account. Please try again.';

export function BankConnectionCard() {
  const accountsQuery = useAccounts();
  const disconnectBank = useDisconnectBank();
  const status = accountsQuery.isPending ? 'loading' : accountsQuery.isError ? 'error' : 'ready';
  // Accounts made by statement imports are no connection: Transactions lists and undoes them.
  const accounts = (accountsQuery.data ?? []).filter(isLinkedAccount);

  const disconnect = async () => {
    try {
      await disconnectBank.mutateAsync();
      notify('Your bank account has been disconnected.', 'success');
    } catch (err) {
      notify((err instanceof ApiError && err.serverError) || DISCONNECT_FAILED, 'error');
    }
  };

  return (
    <section className="card" aria-labelledby="bank-title" aria-busy={status === 'loading'}>
      <h2 id="bank-title">Bank Connection</h2>
      <AccountSummary state={status} count={accounts.length} />
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
      {status === 'ready' && accounts.length === 0 && (
        <ConnectBankButton className="btn btn-primary btn-block bank-connect" />
      )}
      <ConfirmButton
        className="btn btn-block"
        disabled={accounts.length === 0}
        title="Disconnect bank account?"
        message={
          <p>
            Your linked bank and its accounts and transactions will be removed from Budget Quest. Your manual
            expenses and game progress stay. You can connect a bank again at any time from Home.
          </p>
        }
        confirmLabel="Disconnect"
        danger
        onConfirm={disconnect}
      >
        Disconnect Bank Account
      </ConfirmButton>
    </section>
  );
}

function AccountSummary({ state, count }: { state: 'loading' | 'ready' | 'error'; count: number }) {
  if (state === 'loading') return <p className="muted">Checking for connected accounts…</p>;
  if (state === 'error')
    return <p className="muted">We couldn't load your bank accounts. Reload the page to try again.</p>;
  if (count === 0)
    return <p className="muted">No bank account connected. Connect one to bring in your transactions.</p>;
  return <p className="muted">{count === 1 ? '1 account connected.' : `${count} accounts connected.`}</p>;
}
