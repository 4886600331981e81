// Accounts, bank transactions and manual expenses as every page reads them: one query cache.
// Each change invalidates exactly the lists it alters (CHANGES), so Home, Transactions and
// Profile agree without reloading each other.
import { useCallback, useEffect } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { on } from '@/lib/events';
import { queryClient } from '@/lib/query-client';
import { findOwnTransfers } from '@/domain/transfers';
import { bankApi, type CategoryUpdate, type CategoryUpdateResult, type Transaction } from './api';
import { manualApi } from './manual-api';

export const queryKeys = {
  accounts: ['bank', 'accounts'],
  transactions: ['bank', 'transactions'],
  manual: ['manual-transactions'],
} as const;
export type ListName = keyof typeof queryKeys;

/** What each change to server data alters, and so which lists it invalidates. */
const CHANGES = {
  'add-manual': ['manual'],
  'delete-manual': ['manual'],
  categories: ['transactions'],
  sync: ['transactions', 'accounts'],
  link: ['transactions', 'accounts'],
  disconnect: ['transactions', 'accounts'],
  reset: ['transactions'],
} as const satisfies Record<string, readonly ListName[]>;
type Change = keyof typeof CHANGES;

/**
 * Marks `lists` stale and reloads those on screen. `join` lets a reload already running stand
 * (an echo of a change already invalidated); otherwise a running reload, which may predate the
 * change, is replaced.
 */
function invalidate(client: QueryClient, lists: readonly ListName[], join = false): Promise<unknown> {
  return Promise.all(
    lists.map((l) => client.invalidateQueries({ queryKey: queryKeys[l] }, { cancelRefetch: !join })),
  );
}

/** After a change made outside React (the bank-link flow): invalidates what it altered. */
export function invalidateAfter(change: Change, client: QueryClient = queryClient): Promise<unknown> {
  return invalidate(client, CHANGES[change]);
}

export const useAccounts = () =>
  useQuery({ queryKey: queryKeys.accounts, queryFn: () => bankApi.accounts() });
/** The list as the server gives it, each side of a transfer between own accounts marked. */
async function loadTransactions(): Promise<Transaction[]> {
  const list = await bankApi.transactions();
  const transfers = findOwnTransfers(list);
  return transfers.size ? list.map((t) => (transfers.has(t.plaidId) ? { ...t, transfer: true } : t)) : list;
}
export const useBankTransactions = () =>
  useQuery({ queryKey: queryKeys.transactions, queryFn: loadTransactions });
export const useManualTransactions = () =>
  useQuery({ queryKey: queryKeys.manual, queryFn: () => manualApi.list() });

/** Reloads `lists` once: a reload already running is joined, not doubled. */
export function useReloadLists(): (lists: readonly ListName[]) => Promise<unknown> {
  const client = useQueryClient();
  return useCallback((lists) => invalidate(client, lists, true), [client]);
}

/**
 * The spec's events still refresh the cache, whoever fires them (the matcher, a game scene).
 * The app's own mutations invalidate before they fire one, so the echo joins that reload.
 */
export function useCacheEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    const offTx = on('transactionsUpdated', () => void invalidate(client, ['transactions'], true));
    const offManual = on('manualTransactionAdded', () => void invalidate(client, ['manual'], true));
    return () => {
      offTx();
      offManual();
    };
  }, [client]);
}

/**
 * A mutation that invalidates what `change` alters once it succeeds (`evenOnError`: once it
 * settles). By default it settles only after the lists on screen have reloaded, so the control
 * that started it stays busy until the page shows the result; `background` settles at once.
 */
function useChange<TInput, TData>(
  change: Change,
  mutationFn: (input: TInput) => Promise<TData>,
  opts: { background?: boolean; evenOnError?: boolean } = {},
) {
  const client = useQueryClient();
  const refresh = () => {
    const done = invalidate(client, CHANGES[change]);
    return opts.background ? undefined : done;
  };
  return useMutation({
    mutationFn,
    onSuccess: opts.evenOnError ? undefined : refresh,
    onSettled: opts.evenOnError ? refresh : undefined,
  });
}

/** The celebration shows at once; the list reloads behind it. */
export const useAddManualExpense = () => useChange('add-manual', manualApi.add, { background: true });
export const useDeleteManualExpense = () => useChange('delete-manual', manualApi.remove);
export const useUpdateCategories = () =>
  useChange('categories', (c: CategoryUpdate[]) => bankApi.updateCategories(c));
/** A Category Matcher round's labels: the server pays +10 a pick and -5 a timeout (DECISIONS). */
export const useSaveMatcherRound = () =>
  useChange('categories', (c: CategoryUpdate[]) => bankApi.updateCategories(c, { matcher: true }));
/** A failed sync reloads too: the bank may now need a new login, which the accounts show. */
export const useSyncTransactions = () =>
  useChange('sync', () => bankApi.fetchTransactions(), { evenOnError: true });
export const useDisconnectBank = () => useChange('disconnect', () => bankApi.disconnect());
export const useResetTransactions = () => useChange('reset', () => bankApi.resetTransactions());

// ---- Relabelling from the list: optimistic, in the one cache ---------------------------------

type Label = Transaction['budget_category'];
interface RelabelContext {
  /** Each changed row's label before the change. */
  before: Map<string, Label>;
  /** The label the change gave it. */
  after: Map<string, Label>;
}

/** Sets rows' labels in the cache; with `onlyIf`, only rows still showing that label. */
function setLabels(client: QueryClient, labels: Map<string, Label>, onlyIf?: Map<string, Label>) {
  client.setQueryData<Transaction[]>(queryKeys.transactions, (old) =>
    old?.map((t) => {
      if (!labels.has(t.plaidId)) return t;
      if (onlyIf && (t.budget_category ?? null) !== onlyIf.get(t.plaidId)) return t;
      return { ...t, budget_category: labels.get(t.plaidId) };
    }),
  );
}

/** Puts `ids` back as they were, unless a later relabel changed them again; then reloads. */
function rollBack(client: QueryClient, ctx: RelabelContext, ids: Iterable<string>) {
  const back = new Map<string, Label>();
  for (const id of ids) if (ctx.before.has(id)) back.set(id, ctx.before.get(id) ?? null);
  setLabels(client, back, ctx.after);
  void invalidate(client, ['transactions']);
}

/**
 * Labels rows at once in the cache (Home, the matcher and the list all read it), then saves them
 * through update-transaction-categories. A failure puts the rows back (and the mutation errors);
 * ids the server reports in `errors` (removed by a sync) go back too, and the list reloads. A
 * success needs no reload: the cache already holds what the server stored.
 */
export function useRelabelTransactions() {
  const client = useQueryClient();
  return useMutation<CategoryUpdateResult, Error, CategoryUpdate[], RelabelContext>({
    mutationFn: (updates) => bankApi.updateCategories(updates),
    onMutate: async (updates) => {
      await client.cancelQueries({ queryKey: queryKeys.transactions });
      const after = new Map<string, Label>(
        updates.map((u) => [u.plaidId, u.budget_category === 'uncategorized' ? null : u.budget_category]),
      );
      const before = new Map<string, Label>();
      for (const t of client.getQueryData<Transaction[]>(queryKeys.transactions) ?? [])
        if (after.has(t.plaidId)) before.set(t.plaidId, t.budget_category ?? null);
      setLabels(client, after);
      return { before, after };
    },
    onError: (_err, _updates, ctx) => {
      if (ctx) rollBack(client, ctx, ctx.before.keys());
    },
    onSuccess: (result, _updates, ctx) => {
      if (result.errors.length)
        rollBack(
          client,
          ctx,
          result.errors.map((e) => e.plaidId),
        );
    },
  });
}
