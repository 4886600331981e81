// A 10,000-transaction sync is written in batches: a bounded number of SQL statements, not one
// per transaction. A stub Plaid client serves the pages so the size is exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaidApi } from 'plaid';
import { createTestServer, type TestServer } from './helpers';

const TOTAL = 10_000;
const PAGE = 500;

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

function stubPlaid(): PlaidApi {
  const ok = <T>(data: T) => Promise.resolve({ data });
  const stub = {
    itemPublicTokenExchange: () => ok({ access_token: 'access-sandbox-stub', item_id: 'item-big', request_id: 'r1' }),
    itemGet: () => ok({ item: { institution_id: 'ins_1', institution_name: 'Big Bank' }, request_id: 'r2' }),
    accountsGet: () =>
      ok({
        accounts: [
          {
            account_id: 'acc-1',
            name: 'Checking',
            official_name: null,
            mask: '0000',
            type: 'depository',
            subtype: 'checking',
            balances: { current: 100, available: 90, iso_currency_code: 'USD' },
          },
        ],
        request_id: 'r3',
      }),
    transactionsSync: ({ cursor }: { cursor?: string }) => {
      const start = cursor ? Number(cursor) : 0;
      const end = Math.min(TOTAL, start + PAGE);
      return ok({
        added: Array.from({ length: end - start }, (_, k) => tx(start + k)),
        modified: [],
        removed: [],
        next_cursor: String(end),
        has_more: end < TOTAL,
        request_id: `sync-${start}`,
        accounts: [],
        transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
      });
    },
  };
  return stub as unknown as PlaidApi;
}

let s: TestServer;
beforeAll(async () => {
  const plaid = stubPlaid();
  s = await createTestServer({ deps: { plaid: () => plaid } });
});
afterAll(async () => {
  await s.close();
});

describe('large sync', () => {
  it('when an item has 10,000 transactions, then the sync stores all of them with batched writes', async () => {
    const token = await s.register();
    const ex = await s.req('POST', '/api/plaid/exchange-token', { public_token: 'public-sandbox-stub' }, token);
    expect(ex.status).toBe(200);

    let statements = 0;
    let writes = 0;
    const count = (q: { sql: string }) => {
      statements++;
      if (/^\s*(insert|update|delete)/i.test(q.sql)) writes++;
    };
    s.db.on('query', count);
    const res = await s.req<{ total_transactions: number }>('GET', '/api/plaid/fetch-transactions', undefined, token);
    s.db.off('query', count);

    expect(res.status).toBe(200);
    expect(res.body.total_transactions).toBe(TOTAL);
    expect(await s.countRows('transactions')).toBe(TOTAL);
    const pages = TOTAL / PAGE;
    // Per page: one batched insert and one cursor update (plus transaction control).
    expect(writes).toBeLessThanOrEqual(pages * 2 + 5);
    expect(statements).toBeLessThan(pages * 8);

    // A second sync from the stored cursor writes nothing new and duplicates nothing.
    const again = await s.req<{ total_transactions: number }>('GET', '/api/plaid/fetch-transactions', undefined, token);
    expect(again.body.total_transactions).toBe(TOTAL);
  });
});
