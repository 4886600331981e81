// A stub Plaid SDK client with one large item, for batching tests and the benchmark.
import type { PlaidApi } from 'plaid';

function tx(i: number) {
  const day = String(1 + (i % 28)).padStart(2, '0');
  return {
    transaction_id: `tx-${i}`,
    account_id: 'acc-1',
    name: `Purchase ${i}`,
    merchant_name: i % 3 ? `Shop ${i % 50}` : null,
    amount: i % 10 === 0 ? -1000 : Math.round((i % 97) * 137) / 100 + 1,
    iso_currency_code: 'USD',
    date: `2025-02-${day}`,
    category: ['Shops'],
    personal_finance_category: { primary: 'GENERAL_MERCHANDISE', detailed: 'X', confidence_level: 'HIGH' },
    pending: false,
    pending_transaction_id: null,
  };
}

/** One account of the stub item, in Plaid's shape. */
export type StubAccount = Record<string, unknown> & { account_id: string };

const CHECKING: StubAccount = {
  account_id: 'acc-1',
  name: 'Checking',
  official_name: null,
  mask: '0000',
  type: 'depository',
  subtype: 'checking',
  balances: { current: 100, available: 90, iso_currency_code: 'USD' },
};

export interface StubOptions {
  /** Transactions per sync page (default 500). */
  page?: number;
  /** The item's accounts (default one checking account). */
  accounts?: StubAccount[];
  /** Transaction `i` in Plaid's shape (default a purchase on the checking account). */
  transaction?: (i: number) => Record<string, unknown>;
  /**
   * The item's transactions as a live list (replaces `total` and `transaction`): rows added to it
   * later reach the next sync, as new bank rows would.
   */
  rows?: () => Record<string, unknown>[];
}

type StubRow = Record<string, unknown>;
const DAY_MS = 86_400_000;
const dayNo = (d: string) => Math.round(Date.parse(`${d}T00:00:00Z`) / DAY_MS);
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** Rows a stub detection looks at (the benches' items have 100,000). */
const RECURRING_SCAN_MAX = 2_000;

/** Plaid's frequency for a typical gap in days between charges. */
function frequencyOf(gap: number): { frequency: string; days: number } {
  if (gap >= 6 && gap <= 8) return { frequency: 'WEEKLY', days: 7 };
  if (gap >= 13 && gap <= 15) return { frequency: 'BIWEEKLY', days: 14 };
  if (gap >= 27 && gap <= 33) return { frequency: 'MONTHLY', days: 30 };
  if (gap >= 360 && gap <= 370) return { frequency: 'ANNUALLY', days: 365 };
  return { frequency: 'UNKNOWN', days: Math.max(1, gap) };
}

/**
 * A plausible /transactions/recurring/get over the stub's own rows (the real detection is the
 * local sandbox's): settled rows of one account and one merchant (else name), seen at least twice
 * with the same direction, make a stream; its frequency comes from the median gap between them,
 * its predicted date is the last one plus that gap; three or more make it MATURE.
 */
export function detectStreams(rows: readonly StubRow[], accountIds?: readonly string[]) {
  const groups = new Map<string, StubRow[]>();
  for (const r of rows.slice(0, RECURRING_SCAN_MAX)) {
    if (r.pending) continue;
    if (accountIds && !accountIds.includes(String(r.account_id))) continue;
    const merchant = String(r.merchant_name ?? r.name ?? '');
    const dir = Number(r.amount) >= 0 ? 'outflow' : 'inflow';
    const key = `${String(r.account_id)}|${dir}|${merchant.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const inflow: unknown[] = [];
  const outflow: unknown[] = [];
  for (const [key, list] of groups) {
    if (list.length < 2) continue;
    const sorted = [...list].sort((a, b) => String(a.date).localeCompare(String(b.date)));
    const days = sorted.map((r) => dayNo(String(r.date)));
    const gaps = days
      .slice(1)
      .map((d, i) => d - days[i]!)
      .sort((a, b) => a - b);
    const { frequency, days: step } = frequencyOf(gaps[Math.floor(gaps.length / 2)] ?? 0);
    const amounts = sorted.map((r) => Number(r.amount));
    const last = sorted.at(-1)!;
    const stream = {
      account_id: String(last.account_id),
      stream_id: `stream-${Buffer.from(key).toString('base64url').slice(0, 60)}`,
      category: null,
      category_id: null,
      description: String(last.name ?? ''),
      merchant_name: (last.merchant_name as string | null | undefined) ?? null,
      first_date: String(sorted[0]!.date),
      last_date: String(last.date),
      predicted_next_date: frequency === 'UNKNOWN' ? null : dayOf(days.at(-1)! + step),
      frequency,
      transaction_ids: sorted.map((r) => String(r.transaction_id)),
      average_amount: {
        amount: Math.round((amounts.reduce((a, b) => a + b, 0) / amounts.length) * 100) / 100,
        iso_currency_code: 'USD',
      },
      last_amount: { amount: Number(last.amount), iso_currency_code: 'USD' },
      is_active: true,
      status: list.length >= 3 ? 'MATURE' : 'EARLY_DETECTION',
      personal_finance_category: (last.personal_finance_category as unknown) ?? null,
      is_user_modified: false,
    };
    (key.includes('|outflow|') ? outflow : inflow).push(stream);
  }
  return { inflow, outflow };
}

/** A Plaid client whose one item has `total` transactions, served `page` at a time. */
export function stubPlaid(total: number, pageOrOptions: number | StubOptions = {}): PlaidApi {
  const options = typeof pageOrOptions === 'number' ? { page: pageOrOptions } : pageOrOptions;
  const page = options.page ?? 500;
  const accounts = options.accounts ?? [CHECKING];
  const makeTx = options.rows ? (i: number) => options.rows!()[i]! : (options.transaction ?? tx);
  const count = () => (options.rows ? options.rows().length : total);
  const ok = <T>(data: T) => Promise.resolve({ data });
  const stub = {
    itemPublicTokenExchange: () =>
      ok({ access_token: 'access-sandbox-stub', item_id: 'item-big', request_id: 'r1' }),
    itemGet: () => ok({ item: { institution_id: 'ins_1', institution_name: 'Big Bank' }, request_id: 'r2' }),
    accountsGet: () =>
      ok({
        accounts,
        request_id: 'r3',
      }),
    transactionsSync: ({ cursor }: { cursor?: string }) => {
      const start = cursor ? Number(cursor) : 0;
      const end = Math.min(count(), start + page);
      return ok({
        added: Array.from({ length: end - start }, (_, k) => makeTx(start + k)),
        modified: [],
        removed: [],
        next_cursor: String(end),
        has_more: end < count(),
        request_id: `sync-${start}`,
        accounts: [],
        transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
      });
    },
    transactionsRecurringGet: ({ account_ids }: { account_ids?: string[] }) => {
      const n = Math.min(count(), RECURRING_SCAN_MAX);
      const { inflow, outflow } = detectStreams(
        Array.from({ length: n }, (_, i) => makeTx(i)),
        account_ids,
      );
      return ok({
        inflow_streams: inflow,
        outflow_streams: outflow,
        updated_datetime: new Date().toISOString(),
        request_id: 'recurring',
      });
    },
  };
  return stub as unknown as PlaidApi;
}
