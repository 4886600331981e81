// @vitest-environment jsdom
// The transactions list's filters in the URL (features/transactions/use-url-filters.ts): changes
// made one after another before the page has rendered the first each keep the others.
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useUrlFilters } from '@/features/transactions/use-url-filters';

const ACCOUNTS = ['acc-checking', 'acc-savings'];

function setup(initial = '/transactions') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[initial]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ ...useUrlFilters(ACCOUNTS), search: useLocation().search }), { wrapper });
}

describe('the transactions filters in the URL', () => {
  it('when the search, the account and the status change before the page renders again, then the URL and the filters hold all three', () => {
    const { result } = setup();
    act(() => {
      result.current.setFilters({ q: 'transfer' });
      result.current.setFilters({ account: 'acc-savings' });
      result.current.setFilters({ status: 'posted' });
    });
    expect(result.current.filters).toMatchObject({ q: 'transfer', account: 'acc-savings', status: 'posted' });
    const params = new URLSearchParams(result.current.search);
    expect(Object.fromEntries(params)).toEqual({ q: 'transfer', account: 'acc-savings', status: 'posted' });
  });

  it('when one filter changes after the page has rendered, then the others stay as the URL has them, and an unknown query key is kept', () => {
    const { result } = setup('/transactions?label=want&ref=mail');
    act(() => result.current.setFilters({ status: 'pending' }));
    act(() => result.current.setFilters({ label: null }));
    expect(result.current.filters).toMatchObject({ q: '', label: null, status: 'pending', account: null });
    expect(Object.fromEntries(new URLSearchParams(result.current.search))).toEqual({
      ref: 'mail',
      status: 'pending',
    });
  });

  it('when every filter is cleared at once after quick changes, then none is left', () => {
    const { result } = setup('/transactions?q=rent');
    act(() => {
      result.current.setFilters({ label: 'need' });
      result.current.setFilters({ q: '', label: null, account: null, status: null });
    });
    expect(new URLSearchParams(result.current.search).toString()).toBe('');
  });
});
