// A 10,000-transaction sync is written in batches: a bounded number of SQL statements, not one
// per transaction. A stub Plaid client serves the pages so the size is exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stubPlaid } from '../support/stub-plaid';
import { createTestServer, type TestServer } from '../support/server';

const TOTAL = 10_000;
const PAGE = 500;

let s: TestServer;
beforeAll(async () => {
  const plaid = stubPlaid(TOTAL, PAGE);
  s = await createTestServer({ deps: { plaid: () => plaid } });
});
afterAll(async () => {
  await s.close();
});

describe('large sync', () => {
  it('when an item has 10,000 transactions, then the sync stores all of them with batched writes', async () => {
    const token = await s.register();
    const ex = await s.req(
      'POST',
      '/api/plaid/exchange-token',
      { public_token: 'public-sandbox-stub' },
      token,
    );
    expect(ex.status).toBe(200);

    let statements = 0;
    let writes = 0;
    const count = (q: { sql: string }) => {
      statements++;
      if (/^\s*(insert|update|delete)/i.test(q.sql)) writes++;
    };
    s.db.on('query', count);
    const res = await s.req<{ total_transactions: number }>(
      'GET',
      '/api/plaid/fetch-transactions',
      undefined,
      token,
    );
    s.db.off('query', count);

    expect(res.status).toBe(200);
    expect(res.body.total_transactions).toBe(TOTAL);
    expect(await s.countRows('transactions')).toBe(TOTAL);
    const pages = TOTAL / PAGE;
    // Per page: one batched insert, one cursor update and one bump of the user's bank data
    // version (plus transaction control).
    expect(writes).toBeLessThanOrEqual(pages * 3 + 5);
    expect(statements).toBeLessThan(pages * 8);

    // A second sync from the stored cursor writes nothing new and duplicates nothing.
    const again = await s.req<{ total_transactions: number }>(
      'GET',
      '/api/plaid/fetch-transactions',
      undefined,
      token,
    );
    expect(again.body.total_transactions).toBe(TOTAL);
  });
});
