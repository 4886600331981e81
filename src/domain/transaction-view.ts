// What the Transactions page shows (issue 12): the filters as they travel in the URL, the search
// (plain text, never a pattern), the rows grouped under their days, and the totals of what is shown.
import { BUDGET_CATEGORIES, isBudgetCategory, type BudgetCategory } from './categories';

/** The longest search kept; longer text (a paste, a crafted link) is cut to this. */
export const SEARCH_MAX = 200;

export const LABEL_FILTERS = ['need', 'want', 'savings', 'income', 'uncategorized'] as const;
export type LabelFilter = (typeof LABEL_FILTERS)[number];
export const STATUS_FILTERS = ['pending', 'posted'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface TxFilters {
  q: string;
  label: LabelFilter | null;
  account: string | null;
  status: StatusFilter | null;
}
export const NO_FILTERS: TxFilters = { q: '', label: null, account: null, status: null };

/** The filter keys as they appear in the URL query. */
export const FILTER_PARAMS = ['q', 'label', 'account', 'status'] as const;

export interface ParsedFilters {
  filters: TxFilters;
  /** Filters the URL named but this user cannot apply (unknown label, unlinked account...). */
  ignored: ('label' | 'account' | 'status')[];
}

const oneOf = <T extends string>(list: readonly T[], v: string): v is T =>
  (list as readonly string[]).includes(v);

/**
 * Reads the filters from a URL query. A value that names no label, status or linked account is
 * dropped and reported, so a shared or stale link still opens the list.
 */
export function parseFilters(
  get: (key: string) => string | null,
  accountIds: readonly string[],
): ParsedFilters {
  const ignored: ParsedFilters['ignored'] = [];
  const label = get('label')?.toLowerCase() ?? null;
  const status = get('status')?.toLowerCase() ?? null;
  const account = get('account');
  const filters: TxFilters = {
    q: (get('q') ?? '').slice(0, SEARCH_MAX),
    label: label !== null && oneOf(LABEL_FILTERS, label) ? label : null,
    status: status !== null && oneOf(STATUS_FILTERS, status) ? status : null,
    account: account !== null && accountIds.includes(account) ? account : null,
  };
  if (label !== null && !filters.label) ignored.push('label');
  if (account !== null && !filters.account) ignored.push('account');
  if (status !== null && !filters.status) ignored.push('status');
  return { filters, ignored };
}

/** The URL query for `filters`: only what is set, in a fixed order. */
export function filtersToParams(filters: TxFilters): [string, string][] {
  const out: [string, string][] = [];
  if (filters.q) out.push(['q', filters.q]);
  if (filters.label) out.push(['label', filters.label]);
  if (filters.account) out.push(['account', filters.account]);
  if (filters.status) out.push(['status', filters.status]);
  return out;
}

export const hasFilters = (f: TxFilters): boolean => Boolean(f.q.trim() || f.label || f.account || f.status);

export interface ViewTransaction {
  plaidId: string;
  account_id?: string | null;
  name: string;
  merchant_name: string | null;
  amount: number;
  date: string;
  budget_category?: string | null;
  pending: boolean;
  transfer?: boolean;
}

/** The label a row carries: one of the four, or 'Uncategorized'. */
export function labelOf(t: Pick<ViewTransaction, 'budget_category'>): BudgetCategory | 'Uncategorized' {
  return isBudgetCategory(t.budget_category) ? t.budget_category : 'Uncategorized';
}

const LABEL_OF_FILTER: Record<LabelFilter, BudgetCategory | 'Uncategorized'> = {
  need: 'Need',
  want: 'Want',
  savings: 'Savings',
  income: 'Income',
  uncategorized: 'Uncategorized',
};
export const labelFilterName = (f: LabelFilter) => LABEL_OF_FILTER[f];
export const LABEL_CHOICES = [...BUDGET_CATEGORIES, 'Uncategorized'] as const;

/** Search text as compared: trimmed, spaces collapsed, case folded. Compared literally. */
const fold = (s: string) => s.normalize('NFKC').toLocaleLowerCase('en-US').replace(/\s+/g, ' ').trim();

/** A matcher for the search text: name or merchant contains it, as plain text. */
export function searchMatcher(q: string): (t: ViewTransaction) => boolean {
  const needle = fold(q.slice(0, SEARCH_MAX));
  if (!needle) return () => true;
  return (t) => fold(t.name).includes(needle) || fold(t.merchant_name ?? '').includes(needle);
}

/** The merchant a row belongs to, as compared: its merchant name, else its own name, folded. */
export const merchantKey = (t: Pick<ViewTransaction, 'name' | 'merchant_name'>): string =>
  fold(t.merchant_name?.trim() ? t.merchant_name : t.name);

export interface MerchantOffer {
  /** The merchant as the relabelled row shows it, e.g. 'Starbucks'. */
  merchant: string;
  label: (typeof LABEL_CHOICES)[number];
  /** The same merchant's other rows that do not carry `label` yet. */
  ids: string[];
}

/**
 * After one row is labelled `label`, the same merchant's other rows that could take the label too
 * (issue 25), or null when there are none. Transfers between the user's own accounts are left out:
 * they are not spending, whatever their name.
 */
export function sameMerchantOffer(
  all: readonly ViewTransaction[],
  row: ViewTransaction,
  label: (typeof LABEL_CHOICES)[number],
): MerchantOffer | null {
  const key = merchantKey(row);
  if (!key) return null;
  const ids = all
    .filter((t) => t.plaidId !== row.plaidId && !t.transfer && merchantKey(t) === key && labelOf(t) !== label)
    .map((t) => t.plaidId);
  if (ids.length === 0) return null;
  return { merchant: (row.merchant_name?.trim() || row.name).trim(), label, ids };
}

/** The rows `filters` let through, in the order given. */
export function filterTransactions<T extends ViewTransaction>(txs: readonly T[], filters: TxFilters): T[] {
  const search = searchMatcher(filters.q);
  const label = filters.label ? LABEL_OF_FILTER[filters.label] : null;
  return txs.filter(
    (t) =>
      (!label || labelOf(t) === label) &&
      (!filters.account || t.account_id === filters.account) &&
      (!filters.status || t.pending === (filters.status === 'pending')) &&
      search(t),
  );
}

export interface DayGroup<T> {
  /** YYYY-MM-DD. */
  day: string;
  rows: T[];
}

/** Rows under their days, newest day first; within a day the given order is kept. */
export function groupByDay<T extends Pick<ViewTransaction, 'date'>>(txs: readonly T[]): DayGroup<T>[] {
  const byDay = new Map<string, T[]>();
  for (const t of txs) {
    const rows = byDay.get(t.date);
    if (rows) rows.push(t);
    else byDay.set(t.date, [t]);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([day, rows]) => ({ day, rows }));
}

const weekdayFmt = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A day heading: 'Today', 'Yesterday', else e.g. 'Friday, Nov 20, 2026'. `today` is YYYY-MM-DD. */
export function dayHeading(day: string, today: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(t)) return day;
  const diff = Math.round((Date.parse(`${today}T00:00:00Z`) - t) / 86_400_000);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Yesterday';
  return weekdayFmt.format(t);
}

export interface ShownTotals {
  count: number;
  /** Money out, in dollars (to the cent), transfers between own accounts left out. */
  spent: number;
  /** Money in, in dollars, transfers left out. */
  received: number;
  /** How many shown rows are transfer sides (listed but not summed). */
  transfers: number;
}

/** The totals of the rows shown; sums run in whole cents. */
export function shownTotals(txs: readonly ViewTransaction[]): ShownTotals {
  let spent = 0;
  let received = 0;
  let transfers = 0;
  for (const t of txs) {
    if (t.transfer) {
      transfers += 1;
      continue;
    }
    if (!Number.isFinite(t.amount)) continue;
    const cents = Math.round(t.amount * 100);
    if (cents > 0) spent += cents;
    else received -= cents;
  }
  return { count: txs.length, spent: spent / 100, received: received / 100, transfers };
}
