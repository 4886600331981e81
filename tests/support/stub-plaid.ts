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
}

/** A Plaid client whose one item has `total` transactions, served `page` at a time. */
export function stubPlaid(total: number, pageOrOptions: number | StubOptions = {}): PlaidApi {
  const options = typeof pageOrOptions === 'number' ? { page: pageOrOptions } : pageOrOptions;
  const page = options.page ?? 500;
  const accounts = options.accounts ?? [CHECKING];
  const makeTx = options.transaction ?? tx;
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
      const end = Math.min(total, start + page);
      return ok({
        added: Array.from({ length: end - start }, (_, k) => makeTx(start + k)),
        modified: [],
        removed: [],
        next_cursor: String(end),
        has_more: end < total,
        request_id: `sync-${start}`,
        accounts: [],
        transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
      });
    },
  };
  return stub as unknown as PlaidApi;
}
