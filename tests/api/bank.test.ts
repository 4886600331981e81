// The bank API end to end: the real Plaid SDK against the embedded local sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Products } from 'plaid';
import { createTestServer, type TestServer } from '../support/server';
import { decryptSecret } from '../../server/lib/crypto';

interface Tx {
  id: number;
  plaidId: string;
  name: string;
  merchant_name: string | null;
  amount: number;
  date: string;
  category: string[];
  budget_category: string | null;
  pending: boolean;
}

let s: TestServer;
const seen: string[] = []; // every response body, to prove no access token ever leaves

async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  token: string,
  body?: unknown,
) {
  const res = await s.req<T>(method, path, body, token);
  seen.push(JSON.stringify(res.body));
  return res;
}

/** Links a sandbox item for the user the way Link would, and returns its item id. */
async function link(token: string, password = 'pass_good') {
  const lt = await call<{ link_token: string; link_script_url: string }>(
    'POST',
    '/api/plaid/create_link_token',
    token,
    {},
  );
  expect(lt.status).toBe(200);
  const pub = await s.deps.plaid().sandboxPublicTokenCreate({
    institution_id: 'ins_109508',
    initial_products: [Products.Transactions],
    options: { override_username: 'user_good', override_password: password },
  });
  const ex = await call<{ item_id: string; accounts: number }>('POST', '/api/plaid/exchange-token', token, {
    public_token: pub.data.public_token,
  });
  expect(ex.status).toBe(200);
  return ex.body.item_id;
}

async function syncReady(token: string) {
  s.clock.advance(60_000);
  const res = await call<{ transactions: Tx[]; total_transactions: number; request_id: string }>(
    'GET',
    '/api/plaid/fetch-transactions',
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

beforeAll(async () => {
  s = await createTestServer({ env: { PLAID_NOT_READY_MS: '1500' } });
});
afterAll(async () => {
  await s.close();
});

describe('linking and syncing', () => {
  let token: string;
  let firstSync: Tx[];

  it('when a user creates a link token, then it gets one and the local Link script URL', async () => {
    token = await s.register();
    const res = await call<{ link_token: string; link_script_url: string }>(
      'POST',
      '/api/plaid/create_link_token',
      token,
      {},
    );
    expect(res.status).toBe(200);
    expect(res.body.link_token).toMatch(/^link-sandbox-/);
    expect(res.body.link_script_url).toBe('/plaid-sandbox/link-initialize.js');
  });

  it('when no bank is linked, then accounts answer an empty list and fetch answers 404', async () => {
    const accounts = await call('GET', '/api/plaid/accounts', token);
    expect(accounts.status).toBe(200);
    expect(accounts.body).toEqual([]);
    expect((await call('GET', '/api/plaid/fetch-transactions', token)).status).toBe(404);
    expect((await call<Tx[]>('GET', '/api/plaid/transactions', token)).body).toEqual([]);
  });

  it('when the data is not ready right after the exchange, then fetch says "not yet ready" and writes nothing', async () => {
    await link(token);
    const res = await call('GET', '/api/plaid/fetch-transactions', token);
    expect(res.status).toBe(503);
    expect(`${res.body.error} ${res.body.details}`).toMatch(/not yet ready/);
    expect(await s.countRows('transactions')).toBe(0);
  });

  it('when the data is ready, then the sync stores transactions with the spec fields, newest first', async () => {
    const body = await syncReady(token);
    firstSync = body.transactions;
    expect(body.total_transactions).toBe(firstSync.length);
    expect(firstSync.length).toBeGreaterThan(50);
    expect(body.request_id).toBeTruthy();
    const t = firstSync[0];
    expect(Object.keys(t)).toEqual(
      expect.arrayContaining([
        'id',
        'plaidId',
        'name',
        'merchant_name',
        'amount',
        'date',
        'category',
        'budget_category',
        'pending',
      ]),
    );
    const dates = firstSync.map((x) => x.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(firstSync.some((x) => x.pending)).toBe(true);
    expect(firstSync.some((x) => x.amount < 0)).toBe(true); // income
    const persisted = await call<Tx[]>('GET', '/api/plaid/transactions', token);
    expect(persisted.body.map((x) => x.plaidId)).toEqual(firstSync.map((x) => x.plaidId));
  });

  it('when accounts are listed, then they carry the decided fields', async () => {
    const res = await call<Record<string, unknown>[]>('GET', '/api/plaid/accounts', token);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const k of [
      'id',
      'name',
      'officialName',
      'mask',
      'type',
      'subtype',
      'institutionName',
      'currentBalance',
      'availableBalance',
    ]) {
      expect(res.body[0]).toHaveProperty(k);
    }
  });

  it('when labels are set and later syncs post pending, modify and remove, then labels survive and nothing duplicates', async () => {
    const pending = firstSync.filter((t) => t.pending);
    const posted = firstSync.filter((t) => !t.pending);
    const upd = await call<{ updatedCount: number; errors: unknown[] }>(
      'POST',
      '/api/plaid/update-transaction-categories',
      token,
      {
        categories: [
          ...pending.map((t) => ({ plaidId: t.plaidId, budget_category: 'Want' })),
          ...posted.map((t) => ({ plaidId: t.plaidId, budget_category: 'Need' })),
        ],
      },
    );
    expect(upd.body).toEqual({ updatedCount: firstSync.length, errors: [] });

    const second = (await syncReady(token)).transactions;
    const ids = second.map((t) => t.plaidId);
    expect(new Set(ids).size).toBe(ids.length);
    const before = new Map(
      firstSync.map((t) => [t.plaidId, { ...t, budget_category: t.pending ? 'Want' : 'Need' }]),
    );
    // Pending rows were replaced by posted ones that kept the user's label.
    const replaced = pending.filter((p) => !ids.includes(p.plaidId));
    expect(replaced.length).toBeGreaterThan(0);
    const newOnes = second.filter((t) => !before.has(t.plaidId));
    expect(newOnes.filter((t) => t.budget_category === 'Want').length).toBeGreaterThanOrEqual(
      replaced.length,
    );
    // Something was removed, and everything kept has its label even if Plaid modified it.
    const removed = posted.filter((p) => !ids.includes(p.plaidId));
    expect(removed.length).toBeGreaterThan(0);
    const modified = second.filter((t) => {
      const old = before.get(t.plaidId);
      return old && (old.name !== t.name || old.amount !== t.amount);
    });
    expect(modified.length).toBeGreaterThan(0);
    for (const t of second) {
      const old = before.get(t.plaidId);
      if (old) expect(t.budget_category).toBe(old.budget_category);
    }

    const third = (await syncReady(token)).transactions;
    const thirdIds = third.map((t) => t.plaidId);
    expect(new Set(thirdIds).size).toBe(thirdIds.length);
    expect(thirdIds.length).toBeGreaterThanOrEqual(ids.length);
  });

  it('when categories are updated with unknown and foreign ids, then those are listed and change nothing', async () => {
    const other = await s.register();
    await link(other);
    const otherTx = (await syncReady(other)).transactions;
    const mine = (await call<Tx[]>('GET', '/api/plaid/transactions', token)).body;
    const res = await call<{ updatedCount: number; errors: { plaidId: string }[] }>(
      'POST',
      '/api/plaid/update-transaction-categories',
      token,
      {
        categories: [
          { plaidId: mine[0].plaidId, budget_category: 'Savings' },
          { plaidId: 'no-such-id', budget_category: 'Need' },
          { plaidId: otherTx[0].plaidId, budget_category: 'Income' },
        ],
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.updatedCount).toBe(1);
    expect(res.body.errors.map((e) => e.plaidId).sort()).toEqual(['no-such-id', otherTx[0].plaidId].sort());
    const after = (await call<Tx[]>('GET', '/api/plaid/transactions', token)).body;
    expect(after.find((t) => t.plaidId === mine[0].plaidId)?.budget_category).toBe('Savings');
    expect(after.find((t) => t.plaidId === mine[1].plaidId)?.budget_category).toBe(mine[1].budget_category);
    const otherAfter = (await call<Tx[]>('GET', '/api/plaid/transactions', other)).body;
    expect(otherAfter.find((t) => t.plaidId === otherTx[0].plaidId)?.budget_category).toBe(
      otherTx[0].budget_category,
    );
    // The other user cannot see this user's transactions.
    const mineIds = new Set(after.map((t) => t.plaidId));
    expect(otherAfter.some((t) => mineIds.has(t.plaidId))).toBe(false);
  });

  it('when the category update body is malformed, then it answers 400 with an error', async () => {
    for (const body of [
      {},
      { categories: 'x' },
      { categories: [{ plaidId: 5, budget_category: 'Need' }] },
      { categories: [], extra: 1 },
      { categories: [{ plaidId: 'x', budget_category: 'Luxury' }] },
    ]) {
      const res = await call('POST', '/api/plaid/update-transaction-categories', token, body);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('when transactions are reset, then they are gone and the next fetch syncs them again', async () => {
    const res = await call('POST', '/api/plaid/reset-transactions', token, {});
    expect(res.status).toBe(200);
    expect((await call<Tx[]>('GET', '/api/plaid/transactions', token)).body).toEqual([]);
    const again = await syncReady(token);
    expect(again.transactions.length).toBeGreaterThan(50);
  });

  it('when access tokens are stored, then only ciphertext is in the database and no response carries one', async () => {
    const items = await s.db('plaid_items').select('access_token_enc');
    expect(items.length).toBeGreaterThan(0);
    const plain = items.map((i: { access_token_enc: string }) =>
      decryptSecret(s.config.encryptionKey, i.access_token_enc),
    );
    for (const p of plain) expect(p).toMatch(/^access-/);
    // Not in the app's tables, and not even in the embedded sandbox's (it keeps hashes only).
    const dump = JSON.stringify(await s.dumpAllRows());
    for (const p of plain) {
      expect(dump).not.toContain(p);
      expect(seen.join('\n')).not.toContain(p);
    }
  });

  it('when the user disconnects, then every item is removed at Plaid and no row of theirs is left', async () => {
    const items = await s.db('plaid_items').where('user_id', '>', 0).select('access_token_enc', 'user_id');
    const res = await call('POST', '/api/plaid/disconnect', token, {});
    expect(res.status).toBe(200);
    const me = (await call<{ id: number }>('GET', '/api/auth/me', token)).body.id;
    for (const table of ['plaid_items', 'bank_accounts', 'transactions']) {
      expect(
        await s
          .db(table)
          .where({ user_id: me })
          .count({ n: '*' })
          .then((r) => Number(r[0].n)),
      ).toBe(0);
    }
    const mine = items.filter((i: { user_id: number }) => i.user_id === me);
    for (const i of mine) {
      const access = decryptSecret(s.config.encryptionKey, i.access_token_enc);
      await expect(s.deps.plaid().itemGet({ access_token: access })).rejects.toMatchObject({
        response: { status: 400 },
      });
    }
    expect((await call('GET', '/api/plaid/accounts', token)).body).toEqual([]);
  });
});

describe('bank errors', () => {
  it('when an item needs login again, then fetch answers ITEM_LOGIN_REQUIRED, keeps the data and the cursor, and update mode is offered', async () => {
    const token = await s.register();
    const itemId = await link(token);
    await syncReady(token);
    const row = await s.db('plaid_items').where({ item_id: itemId }).first();
    const access = decryptSecret(s.config.encryptionKey, row.access_token_enc);
    await s.deps.plaid().sandboxItemResetLogin({ access_token: access });
    const before = await s.countRows('transactions');
    s.clock.advance(60_000);
    const res = await call('GET', '/api/plaid/fetch-transactions', token);
    expect(res.status).toBe(409);
    expect(res.body.error_code).toBe('ITEM_LOGIN_REQUIRED');
    expect(res.body.error).toBe('Your bank login has expired. Please reconnect your account.');
    expect(await s.countRows('transactions')).toBe(before);
    const after = await s.db('plaid_items').where({ item_id: itemId }).first();
    expect(after.cursor).toBe(row.cursor);
    const accounts = await call<{ needsReconnect: boolean; itemId: string }[]>(
      'GET',
      '/api/plaid/accounts',
      token,
    );
    expect(accounts.body.every((a) => a.needsReconnect && a.itemId === itemId)).toBe(true);
    const upd = await call<{ mode: string; link_token: string }>(
      'POST',
      '/api/plaid/create_link_token',
      token,
      { itemId },
    );
    expect(upd.status).toBe(200);
    expect(upd.body.mode).toBe('update');
  });

  it('when an item is broken from the start, then it is listed for reconnect and does not block a healthy one', async () => {
    const token = await s.register();
    const broken = await link(token, 'error_ITEM_LOGIN_REQUIRED');
    const accounts = await call<{ id: string; itemId: string; needsReconnect: boolean; type: string }[]>(
      'GET',
      '/api/plaid/accounts',
      token,
    );
    expect(accounts.status).toBe(200);
    expect(accounts.body).toEqual([
      expect.objectContaining({ itemId: broken, needsReconnect: true, type: 'connection' }),
    ]);
    s.clock.advance(60_000);
    expect((await call('GET', '/api/plaid/fetch-transactions', token)).status).toBe(409);

    await link(token);
    const res = await syncReady(token);
    expect(res.transactions.length).toBeGreaterThan(50);
    expect(
      (res as unknown as { items_needing_reconnect: { item_id: string }[] }).items_needing_reconnect,
    ).toEqual([expect.objectContaining({ item_id: broken })]);
    expect((await call('POST', '/api/plaid/disconnect', token, {})).status).toBe(200);
    expect((await call('GET', '/api/plaid/accounts', token)).body).toEqual([]);
  });

  it("when another user's item id is used for update mode, then it answers 404", async () => {
    const a = await s.register();
    const itemId = await link(a);
    const b = await s.register();
    expect((await call('POST', '/api/plaid/create_link_token', b, { itemId })).status).toBe(404);
  });

  it('when the exchange gets a bad public token, then it answers 400 with the spec text and stores nothing', async () => {
    const token = await s.register();
    const before = await s.countRows('plaid_items');
    const res = await call('POST', '/api/plaid/exchange-token', token, {
      public_token: 'public-sandbox-nope',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Failed to exchange public token. Please try again.');
    expect(await s.countRows('plaid_items')).toBe(before);
    for (const body of [
      {},
      { public_token: 7 },
      { public_token: 'x'.repeat(500) },
      // Longer than Plaid takes (found by the fuzzer: it was passed on and came back as a 502).
      { public_token: 'x'.repeat(150) },
      { public_token: 'a', x: 1 },
    ]) {
      expect((await call('POST', '/api/plaid/exchange-token', token, body)).status).toBe(400);
    }
  });

  it('when bank endpoints are called without a token, then they answer 401', async () => {
    for (const [m, p] of [
      ['POST', '/api/plaid/create_link_token'],
      ['GET', '/api/plaid/transactions'],
      ['GET', '/api/plaid/accounts'],
      ['POST', '/api/plaid/disconnect'],
      ['GET', '/api/transactions/manual'],
    ] as const) {
      const res = await s.req(m, p, m === 'POST' ? {} : undefined);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('No authentication token found');
    }
  });

  it('when a user with a linked bank deletes the account, then the item is removed at Plaid and no row is left', async () => {
    const token = await s.register();
    const itemId = await link(token);
    await syncReady(token);
    const row = await s.db('plaid_items').where({ item_id: itemId }).first();
    const access = decryptSecret(s.config.encryptionKey, row.access_token_enc);
    const me = (await call<{ id: number }>('GET', '/api/auth/me', token)).body.id;
    expect((await call('DELETE', '/api/auth/account', token)).status).toBe(200);
    for (const table of await s.tablesWithUserId()) {
      expect(Number((await s.db(table).where({ user_id: me }).count({ n: '*' }))[0].n)).toBe(0);
    }
    await expect(s.deps.plaid().itemGet({ access_token: access })).rejects.toMatchObject({
      response: { status: 400 },
    });
  });
});

describe('a disconnect cut short by a crash', () => {
  /** A user with a synced bank whose disconnect stopped after marking the item (and maybe after Plaid's remove). */
  async function halfDisconnected(removedAtPlaid: boolean) {
    const token = await s.register();
    const itemId = await link(token);
    await syncReady(token);
    const row = await s.db('plaid_items').where({ item_id: itemId }).first();
    await s.db('plaid_items').where({ id: row.id }).update({ removal_started_at: s.clock.now().getTime() });
    const access = decryptSecret(s.config.encryptionKey, row.access_token_enc);
    if (removedAtPlaid) await s.deps.plaid().itemRemove({ access_token: access });
    return { token, itemId, access, rowId: row.id as number };
  }

  it('when Plaid removed the item but the rows stayed, then they are hidden, the next sync finishes the removal, and a new link syncs', async () => {
    const { token, rowId } = await halfDisconnected(true);
    expect((await call('GET', '/api/plaid/accounts', token)).body).toEqual([]);
    expect((await call<Tx[]>('GET', '/api/plaid/transactions', token)).body).toEqual([]);
    const sync = await call('GET', '/api/plaid/fetch-transactions', token);
    expect(sync.status).toBe(404);
    expect(sync.body.error).toBe('No bank account is connected');
    expect(await s.db('plaid_items').where({ id: rowId }).first()).toBeUndefined();
    expect(Number((await s.db('transactions').where({ item_row_id: rowId }).count({ n: '*' }))[0].n)).toBe(0);

    await link(token);
    const again = await syncReady(token);
    expect(again.total_transactions).toBeGreaterThan(0);
  });

  it('when the crash came before Plaid removed the item, then the next bank operation removes it at Plaid too', async () => {
    const { token, access, rowId } = await halfDisconnected(false);
    await link(token);
    expect(await s.db('plaid_items').where({ id: rowId }).first()).toBeUndefined();
    await expect(s.deps.plaid().itemGet({ access_token: access })).rejects.toMatchObject({
      response: { status: 400 },
    });
    expect((await call<{ itemId: string }[]>('GET', '/api/plaid/accounts', token)).status).toBe(200);
  });
});

describe('manual transactions', () => {
  it('when a user adds, lists and deletes manual expenses, then only their own are touched', async () => {
    const a = await s.register();
    const b = await s.register();
    const created = await call<{ id: number; amount: number; category: string; name: string; date: string }>(
      'POST',
      '/api/transactions/manual',
      a,
      { amount: 12.5, category: 'Need', name: 'Groceries', date: '2025-03-01T10:00:00.000Z' },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      amount: 12.5,
      category: 'Need',
      name: 'Groceries',
      budget_category: 'Need',
    });
    const dflt = await call<{ name: string; category: string }>('POST', '/api/transactions/manual', a, {
      amount: 3,
      date: '2025-03-02',
    });
    expect(dflt.status).toBe(201);
    expect(dflt.body).toMatchObject({ name: 'Manual Expense', category: 'Want' });
    expect((await call<unknown[]>('GET', '/api/transactions/manual', a)).body).toHaveLength(2);
    expect((await call<unknown[]>('GET', '/api/transactions/manual', b)).body).toHaveLength(0);
    expect((await call('DELETE', `/api/transactions/manual/${created.body.id}`, b)).status).toBe(404);
    expect((await call('DELETE', '/api/transactions/manual/abc', a)).status).toBe(400);
    expect((await call('DELETE', `/api/transactions/manual/${created.body.id}`, a)).status).toBe(200);
    expect((await call<unknown[]>('GET', '/api/transactions/manual', a)).body).toHaveLength(1);
  });

  it('when the input is bad, then it answers 400 with a clear error and writes nothing', async () => {
    const a = await s.register();
    const before = await s.countRows('manual_transactions');
    const bad: [unknown, RegExp][] = [
      [{ category: 'Want' }, /Amount is required/],
      [{ amount: 0, category: 'Want' }, /greater than 0/],
      [{ amount: -5, category: 'Want' }, /greater than 0/],
      [{ amount: 'NaN', category: 'Want' }, /number/],
      [{ amount: '12', category: 'Want' }, /number/],
      [{ amount: 1.234, category: 'Want' }, /2 decimal/],
      [{ amount: 5, category: 'Luxury' }, /Want, Need or Savings/],
      [{ amount: 5, category: 'Want', name: 'x'.repeat(51) }, /50 characters/],
      [{ amount: 5, category: 'Want', date: 'yesterday' }, /ISO 8601/],
      [{ amount: 5, category: 'Want', hacker: true }, /Unknown field/],
      ['[1,2', /Malformed JSON/],
    ];
    for (const [body, msg] of bad) {
      const res = await call('POST', '/api/transactions/manual', a, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(String(res.body.error)).toMatch(msg);
    }
    expect(await s.countRows('manual_transactions')).toBe(before);
  });
});
