// Relabelling bank transactions (issue 12) through update-transaction-categories: labels are
// checked once by the schema, ids are scoped to the user, a transaction a sync removed answers
// 404, and no bad request changes any row. Runs on SQLite and, with DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Products } from 'plaid';
import { createTestServer, type TestServer } from '../support/server';

interface Tx {
  plaidId: string;
  budget_category: string | null;
}
interface UpdateReply {
  updatedCount?: number;
  errors?: { plaidId: string; error: string }[];
  error?: string;
}
const PATH = '/api/plaid/update-transaction-categories';

let s: TestServer;
let token: string;
let other: string;

async function linkAndSync(userToken: string): Promise<Tx[]> {
  const pub = await s.deps.plaid().sandboxPublicTokenCreate({
    institution_id: 'ins_109508',
    initial_products: [Products.Transactions],
    options: { override_username: 'user_good', override_password: 'pass_good' },
  });
  const ex = await s.req(
    'POST',
    '/api/plaid/exchange-token',
    { public_token: pub.data.public_token },
    userToken,
  );
  expect(ex.status).toBe(200);
  return sync(userToken);
}
async function sync(userToken: string): Promise<Tx[]> {
  s.clock.advance(60_000);
  const res = await s.req<{ transactions: Tx[] }>(
    'GET',
    '/api/plaid/fetch-transactions',
    undefined,
    userToken,
  );
  expect(res.status).toBe(200);
  return res.body.transactions;
}
const list = async (userToken: string) =>
  (await s.req<Tx[]>('GET', '/api/plaid/transactions', undefined, userToken)).body;
const labelsOf = (txs: Tx[]) => Object.fromEntries(txs.map((t) => [t.plaidId, t.budget_category]));
const update = (body: unknown, userToken = token) => s.req<UpdateReply>('POST', PATH, body, userToken);

beforeAll(async () => {
  s = await createTestServer({ env: { PLAID_NOT_READY_MS: '0' } });
  token = await s.register();
  other = await s.register();
  await linkAndSync(token);
  await linkAndSync(other);
});
afterAll(async () => {
  await s.close();
});

describe('update-transaction-categories', () => {
  it('when five rows are labelled at once and one is cleared, then exactly those rows change', async () => {
    const before = await list(token);
    const five = before.slice(0, 5).map((t) => t.plaidId);
    const res = await update({ categories: five.map((plaidId) => ({ plaidId, budget_category: 'Want' })) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updatedCount: 5, errors: [] });
    const cleared = await update({ categories: [{ plaidId: five[0], budget_category: 'uncategorized' }] });
    expect(cleared.body).toEqual({ updatedCount: 1, errors: [] });

    const after = labelsOf(await list(token));
    const expected = { ...labelsOf(before), ...Object.fromEntries(five.map((id) => [id, 'Want'])) };
    expected[five[0]] = null;
    expect(after).toEqual(expected);
  });

  it('when a label is not Need, Want, Savings, Income or uncategorized, then it answers 400 and changes nothing', async () => {
    const before = labelsOf(await list(token));
    const [a, b] = Object.keys(before);
    for (const label of ['Luxury', 'need', '', 'Uncategorized ', 5, null]) {
      const res = await update({
        categories: [
          { plaidId: a, budget_category: 'Savings' },
          { plaidId: b, budget_category: label },
        ],
      });
      expect(res.status, String(label)).toBe(400);
      expect(res.body.error).toBe(
        'budget_category must be one of Need, Want, Savings, Income or uncategorized',
      );
    }
    expect(labelsOf(await list(token))).toEqual(before);
  });

  it('when the ids are another user\u2019s, then it answers 404 and neither user\u2019s rows change', async () => {
    const mine = labelsOf(await list(token));
    const theirs = await list(other);
    const res = await update({
      categories: theirs.slice(0, 3).map((t) => ({ plaidId: t.plaidId, budget_category: 'Income' })),
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('None of these transactions was found');
    expect(res.body.errors?.map((e) => e.plaidId).sort()).toEqual(
      theirs
        .slice(0, 3)
        .map((t) => t.plaidId)
        .sort(),
    );
    expect(labelsOf(await list(other))).toEqual(labelsOf(theirs));
    expect(labelsOf(await list(token))).toEqual(mine);
  });

  it('when a sync has just removed the transaction, then relabelling it answers 404 and no other row changes', async () => {
    const first = await list(token);
    const second = await sync(token);
    const kept = new Set(second.map((t) => t.plaidId));
    const removed = first.find((t) => !kept.has(t.plaidId));
    expect(removed, 'the sandbox removes a transaction on the next sync').toBeTruthy();

    const res = await update({ categories: [{ plaidId: removed!.plaidId, budget_category: 'Need' }] });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: 'Transaction not found',
      updatedCount: 0,
      errors: [{ plaidId: removed!.plaidId, error: 'Transaction not found' }],
    });
    expect(labelsOf(await list(token))).toEqual(labelsOf(second));

    // Mixed with a row that still exists, the existing one is saved and the gone one listed.
    const alive = second[0].plaidId;
    const mixed = await update({
      categories: [
        { plaidId: removed!.plaidId, budget_category: 'Need' },
        { plaidId: alive, budget_category: 'Savings' },
      ],
    });
    expect(mixed.status).toBe(200);
    expect(mixed.body).toEqual({
      updatedCount: 1,
      errors: [{ plaidId: removed!.plaidId, error: 'Transaction not found' }],
    });
    expect(labelsOf(await list(token))[alive]).toBe('Savings');
  });

  it('when the list is too long, an id is empty or too long, or text holds a NUL byte, then it answers 400', async () => {
    const before = labelsOf(await list(token));
    const id = Object.keys(before)[0];
    const tooMany = Array.from({ length: 10_001 }, () => ({ plaidId: id, budget_category: 'Need' }));
    const cases: [unknown, RegExp][] = [
      [{ categories: tooMany }, /At most 10000 categories/],
      [{ categories: [{ plaidId: '', budget_category: 'Need' }] }, /plaidId must not be empty/],
      [{ categories: [{ plaidId: 'x'.repeat(101), budget_category: 'Need' }] }, /plaidId is too long/],
      [{ categories: [{ plaidId: `${id}\u0000`, budget_category: 'Need' }] }, /NUL/],
      [{ categories: [{ plaidId: id, budget_category: 'Need\u0000' }] }, /NUL/],
      [{ categories: [{ plaidId: id, budget_category: 'Need', extra: true }] }, /Unknown field/],
      [{ categories: { plaidId: id, budget_category: 'Need' } }, /categories must be a list/],
    ];
    for (const [body, message] of cases) {
      const res = await update(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect(labelsOf(await list(token))).toEqual(before);
  });

  it('when no token is sent, then it answers 401', async () => {
    const res = await s.req<UpdateReply>('POST', PATH, { categories: [] });
    expect(res.status).toBe(401);
  });
});
