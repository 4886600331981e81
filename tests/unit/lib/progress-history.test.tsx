// @vitest-environment jsdom
// Profile's XP history follows what the server took: a batch sent after the history loaded
// shows at once, without a reload (issue 13).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProgressHistory } from '@/lib/progress-sync/history';
import { flushProgress, recordProgress } from '@/lib/progress-sync/sender';
import { newProgressState } from '@/domain/progress-ledger';
import { tokenFor } from '../../support/unsigned-token';

const entry = (text: string, xp: number) => ({ at: 1, xp, lives: 0, text });
const stateWith = (history: ReturnType<typeof entry>[]) => ({ ...newProgressState(), history });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('token', tokenFor('7'));
});
afterEach(() => vi.unstubAllGlobals());

describe('useProgressHistory', () => {
  it('when a batch reaches the server after the history loaded, then the history shows its answer', async () => {
    const older = [entry('quest completed', 50)];
    const newer = [entry('daily login', 10), ...older];
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(stateWith(older))));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useProgressHistory(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(older));

    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ state: stateWith(newer), applied: [], duplicates: [] })),
    );
    recordProgress({ type: 'award', kind: 'login' });
    expect(await flushProgress()).toBe(true);
    await waitFor(() => expect(result.current.data).toEqual(newer));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
