// Loads Home's data: manual transactions, bank transactions and accounts. A 401 signs the user
// out and goes to /login; other failures are only logged, as the spec says.
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import {
  bankApi,
  manualApi,
  type BankAccount,
  type ManualTransaction,
  type Transaction,
} from '@/lib/bank-api';
import { on } from '@/lib/events';
import { appStore } from '@/lib/store';
import { tokenAtom } from '@/lib/atoms';

export function useHomeData() {
  const navigate = useNavigate();
  const [manual, setManual] = useState<ManualTransaction[] | null>(null);
  const [transactions, setTransactions] = useState<Transaction[] | null>(null);
  const [accounts, setAccounts] = useState<BankAccount[]>([]);

  const handle = useCallback(
    (err: unknown) => {
      if (err instanceof ApiError && err.status === 401) {
        appStore.set(tokenAtom, null);
        navigate('/login', { replace: true });
        return true;
      }
      console.error('Home data failed to load', err);
      return false;
    },
    [navigate],
  );

  const loadManual = useCallback(async () => {
    try {
      setManual(await manualApi.list());
    } catch (err) {
      if (!handle(err)) setManual((m) => m ?? []);
    }
  }, [handle]);

  const loadBank = useCallback(async () => {
    try {
      const [list, accs] = await Promise.all([bankApi.transactions(), bankApi.accounts()]);
      setTransactions(list);
      setAccounts(accs);
    } catch (err) {
      if (!handle(err)) setTransactions((t) => t ?? []);
    }
  }, [handle]);

  useEffect(() => {
    // Loading on mount is this hook's job; state is set after the awaits.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void loadManual();
    void loadBank();
    const offTx = on('transactionsUpdated', () => void loadBank());
    const offManual = on('manualTransactionAdded', () => void loadManual());
    return () => {
      offTx();
      offManual();
    };
  }, [loadManual, loadBank]);

  return { manual, transactions, accounts, loadManual, loadBank };
}
