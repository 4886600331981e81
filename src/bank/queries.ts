// The bank module's data (CONVENTIONS "One owner"): accounts, bank transactions and manual
// expenses in the one query cache. Every reader, in React or not, uses the query-options
// factories below, so a list always holds what its loader made of the server's answer. Each
// change invalidates exactly the lists it alters (CHANGES), so Home, Transactions and Profile
// agree without reloading each other.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { appStore } from '@/lib/store';
import { needsTransactionRefreshAtom } from '@/lib/atoms';
import { emit } from '@/lib/events';
import { findOwnTransfers } from '@/domain/transfers';
import { bankApi, type CategoryUpdate, type CategoryUpdateResult, type Transaction } from './api';
import { manualApi } from './manual-api';
import { billsApi } from './bills-api';
import type { BillsView, StreamDecision } from '@/domain/bills';

export const queryKeys = {
  accounts: ['bank', 'accounts'],
  transactions: ['bank', 'transactions'],
  manual: ['manual-transactions'],
  /** The recurring streams and the check-up (issue 28): they follow the bank data and labels. */
  bills: ['bank', 'bills'],
} as const;
export type ListName = keyof typeof queryKeys;

/**
 * The GET each list is loaded from (the preload script asks for some of them before React runs:
 * app/preload-route.ts). A unit test holds these to the bank API's own calls.
 */
export const LIST_PATHS = {
  accounts: '/plaid/accounts',
  transactions: '/plaid/transactions',
  manual: '/transactions/manual',
  bills: '/bills',
} as const satisfies Record<ListName, string>;

/** What each change to server data alters, and so which lists it invalidates. */
const CHANGES = {
  'add-manual': ['manual'],
  'delete-manual': ['manual'],
  // A stream's label is the user's label for its merchant (issue 28).
  categories: ['transactions', 'bills'],
  sync: ['transactions', 'accounts', 'bills'],
  disconnect: ['transactions', 'accounts', 'bills'],
  // A statement import or its undo (issue 29): rows, and the account an import makes or drops.
  import: ['transactions', 'accounts'],
} as const satisfies Record<string, readonly ListName[]>;
export type Change = keyof typeof CHANGES;

/**
 * Marks `lists` stale and reloads those on screen; a running reload, which may predate the
 * change, is replaced.
 */
export function invalidateLists(
  lists: readonly ListName[],
  client: QueryClient = queryClient,
): Promise<unknown> {
  return Promise.all(lists.map((l) => client.invalidateQueries({ queryKey: queryKeys[l] })));
}

/** After a change made outside a mutation hook (a sync, the bank-link flow). */
export function invalidateAfter(change: Change, client: QueryClient = queryClient): Promise<unknown> {
  return invalidateLists(CHANGES[change], client);
}

/** The list as the server gives it, each side of a transfer between own accounts marked. */
async function loadTransactions(): Promise<Transaction[]> {
  const list = await bankApi.transactions();
  const transfers = findOwnTransfers(list);
  return transfers.size ? list.map((t) => (transfers.has(t.plaidId) ? { ...t, transfer: true } : t)) : list;
}

// ---- The query options every reader uses (hooks, the quest watcher, the sync intent) ---------

export const accountsQuery = () =>
  queryOptions({ queryKey: queryKeys.accounts, queryFn: () => bankApi.accounts() });
export const transactionsQuery = () =>
  queryOptions({ queryKey: queryKeys.transactions, queryFn: loadTransactions });
export const manualQuery = () =>
  queryOptions({ queryKey: queryKeys.manual, queryFn: () => manualApi.list() });

export const billsQuery = () => queryOptions({ queryKey: queryKeys.bills, queryFn: () => billsApi.view() });

/** Each list loaded into the cache (prefetchQuery never throws: a failed list is loaded again by
 *  the page that reads it). */
const PREFETCH: Record<ListName, (client: QueryClient) => Promise<void>> = {
  accounts: (client) => client.prefetchQuery(accountsQuery()),
  transactions: (client) => client.prefetchQuery(transactionsQuery()),
  manual: (client) => client.prefetchQuery(manualQuery()),
  bills: (client) => client.prefetchQuery(billsQuery()),
};

/**
 * Loads into the cache the lists whose answers the preload script has already asked for
 * (`paths`), as soon as the signed-in code runs, instead of when the page that reads them has
 * rendered once (issue 30): the page then renders them in its first render, with no loading state
 * between its header and its sections.
 */
export function primeLists(paths: readonly string[], client: QueryClient = queryClient): void {
  for (const list of Object.keys(LIST_PATHS) as ListName[])
    if (paths.includes(LIST_PATHS[list])) void PREFETCH[list](client);
}

export const useAccounts = () => useQuery(accountsQuery());
export const useBankTransactions = () => useQuery(transactionsQuery());
export const useManualTransactions = () => useQuery(manualQuery());
export const useBills = () => useQuery(billsQuery());

/**
 * A mutation that invalidates what `change` alters once it succeeds. By default it settles only
 * after the lists on screen have reloaded, so the control that started it stays busy until the
 * page shows the result; `background` settles at once.
 */
function useChange<TInput, TData>(
  change: Change,
  mutationFn: (input: TInput) => Promise<TData>,
  opts: { background?: boolean; onSuccess?: (data: TData) => void } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data: TData) => {
      opts.onSuccess?.(data);
      const done = invalidateAfter(change, client);
      return opts.background ? undefined : done;
    },
  });
}

/**
 * Adding an expense: the one source of the manual list's reload. The spec's refresh flag and
 * manualTransactionAdded event (SPEC 4) are still set and fired here, but nothing reloads on
 * them. The celebration shows at once; the list reloads behind it.
 */
export const useAddManualExpense = () =>
  useChange('add-manual', manualApi.add, {
    background: true,
    onSuccess: (created) => {
      appStore.set(needsTransactionRefreshAtom, true);
      emit('manualTransactionAdded', { id: created.id });
    },
  });
export const useDeleteManualExpense = () => useChange('delete-manual', manualApi.remove);
export const useUpdateCategories = () =>
  useChange('categories', (c: CategoryUpdate[]) => bankApi.updateCategories(c));
/** A Category Matcher round's labels: the server pays +10 a pick and -5 a timeout (DECISIONS). */
export const useSaveMatcherRound = () =>
  useChange('categories', (c: CategoryUpdate[]) => bankApi.updateCategories(c, { matcher: true }));
export const useDisconnectBank = () => useChange('disconnect', () => bankApi.disconnect());

/**
 * A check-up decision (issue 28): the server answers with the whole view, which replaces the
 * cached one, so the page shows the decision without a second request.
 */
export function useReviewStream() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ streamId, decision }: { streamId: string; decision: StreamDecision }) =>
      billsApi.review(streamId, decision),
    onSuccess: (res) => {
      if (res?.view) client.setQueryData<BillsView>(queryKeys.bills, res.view);
      else void invalidateLists(['bills'], client);
    },
  });
}

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
  void invalidateLists(['transactions'], client);
}

/**
 * Labels rows at once in the cache (Home, the matcher and the list all read it), then saves them
 * through update-transaction-categories. A failure puts the rows back (and the mutation errors);
 * ids the server reports in `errors` (removed by a sync) go back too, and the list reloads. A
 * success needs no reload of the list: the cache already holds what the server stored (the bills
 * view, which shows the merchants' labels, reloads).
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
      // The streams carry the merchant's label: they read it again (issue 28).
      void invalidateLists(['bills'], client);
      if (result.errors.length)
        rollBack(
          client,
          ctx,
          result.errors.map((e) => e.plaidId),
        );
    },
  });
}
