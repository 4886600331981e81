// @vitest-environment jsdom
// The bank module's data: each change invalidates exactly the lists it alters, the one sync intent
// does the award, the expired-login state and the invalidation, and a saved expense reloads the
// manual list once, by its own mutation (the spec's flag and event reload nothing).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  invalidateAfter,
  queryKeys,
  transactionsQuery,
  useAddManualExpense,
  useDeleteManualExpense,
  useDisconnectBank,
  useManualTransactions,
  useRelabelTransactions,
  useReviewStream,
  useUpdateCategories,
  type ListName,
} from '@/bank/queries';
import type { BillsView } from '@/domain/bills';
import { syncBank } from '@/bank/sync';
import { expiredItemIdAtom } from '@/bank/link/link-state';
import { appStore } from '@/lib/store';
import { needsTransactionRefreshAtom, xpAtom } from '@/lib/atoms';
import { on } from '@/lib/events';

let client: QueryClient;
let calls: { method: string; path: string }[];
/** What the stand-in server answers, by path (default: an empty list, or { id: 7 } for a new expense). */
let answers: Record<string, { status: number; body: unknown }>;

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  calls = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      calls.push({ method: init.method ?? 'GET', path });
      const fixed = answers[path];
      if (fixed) return new Response(JSON.stringify(fixed.body), { status: fixed.status });
      const body = path.endsWith('/manual') && init.method === 'POST' ? { id: 7 } : [];
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);
const LISTS = Object.keys(queryKeys) as ListName[];
/** Puts every list in the cache (no page shows them, so nothing reloads). */
const seed = () => LISTS.forEach((l) => client.setQueryData(queryKeys[l], []));
const invalidated = () => LISTS.filter((l) => client.getQueryState(queryKeys[l])?.isInvalidated);
const gets = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;
const ACCOUNT = { id: 'a1', name: 'Checking', type: 'depository', subtype: 'checking' };

describe('what each change invalidates', () => {
  type MutationHook = () => { mutateAsync: (input: never) => Promise<unknown> };
  const cases: [string, MutationHook, unknown, ListName[]][] = [
    ['adding a manual expense', useAddManualExpense, { amount: 5, category: 'Want' }, ['manual']],
    ['deleting a manual expense', useDeleteManualExpense, 7, ['manual']],
    // The bills view shows each merchant's label and the linked bank's streams (issue 28).
    [
      'a category update',
      useUpdateCategories,
      [{ plaidId: 'p', budget_category: 'Need' }],
      ['bills', 'transactions'],
    ],
    ['a disconnect', useDisconnectBank, undefined, ['accounts', 'bills', 'transactions']],
  ];
  it.each(cases)('when %s succeeds, then exactly its lists are stale', async (_name, hook, input, lists) => {
    seed();
    const { result } = renderHook(hook, { wrapper });
    await act(() => result.current.mutateAsync(input as never));
    expect(invalidated().sort()).toEqual([...lists].sort());
  });

  it('when a change is made outside a hook (a sync), then accounts, transactions and bills are stale', async () => {
    seed();
    await invalidateAfter('sync', client);
    expect(invalidated().sort()).toEqual(['accounts', 'bills', 'transactions']);
  });
});

describe('syncBank, the one sync', () => {
  it('when a bank is linked, then it syncs, shows the reward and leaves accounts and transactions stale', async () => {
    seed();
    client.setQueryData(queryKeys.accounts, [ACCOUNT]);
    const store = createStore();
    answers['/api/plaid/fetch-transactions'] = {
      status: 200,
      body: {
        transactions: [],
        total_transactions: 0,
        request_id: null,
        reward: { xp: 5, lives: 0, livesOffered: 0, achievements: [] },
      },
    };
    const xpBefore = appStore.get(xpAtom);
    await syncBank({ client, store });
    expect(gets('/api/plaid/fetch-transactions')).toBe(1);
    expect(appStore.get(xpAtom)).toBe(xpBefore + 5);
    expect(invalidated().sort()).toEqual(['accounts', 'bills', 'transactions']);
    expect(store.get(expiredItemIdAtom)).toBeNull();
  });

  it('when no bank is linked, then nothing is synced and the lists are read again', async () => {
    seed();
    await syncBank({ client, alsoReload: ['manual'] });
    expect(gets('/api/plaid/fetch-transactions')).toBe(0);
    expect(invalidated().sort()).toEqual(['accounts', 'manual', 'transactions']);
  });

  it('when the bank login expired, then the item is recorded for Reconnect, the lists reload and the error is thrown', async () => {
    seed();
    client.setQueryData(queryKeys.accounts, [ACCOUNT]);
    const store = createStore();
    answers['/api/plaid/fetch-transactions'] = {
      status: 409,
      body: { error: 'Bank login expired', error_code: 'ITEM_LOGIN_REQUIRED', item_id: 'item-9' },
    };
    await expect(syncBank({ client, store })).rejects.toThrow();
    expect(store.get(expiredItemIdAtom)).toBe('item-9');
    expect(invalidated().sort()).toEqual(['accounts', 'bills', 'transactions']);
  });

  it('when the transactions are read through their query options, then own transfers are marked', async () => {
    answers['/api/plaid/transactions'] = {
      status: 200,
      body: [
        {
          plaidId: 'out',
          account_id: 'a',
          amount: 50,
          date: '2026-05-01',
          personal_finance_category: 'TRANSFER_OUT',
        },
        {
          plaidId: 'in',
          account_id: 'b',
          amount: -50,
          date: '2026-05-01',
          personal_finance_category: 'TRANSFER_IN',
        },
        {
          plaidId: 'rent',
          account_id: 'a',
          amount: 900,
          date: '2026-05-01',
          personal_finance_category: 'RENT',
        },
      ],
    };
    const list = await client.fetchQuery(transactionsQuery());
    expect(list.map((t) => [t.plaidId, t.transfer === true])).toEqual([
      ['out', true],
      ['in', true],
      ['rent', false],
    ]);
  });
});

describe('a saved expense', () => {
  it('when an expense is saved on a page showing the list, then the list loads once more and the spec flag and event follow', async () => {
    const events: unknown[] = [];
    const off = on('manualTransactionAdded', (d) => events.push(d));
    const { result } = renderHook(() => ({ list: useManualTransactions(), add: useAddManualExpense() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    expect(gets('/api/transactions/manual')).toBe(1);

    await act(() => result.current.add.mutateAsync({ amount: 5, category: 'Want' }));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(gets('/api/transactions/manual')).toBe(2);
    expect(events).toEqual([{ id: 7 }]);
    expect(appStore.get(needsTransactionRefreshAtom)).toBe(true);
    off();
    appStore.set(needsTransactionRefreshAtom, false);
  });
});

describe('the check-up and the bills view (issue 28)', () => {
  const view = (reviewed: number): BillsView => ({
    streams: [],
    updatedAt: null,
    checkup: { due: 2, reviewed, paidThisMonth: reviewed === 2 },
  });

  it('when a stream is reviewed, then the answer replaces the cached view and its reward is shown', async () => {
    seed();
    client.setQueryData(queryKeys.bills, view(1));
    const xpBefore = appStore.get(xpAtom);
    answers['/api/bills/reviews'] = {
      status: 200,
      body: { view: view(2), reward: { xp: 7, lives: 0, livesOffered: 0, achievements: [], text: '' } },
    };
    const { result } = renderHook(useReviewStream, { wrapper });
    await act(() => result.current.mutateAsync({ streamId: 's1', decision: 'keep' }));
    expect(calls).toContainEqual({ method: 'POST', path: '/api/bills/reviews' });
    expect(client.getQueryData<BillsView>(queryKeys.bills)?.checkup.reviewed).toBe(2);
    expect(client.getQueryState(queryKeys.bills)?.isInvalidated).toBe(false);
    expect(appStore.get(xpAtom)).toBe(xpBefore + 7);
  });

  it('when a row is relabelled from the list, then the bills view (which shows the label) is stale', async () => {
    seed();
    answers['/api/plaid/update-transaction-categories'] = {
      status: 200,
      body: { updatedCount: 1, errors: [] },
    };
    const { result } = renderHook(useRelabelTransactions, { wrapper });
    await act(() => result.current.mutateAsync([{ plaidId: 'p', budget_category: 'Want' }]));
    expect(client.getQueryState(queryKeys.bills)?.isInvalidated).toBe(true);
  });
});
