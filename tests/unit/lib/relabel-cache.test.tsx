// @vitest-environment jsdom
// Relabelling from the list (issue 12): rows change in the one cache at once; a failure or an id
// the server could not find puts back only what this change set, never a later change.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys, useRelabelTransactions } from '@/bank/queries';
import type { Transaction } from '@/bank/api';

let client: QueryClient;
let answer: () => Response;
let release: (() => void) | null;

const row = (plaidId: string, budget_category: Transaction['budget_category'] = null): Transaction => ({
  id: 1,
  plaidId,
  name: plaidId,
  merchant_name: null,
  amount: 5,
  date: '2026-11-20',
  category: null,
  budget_category,
  pending: false,
});
const labels = () =>
  Object.fromEntries(
    (client.getQueryData<Transaction[]>(queryKeys.transactions) ?? []).map((t) => [
      t.plaidId,
      t.budget_category,
    ]),
  );

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(queryKeys.transactions, [row('a'), row('b', 'Want'), row('c')]);
  release = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      if ((init.method ?? 'GET') === 'GET') return new Response(JSON.stringify([]), { status: 200 });
      await new Promise<void>((r) => (release = r));
      return answer();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);
const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status });
const waitForRequest = () => vi.waitFor(() => expect(release).not.toBeNull());

describe('useRelabelTransactions', () => {
  it('when rows are relabelled, then the cache shows it before the server answers', async () => {
    answer = json(200, { updatedCount: 2, errors: [] });
    const { result } = renderHook(useRelabelTransactions, { wrapper });
    let done!: Promise<unknown>;
    act(() => {
      done = result.current.mutateAsync([
        { plaidId: 'a', budget_category: 'Need' },
        { plaidId: 'b', budget_category: 'uncategorized' },
      ]);
    });
    await waitForRequest();
    expect(labels()).toEqual({ a: 'Need', b: null, c: null });
    await act(async () => {
      release!();
      await done;
    });
    expect(labels()).toEqual({ a: 'Need', b: null, c: null });
  });

  it('when the server fails, then the rows go back and the error carries the spec text', async () => {
    answer = json(500, { error: 'boom' });
    const { result } = renderHook(useRelabelTransactions, { wrapper });
    let done!: Promise<unknown>;
    act(() => {
      done = result.current.mutateAsync([{ plaidId: 'b', budget_category: 'Savings' }]);
    });
    await waitForRequest();
    expect(labels().b).toBe('Savings');
    await act(async () => {
      release!();
      await expect(done).rejects.toThrow('Failed to update transaction categories. Please try again.');
    });
    expect(labels()).toMatchObject({ b: 'Want' });
  });

  it('when the server could not find one id, then only that row goes back', async () => {
    answer = json(200, { updatedCount: 1, errors: [{ plaidId: 'c', error: 'Transaction not found' }] });
    const { result } = renderHook(useRelabelTransactions, { wrapper });
    let done!: Promise<unknown>;
    act(() => {
      done = result.current.mutateAsync([
        { plaidId: 'a', budget_category: 'Income' },
        { plaidId: 'c', budget_category: 'Income' },
      ]);
    });
    await waitForRequest();
    await act(async () => {
      release!();
      await done;
    });
    expect(labels()).toMatchObject({ a: 'Income', c: null });
  });

  it('when a failed change is rolled back after a later change to the same row, then the later change stays', async () => {
    const { result } = renderHook(useRelabelTransactions, { wrapper });
    answer = json(500, { error: 'boom' });
    let first!: Promise<unknown>;
    act(() => {
      first = result.current.mutateAsync([{ plaidId: 'a', budget_category: 'Need' }]);
    });
    await waitForRequest();
    const releaseFirst = release!;
    release = null;
    // The user changes their mind before the first answer arrives.
    client.setQueryData<Transaction[]>(queryKeys.transactions, (old) =>
      old?.map((t) => (t.plaidId === 'a' ? { ...t, budget_category: 'Want' } : t)),
    );
    await act(async () => {
      releaseFirst();
      await first.catch(() => undefined);
    });
    expect(labels().a).toBe('Want');
  });
});
