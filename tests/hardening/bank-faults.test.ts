// Part 6 of the hardening suite: bank faults. The local sandbox is told to fail through its own
// `/sandbox/item/set_fault` (server/plaid-sandbox/faults.ts): an HTTP 500, a timeout, PRODUCT_NOT_READY,
// TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION on a later page, ITEM_LOGIN_REQUIRED. Each time the
// app answers with the spec's texts, keeps the last good transactions and cursor, and a later
// sync ends with exactly the bank's transactions: none lost, none twice.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlaidApi } from 'plaid';
import { decryptSecret } from '../../server/lib/crypto';
import { linkSandboxItem, type TestServer } from '../support/server';
import { startApp } from '../support/hardening/app';

let s: TestServer;
let plaid: PlaidApi;
beforeEach(async () => {
  // A short bank timeout, so the timeout fault is seen in a second and a half.
  s = await startApp({ env: { PLAID_TIMEOUT_MS: '1500' } });
  plaid = s.deps.plaid();
});
afterEach(async () => s?.close());

interface Linked {
  token: string;
  itemId: string;
  access: string;
}

async function linked(): Promise<Linked> {
  const token = await s.register();
  const itemId = await linkSandboxItem(s, token);
  const row = (await s.db('plaid_items').where({ item_id: itemId }).first()) as {
    access_token_enc: string;
  };
  return {
    token,
    itemId,
    access: decryptSecret(s.config.encryptionKey, row.access_token_enc),
  };
}

const sync = (b: Linked) => s.req('GET', '/api/plaid/fetch-transactions', undefined, b.token);
const arm = (b: Linked, fault: string | null, count = 1) =>
  s.req('POST', '/plaid-sandbox/sandbox/item/set_fault', {
    client_id: s.config.plaid.sandbox!.clientId,
    secret: s.config.plaid.sandbox!.secret,
    access_token: b.access,
    fault,
    count,
  });

/** The bank's own list now: a fresh sync from the start, straight from the sandbox. */
async function bankIds(b: Linked): Promise<string[]> {
  const ids = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const { data } = await plaid.transactionsSync({ access_token: b.access, cursor, count: 500 });
    for (const t of [...data.added, ...data.modified]) ids.add(t.transaction_id);
    for (const t of data.removed) ids.delete(t.transaction_id!);
    cursor = data.next_cursor;
    if (!data.has_more) return [...ids].sort();
  }
}

/** What the app keeps for the item: its transactions' bank ids (with repeats, if any) and cursor. */
async function kept(b: Linked) {
  const item = (await s.db('plaid_items').where({ item_id: b.itemId }).first()) as {
    id: number;
    cursor: string | null;
  };
  const ids = (await s.db('transactions').where({ item_row_id: item.id }).pluck('plaid_id')) as string[];
  return { ids: ids.sort(), cursor: item.cursor };
}

/** Adds bank transactions dated today, so the next sync has something new to bring. */
async function addAtBank(b: Linked, n: number, label: string) {
  const day = s.clock.now().toISOString().slice(0, 10);
  for (let i = 0; i < n; i += 10)
    await plaid.sandboxTransactionsCreate({
      access_token: b.access,
      transactions: Array.from({ length: Math.min(10, n - i) }, (_, j) => ({
        date_transacted: day,
        date_posted: day,
        amount: 1 + ((i + j) % 50),
        description: `${label} ${i + j}`,
      })),
    });
}

/** How many of the item's stored transactions came from addAtBank with this label. */
async function named(b: Linked, label: string): Promise<number> {
  const item = (await s.db('plaid_items').where({ item_id: b.itemId }).first()) as { id: number };
  const rows = await s
    .db('transactions')
    .where({ item_row_id: item.id })
    .where('name', 'like', `${label} %`)
    .count({ n: '*' });
  return Number(rows[0]!.n);
}

async function expectComplete(b: Linked) {
  const k = await kept(b);
  expect(new Set(k.ids).size, 'a transaction stored twice').toBe(k.ids.length);
  expect(k.ids).toEqual(await bankIds(b));
}

describe('bank faults', () => {
  it('when the bank answers 500, times out or is not ready, then the spec texts come back, data and cursor stay, and the next sync brings exactly the bank transactions', async () => {
    const b = await linked();
    expect((await sync(b)).status).toBe(200);
    await expectComplete(b);
    const cases = [
      {
        fault: 'INTERNAL_SERVER_ERROR',
        status: 502,
        body: {
          error: 'Failed to fetch transactions',
          details: 'Something went wrong. Please try again later.',
        },
      },
      {
        fault: 'TIMEOUT',
        status: 502,
        body: { error: 'Failed to fetch transactions', details: 'The bank service did not answer in time.' },
      },
      {
        fault: 'PRODUCT_NOT_READY',
        status: 503,
        body: {
          error: 'Your bank data is not yet ready. Please try again in a moment.',
          details: 'Transactions are not yet ready. Please try again in a moment.',
          error_code: 'PRODUCT_NOT_READY',
        },
      },
    ];
    for (const c of cases) {
      await addAtBank(b, 3, c.fault);
      const before = await kept(b);
      expect((await arm(b, c.fault)).status).toBe(200);
      const res = await sync(b);
      expect(res.status, c.fault).toBe(c.status);
      expect(res.body, c.fault).toMatchObject(c.body);
      expect(await kept(b), `${c.fault} changed the stored data`).toEqual(before);
      const again = await sync(b);
      expect(again.status, `the sync after ${c.fault}`).toBe(200);
      await expectComplete(b);
      expect(await named(b, c.fault)).toBe(3);
    }
  });

  it('when an update after a complete sync is interrupted by a mutation, then it resumes from the saved cursor and its removals still arrive', async () => {
    const b = await linked();
    expect((await sync(b)).status).toBe(200);
    await expectComplete(b);
    // The next update: the bank posts its pending transactions (removing the pending rows) and
    // removes one, behind 500 new ones, so the removals are on the second page. Restarted from
    // the saved cursor they still arrive; restarted from nothing, the removed rows would stay.
    await addAtBank(b, 500, 'Tea');
    expect((await arm(b, 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION', 1)).status).toBe(200);
    expect((await sync(b)).status).toBe(200);
    await expectComplete(b);
    expect(await named(b, 'Tea')).toBe(500);
    const pending = await s.db('transactions').where({ pending: true }).count({ n: '*' });
    expect(Number(pending[0]!.n), 'pending rows left beside their posted versions').toBe(0);
  });

  it('when the bank data changes during pagination, then the sync restarts from the last saved cursor and ends complete; a bank that keeps changing gets a clear 409', async () => {
    const b = await linked();
    // More than one page (500) of news for the first sync.
    await addAtBank(b, 400, 'Coffee');
    const first = await bankIds(b);
    expect(first.length).toBeGreaterThan(500);
    expect((await arm(b, 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION', 1)).status).toBe(200);
    expect((await sync(b)).status).toBe(200);
    await expectComplete(b);

    // Again mid-way through a long update (the whole history after a reset), on every later page.
    await s.req('POST', '/api/plaid/reset-transactions', {}, b.token);
    expect((await arm(b, 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION', 50)).status).toBe(200);
    const res = await sync(b);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Your bank data changed while syncing. Please try again.');
    // What was committed page by page agrees with the cursor kept: nothing twice.
    const partial = await kept(b);
    expect(new Set(partial.ids).size).toBe(partial.ids.length);
    expect(partial.ids.length).toBeGreaterThan(0);
    expect((await arm(b, null)).status).toBe(200);
    expect((await sync(b)).status).toBe(200);
    await expectComplete(b);
  });

  it('when the bank login expires, then the spec text asks to reconnect, data and cursor stay, and after update mode the sync recovers', async () => {
    const b = await linked();
    expect((await sync(b)).status).toBe(200);
    await addAtBank(b, 4, 'Groceries');
    const before = await kept(b);
    expect((await arm(b, 'ITEM_LOGIN_REQUIRED')).status).toBe(200);
    const res = await sync(b);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'Your bank login has expired. Please reconnect your account.',
      error_code: 'ITEM_LOGIN_REQUIRED',
    });
    expect(await kept(b)).toEqual(before);
    expect((await sync(b)).status).toBe(409);

    // Link's update mode, as the browser walks it: a link token for the item, the bank login.
    const upd = await s.req<{ link_token: string; mode: string }>(
      'POST',
      '/api/plaid/create_link_token',
      { itemId: b.itemId },
      b.token,
    );
    expect(upd.body.mode).toBe('update');
    const link = { link_token: upd.body.link_token };
    expect((await s.req('POST', '/plaid-sandbox/link/open', link)).status).toBe(200);
    const session = await s.req('POST', '/plaid-sandbox/link/session', {
      ...link,
      institution_id: 'ins_109508',
      username: 'user_good',
      password: 'pass_good',
    });
    expect(session.status).toBe(200);
    expect((await s.req('POST', '/api/plaid/item-reconnected', { itemId: b.itemId }, b.token)).status).toBe(
      200,
    );
    expect((await sync(b)).status).toBe(200);
    await expectComplete(b);
    expect(await named(b, 'Groceries')).toBe(4);
  });

  it('when a fault is armed for one item, then no other item or user sees it, and a bad arming is refused in Plaid form', async () => {
    const a = await linked();
    const other = await linked();
    expect((await arm(a, 'INTERNAL_SERVER_ERROR', 5)).status).toBe(200);
    expect((await sync(other)).status).toBe(200);
    expect((await sync(a)).status).toBe(502);
    for (const bad of [{ fault: 'NOPE' }, { count: 0 }, { count: 51 }, { count: 1.5 }]) {
      const res = await s.req('POST', '/plaid-sandbox/sandbox/item/set_fault', {
        client_id: s.config.plaid.sandbox!.clientId,
        secret: s.config.plaid.sandbox!.secret,
        access_token: a.access,
        fault: 'TIMEOUT',
        ...bad,
      });
      expect(res.status).toBe(400);
      expect(res.body.error_code).toBe('INVALID_FIELD');
    }
    const wrongKeys = await s.req('POST', '/plaid-sandbox/sandbox/item/set_fault', {
      client_id: 'x'.repeat(24),
      secret: 'y'.repeat(30),
      access_token: a.access,
      fault: 'TIMEOUT',
    });
    expect(wrongKeys.body.error_code).toBe('INVALID_API_KEYS');
  });
});
