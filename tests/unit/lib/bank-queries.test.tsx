// The server-data cache: each change invalidates exactly the lists it alters, and the spec's
// events join a reload already running instead of starting another.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  invalidateAfter,
  queryKeys,
  useAddManualExpense,
  useCacheEvents,
  useDeleteManualExpense,
  useDisconnectBank,
  useManualTransactions,
  useResetTransactions,
  useSyncTransactions,
  useUpdateCategories,
  type ListName,
} from '@/lib/bank/queries';
import { emit } from '@/lib/events';

let client: QueryClient;
let calls: { method: string; path: string }[];

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      calls.push({ method: init.method ?? 'GET', path });
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

describe('what each change invalidates', () => {
  type MutationHook = () => { mutateAsync: (input: never) => Promise<unknown> };
  const cases: [string, MutationHook, unknown, ListName[]][] = [
    ['adding a manual expense', useAddManualExpense, { amount: 5, category: 'Want' }, ['manual']],
    ['deleting a manual expense', useDeleteManualExpense, 7, ['manual']],
    ['a category update', useUpdateCategories, [{ plaidId: 'p', budget_category: 'Need' }], ['transactions']],
    ['a sync', useSyncTransactions, undefined, ['accounts', 'transactions']],
    ['a disconnect', useDisconnectBank, undefined, ['accounts', 'transactions']],
    ['a reset', useResetTransactions, undefined, ['transactions']],
  ];
  it.each(cases)('when %s succeeds, then exactly its lists are stale', async (_name, hook, input, lists) => {
    seed();
    const { result } = renderHook(hook, { wrapper });
    await act(() => result.current.mutateAsync(input as never));
    expect(invalidated().sort()).toEqual([...lists].sort());
  });

  it('when a bank link finishes (outside React), then accounts and transactions are stale', async () => {
    seed();
    await invalidateAfter('link', client);
    expect(invalidated().sort()).toEqual(['accounts', 'transactions']);
  });
});

describe('the spec events', () => {
  it('when transactionsUpdated or manualTransactionAdded fires, then only that list is stale', () => {
    seed();
    const { unmount } = renderHook(useCacheEvents, { wrapper });
    act(() => emit('transactionsUpdated', undefined));
    expect(invalidated()).toEqual(['transactions']);
    act(() => emit('manualTransactionAdded', { id: 1 }));
    expect(invalidated().sort()).toEqual(['manual', 'transactions']);
    unmount();
  });

  it('when an expense is saved on a page showing the list and the event follows, then the list loads once more', async () => {
    const { result } = renderHook(
      () => {
        useCacheEvents();
        return { list: useManualTransactions(), add: useAddManualExpense() };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    expect(gets('/api/transactions/manual')).toBe(1);

    await act(async () => {
      await result.current.add.mutateAsync({ amount: 5, category: 'Want' });
      emit('manualTransactionAdded', { id: 7 });
    });
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(gets('/api/transactions/manual')).toBe(2);
  });
});
