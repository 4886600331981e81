// GET /api/plaid/transactions is serialised and compressed once per change of the user's bank data
// (issue 14): whatever changes the list (a sync page, labels, a reset, a disconnect) shows in the
// very next read, every encoding carries the same list, and users never see each other's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { PlaidApi } from 'plaid';
import { stubPlaid } from '../support/stub-plaid';
import { createTestServer, type TestServer } from '../support/server';

interface Tx {
  plaidId: string;
  budget_category: string | null;
}

let s: TestServer;
/** How many transactions the bank holds when a sync starts. */
let total = 0;
let items = 0;
const ok = <T>(data: T) => Promise.resolve({ data });

beforeAll(async () => {
  // The stub bank, with an item of its own for each link and a removal that always works.
  const plaid = () =>
    ({
      ...(stubPlaid(total, 40) as object),
      itemPublicTokenExchange: () =>
        ok({ access_token: 'access-sandbox-stub', item_id: `item-${++items}`, request_id: 'r' }),
      itemRemove: () => ok({ request_id: 'r' }),
    }) as unknown as PlaidApi;
  s = await createTestServer({ deps: { plaid } });
});
afterAll(() => s.close());

function get(token: string, acceptEncoding?: string): Promise<{ encoding?: string; body: Tx[] }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
    request(`${s.url}/api/plaid/transactions`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const text =
          encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ encoding, body: JSON.parse(text.toString()) as Tx[] });
      });
    })
      .on('error', reject)
      .end();
  });
}

const list = async (token: string) => (await get(token, 'gzip, deflate, br')).body;

async function linkedUser(transactions: number) {
  total = transactions;
  const token = await s.register();
  expect((await s.req('POST', '/api/plaid/exchange-token', { public_token: 'p' }, token)).status).toBe(200);
  return token;
}

describe('the cached transaction list', () => {
  it('when the list is read in each encoding, then each carries the same list', async () => {
    const token = await linkedUser(120);
    expect((await s.req('GET', '/api/plaid/fetch-transactions', undefined, token)).status).toBe(200);
    const plain = await get(token);
    const br = await get(token, 'gzip, deflate, br, zstd');
    const gzip = await get(token, 'gzip');
    expect(plain.encoding).toBeUndefined();
    expect(br.encoding).toBe('br');
    expect(gzip.encoding).toBe('gzip');
    expect(plain.body).toHaveLength(120);
    expect(br.body).toEqual(plain.body);
    expect(gzip.body).toEqual(plain.body);
  });

  it('when labels change, then the next read shows them, and a reset empties the list', async () => {
    const token = await linkedUser(80);
    await s.req('GET', '/api/plaid/fetch-transactions', undefined, token);
    const before = await list(token);
    expect(before.every((t) => t.budget_category === null)).toBe(true);
    const categories = before.slice(0, 5).map((t) => ({ plaidId: t.plaidId, budget_category: 'Want' }));
    await s.req('POST', '/api/plaid/update-transaction-categories', { categories }, token);
    const after = await list(token);
    expect(after.filter((t) => t.budget_category === 'Want').map((t) => t.plaidId)).toEqual(
      categories.map((c) => c.plaidId),
    );
    expect((await s.req('POST', '/api/plaid/reset-transactions', {}, token)).status).toBe(200);
    expect(await list(token)).toEqual([]);
  });

  it('when a sync adds transactions after a read, then the next read lists them', async () => {
    const token = await linkedUser(0);
    await s.req('GET', '/api/plaid/fetch-transactions', undefined, token);
    expect(await list(token)).toEqual([]);
    // The bank now has 60: a reset syncs them from the start.
    total = 60;
    await s.req('POST', '/api/plaid/reset-transactions', {}, token);
    await s.req('GET', '/api/plaid/fetch-transactions', undefined, token);
    expect(await list(token)).toHaveLength(60);
  });

  it('when the bank is disconnected, then the next read is empty; and users never share a list', async () => {
    const a = await linkedUser(30);
    await s.req('GET', '/api/plaid/fetch-transactions', undefined, a);
    expect(await list(a)).toHaveLength(30);
    const b = await s.register();
    expect(await list(b)).toEqual([]);
    expect((await s.req('POST', '/api/plaid/disconnect', {}, a)).status).toBe(200);
    expect(await list(a)).toEqual([]);
  });
});
