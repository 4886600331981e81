// Bills and subscriptions (issue 28): the server keeps each user's recurring streams (fetched
// through the SDK after every sync and on the webhooks), labels them from the user's own labels,
// and referees the Subscription check-up: the quest pays once a calendar month when every
// subscription is reviewed, and a cancelled stream that misses its predicted date (judged on the
// server's own rows) pays once, with Subscription Slayer once. A stub Plaid (one item per public
// token, its own rows and account) stands in for the bank; webhooks are signed by the local
// sandbox's keys, as in webhooks.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaidApi } from 'plaid';
import { createTestServer, type TestServer } from '../support/server';
import { stubPlaid } from '../support/stub-plaid';
import { openEventStream } from '../support/event-stream';
import { sandboxStore } from '../../server/plaid-sandbox/store';
import { webhookKeys } from '../../server/plaid-sandbox/webhooks';
import { WEBHOOK_PATH, createPlaidClient } from '../../server/services/plaid-client';
import type { BillsView } from '../../src/domain/bills';
import type { ProgressState, RewardNotice } from '../../src/domain/progress-events';

type Row = Record<string, unknown>;
interface Bank {
  account: string;
  rows: Row[];
  /** The recurring call fails (a Plaid 500) while set. */
  recurringFails: boolean;
  recurringCalls: number;
  syncCalls: number;
}

let s: TestServer;
let keys: ReturnType<typeof webhookKeys>;
let real: () => PlaidApi;
const banks = new Map<string, Bank>();
const ok = <T>(data: T) => Promise.resolve({ data });
const bankOf = (accessToken: string) => banks.get(accessToken.replace(/^access-/, ''))!;
const stubOf = (b: Bank) =>
  stubPlaid(0, {
    rows: () => b.rows,
    accounts: [
      {
        account_id: b.account,
        name: 'Checking',
        official_name: null,
        mask: '0000',
        type: 'depository',
        subtype: 'checking',
        balances: { current: 100, available: 90, iso_currency_code: 'USD' },
      },
    ],
  });
const plaidFailure = () =>
  Object.assign(new Error('Request failed with status code 500'), {
    response: {
      status: 500,
      data: { error_type: 'API_ERROR', error_code: 'INTERNAL_SERVER_ERROR', error_message: 'boom' },
    },
  });

const fake = {
  itemPublicTokenExchange: ({ public_token }: { public_token: string }) =>
    ok({ access_token: `access-${public_token}`, item_id: `item-${public_token}`, request_id: 'x' }),
  itemGet: () => ok({ item: { institution_id: 'ins_stub', institution_name: 'Stub Bank' }, request_id: 'g' }),
  accountsGet: ({ access_token }: { access_token: string }) =>
    stubOf(bankOf(access_token)).accountsGet({ access_token }),
  transactionsSync: (req: { access_token: string; cursor?: string }) => {
    const b = bankOf(req.access_token);
    b.syncCalls++;
    return stubOf(b).transactionsSync(req as never);
  },
  transactionsRecurringGet: (req: { access_token: string; account_ids?: string[] }) => {
    const b = bankOf(req.access_token);
    b.recurringCalls++;
    if (b.recurringFails) return Promise.reject(plaidFailure());
    return stubOf(b).transactionsRecurringGet(req as never);
  },
  itemRemove: () => ok({ request_id: 'rm' }),
  webhookVerificationKeyGet: (req: { key_id: string }) => real().webhookVerificationKeyGet(req),
};

beforeAll(async () => {
  s = await createTestServer({
    now: new Date('2025-03-10T12:00:00Z'),
    // Tokens last a year here: the tests move the clock months ahead.
    env: { PLAID_NOT_READY_MS: '0', TOKEN_TTL_HOURS: String(24 * 365) },
    deps: { plaid: () => fake as unknown as PlaidApi },
  });
  real = createPlaidClient(s.config, () => s.url);
  keys = webhookKeys(sandboxStore(s.db), s.config.encryptionKey, s.clock);
});
afterAll(async () => {
  await s?.close();
});

let n = 0;
/** A user's bank rows: Netflix, Spotify, rent and a gym monthly, pay every two weeks, one café visit. */
function bankRows(p: string, account: string): Row[] {
  const row = (id: string, name: string, amount: number, date: string, pending = false): Row => ({
    transaction_id: `${p}-${id}`,
    account_id: account,
    name,
    merchant_name: name,
    amount,
    iso_currency_code: 'USD',
    date,
    category: ['Shops'],
    personal_finance_category: { primary: 'GENERAL_MERCHANDISE', detailed: 'X', confidence_level: 'HIGH' },
    pending,
    pending_transaction_id: null,
  });
  return [
    row('nf1', 'Netflix', 15.99, '2024-12-05'),
    row('nf2', 'Netflix', 15.99, '2025-01-05'),
    row('nf3', 'Netflix', 15.99, '2025-02-05'),
    row('nf4', 'Netflix', 15.99, '2025-03-05'),
    row('sp1', 'Spotify', 9.99, '2024-12-12'),
    row('sp2', 'Spotify', 9.99, '2025-01-12'),
    row('sp3', 'Spotify', 9.99, '2025-02-12'),
    // Not part of the stream (pending): the merchant's label comes from it.
    row('sp-pending', 'Spotify', 9.99, '2024-11-12', true),
    row('rent1', 'Landlord Co', 1200, '2024-12-01'),
    row('rent2', 'Landlord Co', 1200, '2025-01-01'),
    row('rent3', 'Landlord Co', 1200, '2025-02-01'),
    row('rent4', 'Landlord Co', 1200, '2025-03-01'),
    row('gym1', 'FitClub', 40, '2025-01-20'),
    row('gym2', 'FitClub', 40, '2025-02-20'),
    ...['2025-01-03', '2025-01-17', '2025-01-31', '2025-02-14', '2025-02-28'].map((d, i) =>
      row(`pay${i}`, 'Acme Payroll', -2000, d),
    ),
    row('cafe', 'Corner Cafe', 12, '2025-03-02'),
  ];
}

interface User {
  token: string;
  p: string;
  bank: Bank;
}

/** A new user with the stub bank linked and synced once. */
async function linkedUser(opts: { recurringFails?: boolean } = {}): Promise<User> {
  const p = `u${++n}x${Date.now().toString(36)}`;
  const bank: Bank = {
    account: `acc-${p}`,
    rows: bankRows(p, `acc-${p}`),
    recurringFails: opts.recurringFails ?? false,
    recurringCalls: 0,
    syncCalls: 0,
  };
  banks.set(p, bank);
  const token = await s.register();
  const ex = await s.req('POST', '/api/plaid/exchange-token', { public_token: p }, token);
  expect(ex.status).toBe(200);
  const sync = await s.req('GET', '/api/plaid/fetch-transactions', undefined, token);
  expect(sync.status).toBe(200);
  return { token, p, bank };
}

async function label(u: User, labels: Record<string, string>) {
  const res = await s.req(
    'POST',
    '/api/plaid/update-transaction-categories',
    {
      categories: Object.entries(labels).map(([id, budget_category]) => ({
        plaidId: `${u.p}-${id}`,
        budget_category,
      })),
    },
    u.token,
  );
  expect(res.status).toBe(200);
}

/** Netflix and Spotify labelled Want (two subscriptions), rent Need, pay Income, the gym not at all. */
const labelAll = (u: User) =>
  label(u, { nf2: 'Need', nf4: 'Want', 'sp-pending': 'Want', rent4: 'Need', pay4: 'Income' });

const bills = async (token: string) => {
  const res = await s.req<BillsView>('GET', '/api/bills', undefined, token);
  expect(res.status).toBe(200);
  return res.body;
};
const streamId = async (u: User, name: string) =>
  (await bills(u.token)).streams.find((x) => x.name === name)!.id;
type ReviewAnswer = { view: BillsView; reward: RewardNotice; progress: ProgressState };
const review = (token: string, body: unknown) =>
  s.req<ReviewAnswer & { error?: string }>('POST', '/api/bills/reviews', body, token);
const progressOf = async (token: string) =>
  (await s.req<ProgressState>('GET', '/api/progress', undefined, token)).body;
const sync = async (token: string) => {
  const res = await s.req<{ progress: ProgressState }>(
    'GET',
    '/api/plaid/fetch-transactions',
    undefined,
    token,
  );
  expect(res.status).toBe(200);
  return res.body;
};
const at = (iso: string) => s.clock.set(new Date(iso));
const START = '2025-03-10T12:00:00Z';

async function post(body: string) {
  const res = await fetch(`${s.url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'plaid-verification': await keys.sign(body) },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const webhook = (p: string, code: string) =>
  post(
    JSON.stringify({
      webhook_type: 'TRANSACTIONS',
      webhook_code: code,
      item_id: `item-${p}`,
      environment: 'sandbox',
    }),
  );

describe('the server keeps the streams', () => {
  it('when nothing is linked, then GET /api/bills answers 200 with no streams', async () => {
    at(START);
    const token = await s.register();
    expect(await bills(token)).toEqual({
      streams: [],
      updatedAt: null,
      checkup: { due: 0, reviewed: 0, paidThisMonth: false },
    });
  });

  it('when a sync ran, then the streams are stored, outflows by monthly amount then inflows, with the labels', async () => {
    at(START);
    const u = await linkedUser();
    await labelAll(u);
    const view = await bills(u.token);
    expect(view.streams.map((x) => [x.direction, x.name, x.label])).toEqual([
      ['outflow', 'Landlord Co', 'Need'],
      ['outflow', 'FitClub', null],
      ['outflow', 'Netflix', 'Want'], // its newest labelled row says Want (an older one Need)
      ['outflow', 'Spotify', 'Want'], // none of its own rows is labelled: the merchant's label
      ['inflow', 'Acme Payroll', 'Income'],
    ]);
    expect(view.updatedAt).toBe(new Date(START).toISOString());
    const netflix = view.streams.find((x) => x.name === 'Netflix')!;
    expect(netflix).toMatchObject({
      frequency: 'MONTHLY',
      averageAmount: 15.99,
      lastAmount: 15.99,
      firstDate: '2024-12-05',
      lastDate: '2025-03-05',
      predictedNextDate: '2025-04-04',
      status: 'MATURE',
      isActive: true,
      monthly: 15.99,
      review: null,
    });
    expect(view.streams.find((x) => x.name === 'FitClub')!.status).toBe('EARLY_DETECTION');
    expect(view.streams.find((x) => x.name === 'Acme Payroll')).toMatchObject({
      frequency: 'BIWEEKLY',
      averageAmount: 2000,
      monthly: 4333.33,
    });
    expect(view.checkup).toEqual({ due: 2, reviewed: 0, paidThisMonth: false });
    // Only the accounts chosen in Link are asked for.
    expect(u.bank.recurringCalls).toBe(1);
  });

  it('when the labels change, then the stream labels follow them', async () => {
    at(START);
    const u = await linkedUser();
    await label(u, { gym1: 'Want', gym2: 'Need' });
    expect((await bills(u.token)).streams.find((x) => x.name === 'FitClub')!.label).toBe('Need');
    await label(u, { gym2: 'uncategorized' });
    expect((await bills(u.token)).streams.find((x) => x.name === 'FitClub')!.label).toBe('Want');
  });

  it('when a verified webhook says the streams changed, then they alone are fetched again, and after new rows the sync fetches them too; open pages hear it', async () => {
    at(START);
    const u = await linkedUser({ recurringFails: true });
    expect((await bills(u.token)).streams).toEqual([]);
    u.bank.recurringFails = false;
    const stream = await openEventStream(s.url, u.token);
    await expect.poll(() => stream.events).toContain('ready');
    const syncsBefore = u.bank.syncCalls;
    expect(await webhook(u.p, 'RECURRING_TRANSACTIONS_UPDATE')).toMatchObject({
      status: 200,
      body: { outcome: 'streams' },
    });
    await expect.poll(async () => (await bills(u.token)).streams.length, { timeout: 10_000 }).toBe(5);
    await expect.poll(() => stream.events, { timeout: 10_000 }).toContain('bank');
    stream.close();
    // Only the streams were fetched: the rows did not change, so they were not synced.
    expect(u.bank.syncCalls).toBe(syncsBefore);
    // New rows of a new merchant, announced by SYNC_UPDATES_AVAILABLE: a new stream.
    for (const [i, d] of ['2025-01-08', '2025-02-08', '2025-03-08'].entries())
      u.bank.rows.push({
        ...u.bank.rows[0]!,
        transaction_id: `${u.p}-hulu${i}`,
        name: 'Hulu',
        merchant_name: 'Hulu',
        amount: 7.99,
        date: d,
      });
    expect((await webhook(u.p, 'SYNC_UPDATES_AVAILABLE')).status).toBe(200);
    await expect
      .poll(async () => (await bills(u.token)).streams.map((x) => x.name), { timeout: 10_000 })
      .toContain('Hulu');
  });

  it('when the recurring call fails, then the sync still works and the streams stored before stay', async () => {
    at(START);
    const u = await linkedUser({ recurringFails: true });
    const first = await s.req<{ transactions: unknown[] }>(
      'GET',
      '/api/plaid/transactions',
      undefined,
      u.token,
    );
    expect(first.body.transactions ?? first.body).toHaveLength(u.bank.rows.length);
    expect((await bills(u.token)).streams).toEqual([]);
    u.bank.recurringFails = false;
    await sync(u.token);
    const before = (await bills(u.token)).streams;
    expect(before).toHaveLength(5);
    const fetchedAt = (await bills(u.token)).updatedAt;
    u.bank.recurringFails = true;
    s.clock.advance(60_000);
    u.bank.rows.push({
      ...u.bank.rows[0]!,
      transaction_id: `${u.p}-late`,
      name: 'Late Cafe',
      merchant_name: 'Late Cafe',
      date: '2025-03-09',
    });
    const res = await s.req<{ transactions: { name: string }[] }>(
      'GET',
      '/api/plaid/fetch-transactions',
      undefined,
      u.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.transactions.map((t) => t.name)).toContain('Late Cafe');
    expect(await bills(u.token)).toMatchObject({ streams: before, updatedAt: fetchedAt });
    // Fetched again with nothing new: the same streams, fetched later.
    u.bank.recurringFails = false;
    await sync(u.token);
    expect(await bills(u.token)).toMatchObject({
      streams: before,
      updatedAt: new Date(s.clock.now()).toISOString(),
    });
  });

  it('when the user disconnects, then the streams and reviews go; a reset clears the streams too', async () => {
    at(START);
    const u = await linkedUser();
    await labelAll(u);
    expect(
      (await review(u.token, { streamId: await streamId(u, 'Netflix'), decision: 'cancel' })).status,
    ).toBe(200);
    const me = (await s.req<{ id: number }>('GET', '/api/auth/me', undefined, u.token)).body.id;
    expect(await s.db('recurring_streams').where({ user_id: me }).count({ n: '*' })).toEqual([{ n: 5 }]);
    expect((await s.req('POST', '/api/plaid/reset-transactions', {}, u.token)).status).toBe(200);
    expect((await bills(u.token)).streams).toEqual([]);
    expect(Number((await s.db('stream_reviews').where({ user_id: me }).count({ n: '*' }))[0]!.n)).toBe(0);
    await sync(u.token);
    expect((await bills(u.token)).streams).toHaveLength(5);
    await review(u.token, { streamId: await streamId(u, 'Netflix'), decision: 'keep' });
    expect((await s.req('POST', '/api/plaid/disconnect', {}, u.token)).status).toBe(200);
    expect(await bills(u.token)).toMatchObject({ streams: [], checkup: { due: 0, reviewed: 0 } });
    for (const table of ['recurring_streams', 'stream_reviews'])
      expect(Number((await s.db(table).where({ user_id: me }).count({ n: '*' }))[0]!.n), table).toBe(0);
  });
});

describe('the account export', () => {
  it('holds the streams and the reviews, without transaction ids', async () => {
    at(START);
    const u = await linkedUser();
    await labelAll(u);
    await review(u.token, { streamId: await streamId(u, 'Netflix'), decision: 'cancel' });
    const res = await fetch(`${s.url}/api/export/account.json`, {
      headers: { authorization: `Bearer ${u.token}` },
    });
    const doc = (await res.json()) as {
      recurringStreams: { merchant: string; averageAmount: number }[];
      streamReviews: { decision: string; outcome: string }[];
    };
    expect(doc.recurringStreams).toHaveLength(5);
    expect(doc.recurringStreams.find((x) => x.merchant === 'Netflix')!.averageAmount).toBe(15.99);
    expect(doc.streamReviews).toEqual([
      {
        streamId: expect.any(String),
        decision: 'cancel',
        reviewedOn: '2025-03-10',
        outcome: 'waiting',
        paidAt: null,
      },
    ]);
    expect(JSON.stringify(doc.recurringStreams)).not.toContain(`${u.p}-nf1`);
  });
});

describe('reviews are the user’s own and checked', () => {
  it("when another user names someone's stream, then 404 and their streams never appear", async () => {
    at(START);
    const victim = await linkedUser();
    const other = await linkedUser();
    const theirs = await streamId(victim, 'Netflix');
    const res = await review(other.token, { streamId: theirs, decision: 'cancel' });
    expect(res).toMatchObject({ status: 404, body: { error: 'Stream not found' } });
    const mine = (await bills(other.token)).streams.map((x) => x.id);
    const victimIds = (await bills(victim.token)).streams.map((x) => x.id);
    expect(mine.some((id) => victimIds.includes(id))).toBe(false);
    expect((await bills(victim.token)).streams.every((x) => x.review === null)).toBe(true);
  });

  it('when the body is wrong, then 400 with a clear error; an inflow is 409; no token is 401', async () => {
    at(START);
    const u = await linkedUser();
    const id = await streamId(u, 'Netflix');
    const cases: [unknown, string][] = [
      [{ streamId: id, decision: 'pause' }, 'decision must be keep or cancel'],
      [{ streamId: id }, 'decision is required'],
      [{ decision: 'keep' }, 'streamId is required'],
      [{ streamId: 'x'.repeat(129), decision: 'keep' }, 'streamId must be at most 128 characters'],
      [{ streamId: 'a\u0000b', decision: 'keep' }, 'Text must not contain NUL characters or invalid Unicode'],
      [{ streamId: id, decision: 'keep', xp: 500 }, 'Unknown field: xp'],
      [{ streamId: 7, decision: 'keep' }, 'streamId must be text'],
    ];
    for (const [body, error] of cases) {
      const res = await review(u.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toContain(error);
    }
    const pay = await streamId(u, 'Acme Payroll');
    expect(await review(u.token, { streamId: pay, decision: 'cancel' })).toMatchObject({
      status: 409,
      body: { error: 'Only an active bill or subscription can be reviewed' },
    });
    expect((await s.req('GET', '/api/bills')).status).toBe(401);
    expect((await s.req('POST', '/api/bills/reviews', { streamId: id, decision: 'keep' })).status).toBe(401);
    expect(await s.db('stream_reviews').count({ n: '*' }).where({ stream_id: id })).toEqual([{ n: 0 }]);
  });
});

describe('the Subscription check-up', () => {
  it('when every subscription is reviewed, then it pays once this month, and again next month', async () => {
    at(START);
    const u = await linkedUser();
    await labelAll(u);
    const netflix = await streamId(u, 'Netflix');
    const spotify = await streamId(u, 'Spotify');
    const first = await review(u.token, { streamId: netflix, decision: 'keep' });
    expect(first.status).toBe(200);
    expect(first.body.reward).toMatchObject({ xp: 0, lives: 0, text: '' });
    expect(first.body.view.checkup).toEqual({ due: 2, reviewed: 1, paidThisMonth: false });
    expect(first.body.view.streams.find((x) => x.id === netflix)!.review).toEqual({
      decision: 'keep',
      reviewedOn: '2025-03-10',
      outcome: null,
    });
    const xp = first.body.progress.xp;
    // A bill (Need) reviewed does not count toward the check-up.
    await review(u.token, { streamId: await streamId(u, 'Landlord Co'), decision: 'keep' });
    const all = await review(u.token, { streamId: spotify, decision: 'keep' });
    expect(all.body.reward).toMatchObject({ xp: 50, livesOffered: 3 });
    expect(all.body.reward.text).toContain('quest completed');
    expect(all.body.view.checkup).toEqual({ due: 2, reviewed: 2, paidThisMonth: true });
    expect(all.body.progress.xp).toBe(xp + 50);
    expect(all.body.progress.paid?.quests?.['subscription-checkup']).toBe('month:2025-03');
    expect(all.body.progress.quests['subscription-checkup']).toMatchObject({ completed: true });
    // Again the same month: the decision is replaced, nothing more is paid.
    const again = await review(u.token, { streamId: spotify, decision: 'keep' });
    expect(again.body.reward.xp).toBe(0);
    expect(again.body.progress.xp).toBe(xp + 50);
    // A browser cannot complete it.
    const claim = await s.req<{ results: { status: string }[] }>(
      'POST',
      '/api/progress/events',
      {
        events: [
          {
            id: crypto.randomUUID(),
            at: Date.parse(START),
            type: 'quest-complete',
            quest: 'subscription-checkup',
          },
        ],
      },
      u.token,
    );
    expect(claim.body.results[0]!.status).toBe('refused');
    // Next month: the reviews of March do not count; all reviewed again pays again.
    at('2025-04-02T12:00:00Z');
    expect((await bills(u.token)).checkup).toEqual({ due: 2, reviewed: 0, paidThisMonth: false });
    expect((await review(u.token, { streamId: netflix, decision: 'keep' })).body.reward.xp).toBe(0);
    const april = await review(u.token, { streamId: spotify, decision: 'keep' });
    expect(april.body.reward.xp).toBe(50);
    expect(april.body.progress.paid?.quests?.['subscription-checkup']).toBe('month:2025-04');
  });

  it("when a month ends in the user's time zone, then the check-up counts that zone's month", async () => {
    at('2025-03-31T12:00:00Z');
    const u = await linkedUser();
    await labelAll(u);
    // The user signs in from Tokyo: their day is already April 1 at 2025-03-31T20:00Z.
    const me = (await s.req<{ id: number }>('GET', '/api/auth/me', undefined, u.token)).body.id;
    const row = await s.db('progress').where({ user_id: me }).first('state');
    await s
      .db('progress')
      .where({ user_id: me })
      .update({ state: JSON.stringify({ ...JSON.parse(row.state as string), timeZone: 'Asia/Tokyo' }) });
    await review(u.token, { streamId: await streamId(u, 'Netflix'), decision: 'keep' });
    at('2025-03-31T20:00:00Z');
    const view = (await review(u.token, { streamId: await streamId(u, 'Spotify'), decision: 'keep' })).body;
    // Netflix was reviewed in the user's March; April has only Spotify reviewed.
    expect(view.view.checkup).toMatchObject({ due: 2, reviewed: 1, paidThisMonth: false });
    expect(view.view.streams.find((x) => x.name === 'Spotify')!.review!.reviewedOn).toBe('2025-04-01');
  });
});

describe('a cancelled stream that misses its predicted date', () => {
  it('pays +50 XP +1 life once, and Subscription Slayer once; only on data synced after the date', async () => {
    at(START);
    const u = await linkedUser();
    await labelAll(u);
    const spotify = await streamId(u, 'Spotify'); // last 2025-02-12, predicted 2025-03-14
    const cancel = await review(u.token, { streamId: spotify, decision: 'cancel' });
    expect(cancel.body.view.streams.find((x) => x.id === spotify)!.review).toMatchObject({
      decision: 'cancel',
      outcome: 'waiting',
    });
    // Within the grace days: still waiting.
    at('2025-03-17T12:00:00Z');
    await sync(u.token);
    const before = await progressOf(u.token);
    expect(before.achievements).not.toContain('subscription-slayer');
    // Past them, but the bank was last synced on the 17th: nothing proves the charge is gone yet.
    at('2025-03-20T12:00:00Z');
    const waiting = await progressOf(u.token);
    expect(waiting.achievements).not.toContain('subscription-slayer');
    expect((await bills(u.token)).streams.find((x) => x.id === spotify)!.review!.outcome).toBe('waiting');
    // Synced after the date: stopped, paid.
    const synced = (await sync(u.token)).progress;
    expect(synced.achievements).toContain('subscription-slayer');
    expect(synced.xp).toBe(before.xp + 5 + 50 + 100); // the day's refresh, the stream, the achievement
    expect(synced.history.map((h) => h.text).join('\n')).toContain('cancelled subscription stopped');
    expect(synced.history.map((h) => h.text).join('\n')).toContain('Subscription Slayer unlocked');
    expect((await bills(u.token)).streams.find((x) => x.id === spotify)!.review!.outcome).toBe('stopped');
    // Read again, synced again, cancelled again: nothing more.
    await sync(u.token);
    await review(u.token, { streamId: spotify, decision: 'cancel' });
    at('2025-04-30T12:00:00Z');
    await sync(u.token);
    const after = await progressOf(u.token);
    expect(after.achievements.filter((a) => a === 'subscription-slayer')).toHaveLength(1);
    expect(after.history.filter((h) => h.text.includes('cancelled subscription stopped'))).toHaveLength(1);
    // A second stream stopped: its own reward, the achievement not again.
    const netflix = await streamId(u, 'Netflix');
    await review(u.token, { streamId: netflix, decision: 'cancel' }); // last 2025-03-05 (at review)
    at('2025-06-01T12:00:00Z');
    const second = (await sync(u.token)).progress;
    expect(second.xp).toBe(after.xp + 5 + 50);
    expect(second.history.filter((h) => h.text.includes('cancelled subscription stopped'))).toHaveLength(2);
    expect(second.history.filter((h) => h.text.includes('Subscription Slayer'))).toHaveLength(1);
  });

  it('when the stream charges again, then it is marked charged again and pays nothing', async () => {
    at(START);
    const u = await linkedUser();
    await labelAll(u);
    const netflix = await streamId(u, 'Netflix'); // last 2025-03-05, predicted 2025-04-04
    await review(u.token, { streamId: netflix, decision: 'cancel' });
    const before = await progressOf(u.token);
    u.bank.rows.push({ ...u.bank.rows[3]!, transaction_id: `${u.p}-nf5`, date: '2025-04-05' });
    at('2025-04-20T12:00:00Z');
    const synced = (await sync(u.token)).progress;
    expect(synced.achievements).not.toContain('subscription-slayer');
    expect(synced.xp).toBe(before.xp + 5);
    expect((await bills(u.token)).streams.find((x) => x.id === netflix)!.review!.outcome).toBe(
      'charged-again',
    );
    at('2025-06-20T12:00:00Z');
    expect((await progressOf(u.token)).achievements).not.toContain('subscription-slayer');
  });
});
