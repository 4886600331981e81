// The list's filters live in the URL query (/transactions?q=...&label=...&account=...&status=...),
// so a view can be shared and survives a reload. Typing replaces the entry instead of adding one.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FILTER_PARAMS, filtersToParams, parseFilters, type TxFilters } from '@/domain/transaction-view';

/** `accountIds`: the linked accounts (read once they have loaded; the page waits for them). */
export function useUrlFilters(accountIds: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const parsed = useMemo(() => parseFilters((k) => params.get(k), accountIds), [params, accountIds]);

  const setFilters = useCallback(
    (next: TxFilters) => {
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          for (const k of FILTER_PARAMS) out.delete(k);
          for (const [k, v] of filtersToParams(next)) out.set(k, v);
          return out;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { filters: parsed.filters, ignored: parsed.ignored, setFilters };
}
