// The "Bank transactions" section: search and filters (in the URL), the totals of what is shown,
// selection with bulk labelling, and the windowed list whose badges relabel a row. Labels are
// saved through the one query cache, so Home and the matcher change with them.
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from '@/components/link';
import { formatMoney } from '@/domain/format';
import { dayKeyIn } from '@/domain/spending';
import {
  LABEL_CHOICES,
  filterTransactions,
  groupByDay,
  hasFilters,
  NO_FILTERS,
  sameMerchantOffer,
  shownTotals,
  type MerchantOffer,
} from '@/domain/transaction-view';
import { BadgeFace, badgeClass } from '@/components/transactions/category-badge';
import { ApiError } from '@/lib/api-client';
import type { BankAccount, Transaction } from '@/bank/api';
import { useRelabelTransactions } from '@/bank/queries';
import { notify } from '@/lib/events';
import type { LabelChoice } from './label-menu';
import { MerchantOfferPanel, offerText } from './merchant-offer';
import { TxList } from './tx-list';
import { TxToolbar } from './tx-toolbar';
import { useUrlFilters } from './use-url-filters';

const NONE: ReadonlySet<string> = new Set();
/** The server takes at most this many labels per call. */
const MAX_PER_CALL = 10_000;

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const gone = (n: number) =>
  n === 1
    ? 'That transaction is no longer at your bank (a sync just removed it), so its label was not changed. The list is up to date now.'
    : `${plural(n, 'transaction')} are no longer at your bank (a sync just removed them), so their labels were not changed. The list is up to date now.`;

export const accountName = (a: BankAccount) => `${a.name}${a.mask ? ` ••${a.mask}` : ''}`;

export function BankTransactions({
  transactions,
  accounts: all,
}: {
  transactions: Transaction[];
  accounts: BankAccount[];
}) {
  // An item whose accounts are not known yet shows as a 'connection' entry: not an account.
  const accounts = useMemo(() => all.filter((a) => a.type !== 'connection'), [all]);
  const accountIds = useMemo(() => accounts.map((a) => a.id), [accounts]);
  const accountNames = useMemo(() => new Map(accounts.map((a) => [a.id, accountName(a)])), [accounts]);
  const { filters, ignored, setFilters } = useUrlFilters(accountIds);
  const [searchKey, setSearchKey] = useState(0);
  const clearFilters = () => {
    setFilters(NO_FILTERS);
    setSearchKey((k) => k + 1);
  };
  // Typing stays quick with 10,000 rows: the list follows the box a moment later.
  const deferred = useDeferredValue(filters);
  const visible = useMemo(() => filterTransactions(transactions, deferred), [transactions, deferred]);
  const groups = useMemo(() => groupByDay(visible), [visible]);
  const totals = useMemo(() => shownTotals(visible), [visible]);
  const [today] = useState(() => dayKeyIn(new Date()));
  // A new filter starts a new selection: labelling never reaches rows the user cannot see.
  const filterKey = `${deferred.q}|${deferred.label}|${deferred.account}|${deferred.status}`;
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key: filterKey,
    ids: new Set(),
  });
  const selected = selection.key === filterKey ? selection.ids : NONE;
  const setSelected = useCallback(
    (update: (prev: ReadonlySet<string>) => ReadonlySet<string>) =>
      setSelection((prev) => ({ key: filterKey, ids: update(prev.key === filterKey ? prev.ids : NONE) })),
    [filterKey],
  );
  const [status, setStatus] = useState('');
  const [offer, setOffer] = useState<MerchantOffer | null>(null);
  const { mutateAsync } = useRelabelTransactions();
  const summary = useRef<HTMLParagraphElement>(null);
  const focusAfter = useRef<{ id: string; next: string | null } | null>(null);

  const toggle = useCallback(
    (id: string) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [setSelected],
  );

  /** Labels `ids`; true when every one was saved. */
  const label = useCallback(
    async (ids: string[], choice: LabelChoice, what: string, then = ''): Promise<boolean> => {
      if (ids.length === 0) return false;
      const budget_category = choice === 'Uncategorized' ? 'uncategorized' : choice;
      const updates = ids.map((plaidId) => ({ plaidId, budget_category }) as const);
      setStatus('');
      let missing = 0;
      try {
        for (let i = 0; i < updates.length; i += MAX_PER_CALL) {
          const res = await mutateAsync(updates.slice(i, i + MAX_PER_CALL));
          missing += res.errors.length;
        }
      } catch (err) {
        const text =
          err instanceof ApiError && err.status === 404 ? gone(ids.length) : (err as Error).message;
        notify(text, 'error');
        return false;
      }
      if (missing) notify(gone(missing), 'error');
      else setStatus(`Labelled ${what} as ${choice}.${then}`);
      return missing === 0;
    },
    [mutateAsync],
  );

  const pickOne = useCallback(
    (t: Transaction, choice: LabelChoice) => {
      const at = visible.indexOf(t);
      focusAfter.current = {
        id: t.plaidId,
        next: visible[at + 1]?.plaidId ?? visible[at - 1]?.plaidId ?? null,
      };
      // The same merchant's other rows may take the label too: offered once the row is saved.
      const next = sameMerchantOffer(transactions, t, choice);
      setOffer(null);
      void label([t.plaidId], choice, t.merchant_name || t.name, next ? ` ${offerText(next)}` : '').then(
        (ok) => setOffer(ok ? next : null),
      );
    },
    [label, visible, transactions],
  );

  const acceptOffer = () => {
    if (!offer) return;
    setOffer(null);
    const n = offer.ids.length;
    void label(offer.ids, offer.label, `${plural(n, `other ${offer.merchant} transaction`)}`);
  };

  // A relabelled row that the label filter now hides hands focus to its neighbour.
  useEffect(() => {
    const f = focusAfter.current;
    if (!f) return;
    focusAfter.current = null;
    const find = (id: string | null) =>
      id ? document.querySelector<HTMLElement>(`[data-label-for="${CSS.escape(id)}"]`) : null;
    if (find(f.id)) return;
    (find(f.next) ?? summary.current)?.focus();
  }, [visible]);

  const shownSelected = visible.filter((t) => selected.has(t.plaidId)).map((t) => t.plaidId);
  const allSelected = visible.length > 0 && shownSelected.length === visible.length;
  const bulk = (choice: LabelChoice) => {
    const ids = shownSelected;
    setSelected(() => NONE);
    void label(ids, choice, plural(ids.length, 'transaction'));
  };

  return (
    <>
      <TxToolbar
        filters={filters}
        accounts={accounts.map((a) => ({ id: a.id, name: accountName(a) }))}
        onChange={setFilters}
        onClear={clearFilters}
        searchKey={searchKey}
      />
      {ignored.length > 0 && (
        <p className="banner banner-info" role="status">
          This link asked for {ignored.length === 1 ? 'a filter' : 'filters'} ({ignored.join(', ')}) that{' '}
          {ignored.length === 1 ? 'does' : 'do'} not match your bank data, so{' '}
          {ignored.length === 1 ? 'it was' : 'they were'} left out.
        </p>
      )}
      <p className="txv-summary" ref={summary} tabIndex={-1} role="status">
        <span>
          {hasFilters(deferred)
            ? `${plural(totals.count, 'transaction')} of ${transactions.length.toLocaleString('en-US')}`
            : plural(totals.count, 'transaction')}
        </span>
        <span>
          Spent <strong>{formatMoney(totals.spent)}</strong>
        </span>
        <span>
          Received <strong>{formatMoney(totals.received)}</strong>
        </span>
        {totals.transfers > 0 && (
          <span className="muted">
            {plural(totals.transfers, 'transfer')} between your accounts not counted
          </span>
        )}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {offer && <MerchantOfferPanel offer={offer} onAccept={acceptOffer} onDismiss={() => setOffer(null)} />}

      {visible.length > 0 && (
        <div className={`txv-bulk${shownSelected.length ? ' is-active' : ''}`}>
          <label className="txv-check txv-select-all">
            <input
              type="checkbox"
              checked={allSelected}
              ref={(el) => {
                if (el) el.indeterminate = shownSelected.length > 0 && !allSelected;
              }}
              onChange={() =>
                setSelected(() => (allSelected ? NONE : new Set(visible.map((t) => t.plaidId))))
              }
            />
            <span>
              {shownSelected.length
                ? `${plural(shownSelected.length, 'selected', 'selected')}`
                : 'Select all shown'}
            </span>
          </label>
          {shownSelected.length > 0 && (
            <div
              className="txv-bulk-actions"
              role="group"
              aria-label={`Label ${plural(shownSelected.length, 'selected transaction')} as`}
            >
              <span className="txv-bulk-title" aria-hidden="true">
                Label as
              </span>
              {LABEL_CHOICES.map((c) => (
                <button
                  key={c}
                  type="button"
                  className={`${badgeClass(c)} badge-btn`}
                  onClick={() => bulk(c)}
                >
                  <BadgeFace label={c} />
                </button>
              ))}
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => setSelected(() => NONE)}>
                Clear selection
              </button>
            </div>
          )}
        </div>
      )}

      {visible.length === 0 ? (
        <div className="txv-empty">
          <p>No transactions match your search and filters.</p>
          <button type="button" className="btn btn-sm" onClick={clearFilters}>
            Show all transactions
          </button>
        </div>
      ) : (
        <TxList
          groups={groups}
          today={today}
          accountNames={accountNames}
          selected={selected}
          label="Bank transactions by day"
          onToggle={toggle}
          onPick={pickOne}
        />
      )}
      <p className="muted small txv-foot">
        Manual expenses you add are on <Link to="/home">Home</Link>.
      </p>
    </>
  );
}
