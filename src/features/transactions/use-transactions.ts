// Loads the persisted transactions and the accounts, and reloads when they change elsewhere.
import { useCallback, useEffect, useState } from 'react';
import { bankApi, type BankAccount, type Transaction } from '@/lib/bank-api';
import { on } from '@/lib/events';

export function useTransactions() {
  const [transactions, setTransactions] = useState<Transaction[] | null>(null);
  const [accounts, setAccounts] = useState<BankAccount[]>([]);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const [list, accs] = await Promise.all([bankApi.transactions(), bankApi.accounts()]);
      setTransactions(list);
      setAccounts(accs);
      setError(null);
    } catch (err) {
      setError(
        err instanceof Error ? err.message : 'Failed to fetch persisted transactions. Please try again.',
      );
      setTransactions((t) => t ?? []);
    }
  }, []);

  useEffect(() => {
    // Loading on mount is the point of this hook; the state updates come after the awaits.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
    return on('transactionsUpdated', () => void load());
  }, [load]);

  return { transactions, accounts, error, reload: load };
}
