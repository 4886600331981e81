// The list's search box and filters (label, account, pending or posted). Every change goes to the
// URL through the page, so the view can be shared.
import {
  LABEL_FILTERS,
  SEARCH_MAX,
  hasFilters,
  labelFilterName,
  type LabelFilter,
  type StatusFilter,
  type TxFilters,
} from '@/domain/transaction-view';

interface Props {
  filters: TxFilters;
  accounts: { id: string; name: string }[];
  /** Changes the filters named in `patch`, the others as they are. */
  onChange: (patch: Partial<TxFilters>) => void;
  /** Clears every filter, the search box too. */
  onClear: () => void;
  /** Changes when the search box must show the URL's text again (after a clear). */
  searchKey: number;
}

export function TxToolbar({ filters, accounts, onChange, onClear, searchKey }: Props) {
  return (
    <div className="txv-toolbar">
      <div className="field txv-search">
        <label htmlFor="tx-search">Search</label>
        <input
          id="tx-search"
          type="search"
          placeholder="Name or merchant"
          autoComplete="off"
          maxLength={SEARCH_MAX}
          // Not controlled by the URL: a URL update lags a fast typist and would drop keys.
          key={searchKey}
          defaultValue={filters.q}
          onChange={(e) => onChange({ q: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="tx-label">Label</label>
        <select
          id="tx-label"
          value={filters.label ?? ''}
          onChange={(e) => onChange({ label: (e.target.value || null) as LabelFilter | null })}
        >
          <option value="">All labels</option>
          {LABEL_FILTERS.map((f) => (
            <option key={f} value={f}>
              {f === 'uncategorized' ? 'Uncategorized only' : labelFilterName(f)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="tx-account">Account</label>
        <select
          id="tx-account"
          value={filters.account ?? ''}
          onChange={(e) => onChange({ account: e.target.value || null })}
        >
          <option value="">All accounts</option>
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="tx-status">Status</label>
        <select
          id="tx-status"
          value={filters.status ?? ''}
          onChange={(e) => onChange({ status: (e.target.value || null) as StatusFilter | null })}
        >
          <option value="">All</option>
          <option value="pending">Pending only</option>
          <option value="posted">Posted only</option>
        </select>
      </div>
      {hasFilters(filters) && (
        <button type="button" className="btn btn-sm txv-clear" onClick={onClear}>
          Clear filters
        </button>
      )}
    </div>
  );
}
