// The local Plaid sandbox's /transactions/recurring/get and RECURRING_TRANSACTIONS_UPDATE
// (issue 28), driven through the official SDK. Every answer is validated against Plaid's OpenAPI
// description by the harness; webhooks are checked with the app's own signature verifier.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Products,
  SandboxItemFireWebhookRequestWebhookCodeEnum as WebhookCode,
  type Transaction,
  type TransactionStream,
} from 'plaid';
import { startSandbox, type Sandbox } from '../support/plaid-sandbox-harness';
import { validatePlaidSchema } from '../support/plaid-openapi';
import { GROCERS } from '../../server/plaid-sandbox/catalog';
import { GRACE_DAYS } from '../../server/plaid-sandbox/recurring';
import { webhookService } from '../../server/services/webhook-service';
import type { BankService } from '../../server/services/bank-service';
import { silentLogger } from '../../server/lib/logger';

const DAY = 86_400_000;
let sb: Sandbox;

/** Webhooks the sandbox delivered to this test's loopback receiver. */
interface Delivery {
  raw: Buffer;
  body: Record<string, unknown>;
  verification: string | undefined;
}
const deliveries: Delivery[] = [];
let receiver: Server;
let hookUrl = '';

beforeAll(async () => {
  sb = await startSandbox({ now: new Date('2025-03-20T15:00:00Z') });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      deliveries.push({
        raw,
        body: JSON.parse(raw.toString('utf8')) as Record<string, unknown>,
        verification: req.headers['plaid-verification'] as string | undefined,
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => receiver.once('listening', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  await sb?.close();
});

const today = () => sb.clock.now().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(sb.clock.now().getTime() - n * DAY).toISOString().slice(0, 10);
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** The same day of the month a month on (clamped to the month's end). */
function nextMonth(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, last))).toISOString().slice(0, 10);
}

async function linkItem(webhook?: string) {
  const { public_token } = await sb.ok('/sandbox/public_token/create', (p) =>
    p.sandboxPublicTokenCreate({
      institution_id: 'ins_109508',
      initial_products: [Products.Transactions],
      options: webhook ? { webhook } : undefined,
    }),
  );
  const exchanged = await sb.ok('/item/public_token/exchange', (p) =>
    p.itemPublicTokenExchange({ public_token }),
  );
  sb.clock.advance(sb.notReadyMs);
  return exchanged;
}

/** Syncs to the end from `cursor` (from scratch when absent); answers the rows and the new cursor. */
async function syncAll(access_token: string, from?: string) {
  const rows: Transaction[] = [];
  let cursor = from;
  for (;;) {
    const page = await sb.ok('/transactions/sync', (p) =>
      p.transactionsSync({ access_token, cursor, count: 500 }),
    );
    rows.push(...page.added, ...page.modified);
    cursor = page.next_cursor;
    if (!page.has_more) return { rows, cursor };
  }
}

const recurring = (access_token: string, account_ids?: string[]) =>
  sb.ok('/transactions/recurring/get', (p) => p.transactionsRecurringGet({ access_token, account_ids }));

async function create(access_token: string, rows: { date: string; amount: number; description: string }[]) {
  await sb.ok('/sandbox/transactions/create', (p) =>
    p.sandboxTransactionsCreate({
      access_token,
      transactions: rows.map((r) => ({
        date_transacted: r.date,
        date_posted: r.date,
        amount: r.amount,
        description: r.description,
      })),
    }),
  );
}

const byName = (streams: TransactionStream[], name: string) => streams.filter((s) => s.description === name);

describe('when a newly linked Item asks for its recurring streams', () => {
  it('then pay is a BIWEEKLY inflow and rent, power, phone, Netflix, Spotify and the gym MONTHLY outflows, all MATURE', async () => {
    const { access_token } = await linkItem();
    const res = await recurring(access_token);
    expect(res.updated_datetime).toBe(
      sb.clock
        .now()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
    );
    expect(res.personal_finance_category_version).toBe('v1');

    const pay = res.inflow_streams.find((s) => s.personal_finance_category?.detailed === 'INCOME_WAGES');
    expect(pay).toMatchObject({ frequency: 'BIWEEKLY', status: 'MATURE', is_active: true });
    expect(pay!.average_amount.amount).toBeLessThan(0);
    expect(pay!.predicted_next_date).toBe(addDays(pay!.last_date, 14));

    const monthly: [string, RegExp][] = [
      ['rent', /Apartments|Property Management|Lofts/],
      ['power', /City Power/],
      ['phone', /Verizon/],
      ['streaming', /Netflix/],
      ['music', /Spotify/],
      ['gym', /Planet Fitness/],
    ];
    for (const [what, merchant] of monthly) {
      const s = res.outflow_streams.find((x) => merchant.test(x.merchant_name ?? ''));
      expect(s, what).toMatchObject({ frequency: 'MONTHLY', status: 'MATURE', is_active: true });
      expect(s!.average_amount.amount, what).toBeGreaterThan(0);
      expect(s!.transaction_ids.length, what).toBeGreaterThanOrEqual(3);
      expect(s!.predicted_next_date, what).toBe(nextMonth(s!.last_date));
    }
    const netflix = res.outflow_streams.find((x) => x.merchant_name === 'Netflix')!;
    expect(netflix.average_amount).toEqual({
      amount: 15.49,
      iso_currency_code: 'USD',
      unofficial_currency_code: null,
    });
    expect(netflix.last_amount.amount).toBe(15.49);
    const gym = res.outflow_streams.find((x) => x.merchant_name === 'Planet Fitness')!;
    expect(gym.personal_finance_category).toMatchObject({
      primary: 'PERSONAL_CARE',
      detailed: 'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS',
    });

    // Streams are made of the Item's own transactions: amounts, dates and order agree.
    const txs = new Map((await syncAll(access_token)).rows.map((t) => [t.transaction_id, t]));
    for (const s of [...res.inflow_streams, ...res.outflow_streams]) {
      const rows = s.transaction_ids.map((id) => txs.get(id)!);
      expect(rows.every(Boolean), s.description).toBe(true);
      expect(rows.every((t) => t.account_id === s.account_id && !t.pending)).toBe(true);
      expect(rows.map((t) => t.date)).toEqual([...rows.map((t) => t.date)].sort());
      expect(s.first_date).toBe(rows[0].date);
      expect(s.last_date).toBe(rows[rows.length - 1].date);
      expect(s.last_amount.amount).toBe(rows[rows.length - 1].amount);
      // The mean in whole cents.
      const totalCents = rows.reduce((sum, t) => sum + Math.round(t.amount * 100), 0);
      expect(s.average_amount.amount).toBe(Math.round(totalCents / rows.length) / 100);
    }
    // Asked again, the same streams with the same ids.
    const again = await recurring(access_token);
    expect(again.outflow_streams.map((s) => s.stream_id)).toEqual(
      res.outflow_streams.map((s) => s.stream_id),
    );
  });

  it('then account_ids narrows the streams to those accounts, and an unknown account is refused', async () => {
    const { access_token } = await linkItem();
    const { accounts } = await sb.ok('/accounts/get', (p) => p.accountsGet({ access_token }));
    const savings = accounts.find((a) => a.subtype === 'savings')!;
    const res = await recurring(access_token, [savings.account_id]);
    const streams = [...res.inflow_streams, ...res.outflow_streams];
    expect(streams.length).toBeGreaterThan(0);
    expect(streams.every((s) => s.account_id === savings.account_id)).toBe(true);
    // Own-account transfers recur too, named by their category.
    expect(res.inflow_streams.map((s) => s.personal_finance_category?.primary)).toContain('TRANSFER_IN');

    const bad = await sb.fails('/transactions/recurring/get', (p) =>
      p.transactionsRecurringGet({ access_token, account_ids: ['not-an-account'] }),
    );
    expect(bad).toMatchObject({ status: 400, body: { error_code: 'INVALID_ACCOUNT_ID' } });
  });

  it('then a bad access token, a missing one or a malformed option is refused as Plaid refuses it', async () => {
    const unknown = await sb.fails('/transactions/recurring/get', (p) =>
      p.transactionsRecurringGet({ access_token: 'access-sandbox-00000000-0000-0000-0000-000000000000' }),
    );
    expect(unknown).toMatchObject({ status: 400, body: { error_code: 'INVALID_ACCESS_TOKEN' } });
    const missing = await sb.post('/transactions/recurring/get', {}, sb.keys);
    expect(missing).toMatchObject({ status: 400, body: { error_code: 'MISSING_FIELDS' } });
    const { access_token } = await linkItem();
    const malformed = await sb.post(
      '/transactions/recurring/get',
      { access_token, options: { personal_finance_category_version: 'v9' } },
      sb.keys,
    );
    expect(malformed).toMatchObject({ status: 400, body: { error_code: 'INVALID_FIELD' } });
    const noKeys = await sb.post('/transactions/recurring/get', { access_token });
    expect(noKeys).toMatchObject({ status: 400, body: { error_code: 'INVALID_API_KEYS' } });
  });
});

describe('when rows made with /sandbox/transactions/create recur', () => {
  it('then three a week apart are a WEEKLY MATURE stream that predicts the next, and two are EARLY_DETECTION', async () => {
    const { access_token } = await linkItem();
    await create(access_token, [
      { date: daysAgo(14), amount: 12, description: 'Lake Yoga Class' },
      { date: daysAgo(7), amount: 12, description: 'Lake Yoga Class' },
      { date: today(), amount: 12, description: 'Lake Yoga Class' },
      { date: daysAgo(9), amount: 9.5, description: 'Corner Bakery Box' },
      { date: daysAgo(2), amount: 9.5, description: 'Corner Bakery Box' },
    ]);
    const res = await recurring(access_token);
    const [yoga] = byName(res.outflow_streams, 'Lake Yoga Class');
    expect(yoga).toMatchObject({
      frequency: 'WEEKLY',
      status: 'MATURE',
      is_active: true,
      first_date: daysAgo(14),
      last_date: today(),
      predicted_next_date: addDays(today(), 7),
      average_amount: { amount: 12, iso_currency_code: 'USD' },
      last_amount: { amount: 12 },
      merchant_name: null,
    });
    expect(yoga.transaction_ids).toHaveLength(3);
    expect(byName(res.outflow_streams, 'Corner Bakery Box')[0]).toMatchObject({
      frequency: 'WEEKLY',
      status: 'EARLY_DETECTION',
      is_active: true,
      predicted_next_date: addDays(daysAgo(2), 7),
    });
  });

  it('then pay two weeks apart is a BIWEEKLY inflow on the depository account', async () => {
    const { access_token } = await linkItem();
    await create(access_token, [
      { date: daysAgo(14), amount: -640, description: 'Side Gig Payroll' },
      { date: today(), amount: -655, description: 'Side Gig Payroll' },
    ]);
    const [gig] = byName((await recurring(access_token)).inflow_streams, 'Side Gig Payroll');
    expect(gig).toMatchObject({
      frequency: 'BIWEEKLY',
      status: 'EARLY_DETECTION',
      average_amount: { amount: -647.5 },
      last_amount: { amount: -655 },
      predicted_next_date: addDays(today(), 14),
      personal_finance_category: { primary: 'INCOME', detailed: 'INCOME_WAGES' },
    });
  });

  it('then grocery runs on uneven days with uneven amounts make no stream', async () => {
    const { access_token } = await linkItem();
    const shop = GROCERS[0].name;
    await create(access_token, [
      { date: daysAgo(13), amount: 23.1, description: shop },
      { date: daysAgo(11), amount: 88.4, description: shop },
      { date: daysAgo(6), amount: 41.75, description: shop },
      { date: daysAgo(5), amount: 132.2, description: shop },
      { date: daysAgo(1), amount: 57.3, description: shop },
    ]);
    const res = await recurring(access_token);
    expect(byName([...res.inflow_streams, ...res.outflow_streams], shop)).toEqual([]);
  });

  it('then a stream whose rows stop is TOMBSTONED and inactive once its predicted date is past the grace period', async () => {
    const { access_token } = await linkItem();
    await create(
      access_token,
      [0, 7, 14].map((d) => ({ date: daysAgo(d), amount: 30, description: 'Meal Kit Box' })),
    );
    const [before] = byName((await recurring(access_token)).outflow_streams, 'Meal Kit Box');
    expect(before).toMatchObject({ status: 'MATURE', is_active: true });
    const predicted = before.predicted_next_date!;
    const startOfPredicted = Date.parse(`${predicted}T00:00:00Z`);

    // The sandbox's clock reaches the last day of the grace period: still expected.
    sb.clock.set(new Date(startOfPredicted + GRACE_DAYS.WEEKLY * DAY + 12 * 3_600_000));
    const [waiting] = byName((await recurring(access_token)).outflow_streams, 'Meal Kit Box');
    expect(waiting).toMatchObject({ status: 'MATURE', is_active: true, stream_id: before.stream_id });

    // A day later with no new row: stopped.
    sb.clock.advance(DAY);
    const res = await recurring(access_token);
    const [stopped] = byName(res.outflow_streams, 'Meal Kit Box');
    expect(stopped).toMatchObject({
      stream_id: before.stream_id,
      status: 'TOMBSTONED',
      is_active: false,
      predicted_next_date: predicted,
      transaction_ids: before.transaction_ids,
    });
    // The demo data's own bills keep coming as the clock moves: they stay active.
    const netflix = res.outflow_streams.find((s) => s.merchant_name === 'Netflix');
    expect(netflix).toMatchObject({ status: 'MATURE', is_active: true });
  });
});

describe('when the streams change, the sandbox posts RECURRING_TRANSACTIONS_UPDATE', () => {
  const verifier = () =>
    webhookService({ plaid: () => sb.sdk(), clock: sb.clock, logger: silentLogger }, {} as BankService);
  const recurringFor = (itemId: string) =>
    deliveries.filter(
      (d) => d.body.item_id === itemId && d.body.webhook_code === 'RECURRING_TRANSACTIONS_UPDATE',
    );
  const syncsFor = (itemId: string) =>
    deliveries.filter((d) => d.body.item_id === itemId && d.body.webhook_code === 'SYNC_UPDATES_AVAILABLE');

  it('then after rows that make a stream it arrives signed, naming the account, and the app verifies it', async () => {
    const { access_token, item_id } = await linkItem(hookUrl);
    const { accounts } = await sb.ok('/accounts/get', (p) => p.accountsGet({ access_token }));
    await create(access_token, [
      { date: daysAgo(14), amount: 18, description: 'Pottery Studio' },
      { date: daysAgo(7), amount: 18, description: 'Pottery Studio' },
    ]);
    await expect.poll(() => recurringFor(item_id).length, { timeout: 5_000 }).toBe(1);
    await expect.poll(() => syncsFor(item_id).length, { timeout: 5_000 }).toBe(1);
    const [hook] = recurringFor(item_id);
    expect(hook.body).toEqual({
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'RECURRING_TRANSACTIONS_UPDATE',
      item_id,
      account_ids: [accounts.find((a) => a.type === 'depository')!.account_id],
      environment: 'sandbox',
    });
    expect(validatePlaidSchema('RecurringTransactionsUpdateWebhook', hook.body)).toEqual([]);
    expect(await verifier().verify(hook.raw, hook.verification)).toEqual({ ok: true });
    // The same body under another signature, or changed, is refused by the same check.
    expect((await verifier().verify(Buffer.from(`${hook.raw.toString()} `), hook.verification)).ok).toBe(
      false,
    );

    // A one-off row changes no stream: only SYNC_UPDATES_AVAILABLE.
    await create(access_token, [{ date: today(), amount: 23, description: 'Museum Ticket' }]);
    await expect.poll(() => syncsFor(item_id).length, { timeout: 5_000 }).toBe(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(recurringFor(item_id)).toHaveLength(1);

    // The stream's third row changes it (now MATURE): announced again.
    await create(access_token, [{ date: today(), amount: 18, description: 'Pottery Studio' }]);
    await expect.poll(() => recurringFor(item_id).length, { timeout: 5_000 }).toBe(2);
  });

  it('then the first sync announces the streams it brings, and a sync with nothing new does not', async () => {
    const { access_token, item_id } = await linkItem(hookUrl);
    const first = await syncAll(access_token);
    await expect.poll(() => recurringFor(item_id).length, { timeout: 5_000 }).toBe(1);
    const res = await recurring(access_token);
    const withStreams = [
      ...new Set([...res.inflow_streams, ...res.outflow_streams].map((s) => s.account_id)),
    ].sort();
    expect(recurringFor(item_id)[0].body.account_ids).toEqual(withStreams);
    // The next sync moves the data version (pending rows post, a late one arrives): the streams
    // may or may not change with it. After that, a sync with nothing new announces nothing.
    const second = await syncAll(access_token, first.cursor);
    await new Promise((r) => setTimeout(r, 200));
    const count = recurringFor(item_id).length;
    await syncAll(access_token, second.cursor);
    await new Promise((r) => setTimeout(r, 200));
    expect(recurringFor(item_id)).toHaveLength(count);
    // A month later the bills have new rows that join their streams: announced.
    sb.clock.advance(31 * DAY);
    await syncAll(access_token, second.cursor);
    await expect.poll(() => recurringFor(item_id).length, { timeout: 5_000 }).toBe(count + 1);
  });

  it('then /sandbox/item/fire_webhook sends it on demand for every account', async () => {
    const { access_token, item_id } = await linkItem(hookUrl);
    const { accounts } = await sb.ok('/accounts/get', (p) => p.accountsGet({ access_token }));
    const fired = await sb.ok('/sandbox/item/fire_webhook', (p) =>
      p.sandboxItemFireWebhook({
        access_token,
        webhook_code: WebhookCode.RecurringTransactionsUpdate,
      }),
    );
    expect(fired.webhook_fired).toBe(true);
    await expect.poll(() => recurringFor(item_id).length, { timeout: 5_000 }).toBe(1);
    expect(recurringFor(item_id)[0].body.account_ids).toEqual(accounts.map((a) => a.account_id));
  });
});
