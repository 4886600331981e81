// The list's filters live in the URL query (/transactions?q=...&label=...&account=...&status=...),
// so a view can be shared and survives a reload. Typing replaces the entry instead of adding one.
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FILTER_PARAMS, filtersToParams, parseFilters, type TxFilters } from '@/domain/transaction-view';

/** `accountIds`: the linked accounts (read once they have loaded; the page waits for them). */
export function useUrlFilters(accountIds: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const parsed = useMemo(() => parseFilters((k) => params.get(k), accountIds), [params, accountIds]);
  // The query this hook last wrote, and the rendered query it was written over. React Router hands
  // every update the rendered query, so a second change made before the first had rendered (two
  // filters picked quickly on a busy phone) was applied to the old query and undid the first.
  const written = useRef<{ over: string; query: string } | null>(null);

  /** Changes the filters in `patch`, keeping the others as the latest change left them. */
  const setFilters = useCallback(
    (patch: Partial<TxFilters>) => {
      setParams(
        (rendered) => {
          const last = written.current;
          const base = last?.over === rendered.toString() ? new URLSearchParams(last.query) : rendered;
          const next = { ...parseFilters((k) => base.get(k), accountIds).filters, ...patch };
          const out = new URLSearchParams(base);
          for (const k of FILTER_PARAMS) out.delete(k);
          for (const [k, v] of filtersToParams(next)) out.set(k, v);
          written.current = { over: rendered.toString(), query: out.toString() };
          return out;
        },
        { replace: true },
      );
    },
    [setParams, accountIds],
  );
  return { filters: parsed.filters, ignored: parsed.ignored, setFilters };
}
