// Loads the linked bank accounts for the profile; `reload` after a disconnect.
import { useCallback, useEffect, useState } from 'react';
import { fetchAccounts, type BankAccount } from './api';

export type AccountsState =
  { status: 'loading' } | { status: 'ready'; accounts: BankAccount[] } | { status: 'error' };

export function useBankAccounts() {
  const [state, setState] = useState<AccountsState>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchAccounts(controller.signal)
      .then((accounts) => setState({ status: 'ready', accounts }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load bank accounts', err);
        setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { state, reload };
}
