// The local Plaid sandbox, driven through the official `plaid` SDK as the app drives it. Every
// response is validated against Plaid's OpenAPI description by the harness.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Products, type PlaidApi, type RemovedTransaction, type Transaction } from 'plaid';
import { generateAccounts, generateTransactions } from '../../server/plaid-sandbox/data';
import { linkTokenRequest, startSandbox, type Sandbox } from '../support/plaid-sandbox-harness';
import { createTestServer } from '../support/server';
import { validatePlaidResponse, validatePlaidSchema } from '../support/plaid-openapi';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let sb: Sandbox;

beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb?.close();
});

/** A linked Item the way tests usually want it: exchanged, and optionally past PRODUCT_NOT_READY. */
async function linkItem(opts: { password?: string; ready?: boolean } = {}) {
  const { public_token } = await sb.ok('/sandbox/public_token/create', (p) =>
    p.sandboxPublicTokenCreate({
      institution_id: 'ins_109508',
      initial_products: [Products.Transactions],
      options: opts.password
        ? { override_username: 'user_good', override_password: opts.password }
        : undefined,
    }),
  );
  const exchanged = await sb.ok('/item/public_token/exchange', (p) =>
    p.itemPublicTokenExchange({ public_token }),
  );
  if (opts.ready !== false) sb.clock.advance(sb.notReadyMs);
  return exchanged;
}

interface Synced {
  added: Transaction[];
  modified: Transaction[];
  removed: RemovedTransaction[];
  cursor: string;
  pages: number;
}

async function syncAll(access_token: string, cursor?: string, count?: number): Promise<Synced> {
  const out: Synced = { added: [], modified: [], removed: [], cursor: cursor ?? '', pages: 0 };
  for (;;) {
    const page = await sb.ok('/transactions/sync', (p) =>
      p.transactionsSync({ access_token, cursor: out.cursor || undefined, count }),
    );
    if (count)
      expect(page.added.length + page.modified.length + page.removed.length).toBeLessThanOrEqual(count);
    out.added.push(...page.added);
    out.modified.push(...page.modified);
    out.removed.push(...page.removed);
    out.cursor = page.next_cursor;
    out.pages++;
    if (!page.has_more) return out;
  }
}

describe('when the request itself is wrong', () => {
  it('then missing keys answer INVALID_API_KEYS', async () => {
    sb.useSdk(sb.sdk({}));
    try {
      const f = await sb.fails('/link/token/create', (p) => p.linkTokenCreate(linkTokenRequest()));
      expect(f.status).toBe(400);
      expect(f.body).toMatchObject({
        error_type: 'INVALID_INPUT',
        error_code: 'INVALID_API_KEYS',
        display_message: null,
      });
      expect(f.body.request_id).toMatch(/^[0-9A-Za-z]{15}$/);
    } finally {
      sb.useSdk(sb.sdk());
    }
  });

  it("then the sandbox's keys are accepted in the body instead of headers", async () => {
    const keys = { client_id: sb.keys['PLAID-CLIENT-ID'], secret: sb.keys['PLAID-SECRET'] };
    const res = await sb.post('/link/token/create', { ...keys, ...linkTokenRequest() });
    expect(res.status).toBe(200);
    expect(res.body.link_token).toMatch(/^link-sandbox-/);
  });

  it('then absent required fields are listed in MISSING_FIELDS', async () => {
    const f = await sb.fails('/link/token/create', (p) =>
      p.linkTokenCreate({ products: [Products.Transactions] } as never),
    );
    expect(f.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'MISSING_FIELDS' });
    for (const field of ['client_name', 'language', 'country_codes', 'user'])
      expect(f.body.error_message).toContain(field);
  });

  it('then a wrong type or range answers INVALID_FIELD', async () => {
    const { access_token } = await linkItem();
    const tooMany = await sb.fails('/transactions/sync', (p) =>
      p.transactionsSync({ access_token, count: 501 }),
    );
    expect(tooMany.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
    expect(tooMany.body.error_message).toContain('count');
    const wrongType = await sb.fails('/transactions/sync', (p) =>
      p.transactionsSync({ access_token, count: 'ten' as unknown as number }),
    );
    expect(wrongType.body.error_code).toBe('INVALID_FIELD');
    const badCursor = await sb.fails('/transactions/sync', (p) =>
      p.transactionsSync({ access_token, cursor: 'nope' }),
    );
    expect(badCursor.body.error_code).toBe('INVALID_FIELD');
  });

  it("then malformed JSON answers INVALID_BODY and unknown paths NOT_FOUND, in Plaid's envelope", async () => {
    const bad = await sb.post('/transactions/sync', '{"access_token": ', {
      'PLAID-CLIENT-ID': 'a',
      'PLAID-SECRET': 'b',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_BODY' });
    const missing = await sb.post('/transactions/nothing', {});
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'NOT_FOUND' });
  });
});

describe('when an Item is linked', () => {
  it("then a link token has Plaid's format and expires after 4 hours", async () => {
    const res = await sb.ok('/link/token/create', (p) => p.linkTokenCreate(linkTokenRequest()));
    expect(res.link_token).toMatch(/^link-sandbox-[0-9a-f-]{36}$/);
    // Plaid's timestamps have whole seconds.
    const ttl = Date.parse(res.expiration) - sb.clock.now().getTime();
    expect(ttl).toBeGreaterThan(4 * HOUR - 1000);
    expect(ttl).toBeLessThanOrEqual(4 * HOUR);
    expect((await sb.post('/link/open', { link_token: res.link_token })).status).toBe(200);
    sb.clock.advance(4 * HOUR);
    const expired = await sb.post('/link/open', { link_token: res.link_token });
    expect(expired.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_LINK_TOKEN' });
    const unknown = await sb.post('/link/open', {
      link_token: 'link-sandbox-00000000-0000-0000-0000-000000000000',
    });
    expect(unknown.body).toMatchObject({ error_code: 'INVALID_LINK_TOKEN' });
  });

  it('then the public token exchanges once for an access token and an item_id', async () => {
    const { public_token } = await sb.ok('/sandbox/public_token/create', (p) =>
      p.sandboxPublicTokenCreate({ institution_id: 'ins_109511', initial_products: [Products.Transactions] }),
    );
    expect(public_token).toMatch(/^public-sandbox-/);
    const ex = await sb.ok('/item/public_token/exchange', (p) => p.itemPublicTokenExchange({ public_token }));
    expect(ex.access_token).toMatch(/^access-sandbox-/);
    expect(ex.item_id).toMatch(/^[0-9A-Za-z]{37}$/);
    const again = await sb.fails('/item/public_token/exchange', (p) =>
      p.itemPublicTokenExchange({ public_token }),
    );
    expect(again.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_PUBLIC_TOKEN' });

    const item = await sb.ok('/item/get', (p) => p.itemGet({ access_token: ex.access_token }));
    expect(item.item).toMatchObject({
      item_id: ex.item_id,
      institution_id: 'ins_109511',
      institution_name: 'Tartan Bank',
      error: null,
    });
    expect(item.item.billed_products).toEqual(['transactions']);
  });

  it('then a public token older than 30 minutes is refused', async () => {
    const { public_token } = await sb.ok('/sandbox/public_token/create', (p) =>
      p.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Transactions] }),
    );
    sb.clock.advance(30 * 60_000);
    const f = await sb.fails('/item/public_token/exchange', (p) =>
      p.itemPublicTokenExchange({ public_token }),
    );
    expect(f.body.error_code).toBe('INVALID_PUBLIC_TOKEN');
    expect(f.body.error_message).toContain('expired');
  });

  it('then an unknown institution answers INVALID_INSTITUTION', async () => {
    const f = await sb.fails('/sandbox/public_token/create', (p) =>
      p.sandboxPublicTokenCreate({ institution_id: 'ins_nope', initial_products: [Products.Transactions] }),
    );
    expect(f.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_INSTITUTION' });
  });

  it('then /accounts/get lists checking, savings and maybe a card, with masks and balances', async () => {
    const { access_token } = await linkItem();
    const { accounts, item } = await sb.ok('/accounts/get', (p) => p.accountsGet({ access_token }));
    expect(item.error).toBeNull();
    expect(accounts.length).toBeGreaterThanOrEqual(2);
    expect(accounts.length).toBeLessThanOrEqual(3);
    expect(accounts.map((a) => a.subtype)).toEqual(expect.arrayContaining(['checking', 'savings']));
    for (const a of accounts) {
      expect(a.mask).toMatch(/^\d{4}$/);
      expect(a.official_name).toBeTruthy();
      expect(a.balances.current).toBeGreaterThan(0);
      expect(a.balances.iso_currency_code).toBe('USD');
    }
    const one = await sb.ok('/accounts/get', (p) =>
      p.accountsGet({ access_token, options: { account_ids: [accounts[0].account_id] } }),
    );
    expect(one.accounts.map((a) => a.account_id)).toEqual([accounts[0].account_id]);
    const bad = await sb.fails('/accounts/get', (p) =>
      p.accountsGet({ access_token, options: { account_ids: ['x'] } }),
    );
    expect(bad.body.error_code).toBe('INVALID_ACCOUNT_ID');
  });

  it('then the Item survives a server restart', async () => {
    const { access_token, item_id } = await linkItem();
    const before = await syncAll(access_token);
    await sb.restart();
    const item = await sb.ok('/item/get', (p) => p.itemGet({ access_token }));
    expect(item.item.item_id).toBe(item_id);
    const again = await syncAll(access_token);
    expect(again.added.map((t) => t.transaction_id).sort()).toEqual(
      before.added.map((t) => t.transaction_id).sort(),
    );
  });
});

describe('when transactions are synced', () => {
  it('then right after the exchange PRODUCT_NOT_READY answers until the data is ready', async () => {
    const { access_token } = await linkItem({ ready: false });
    const f = await sb.fails('/transactions/sync', (p) => p.transactionsSync({ access_token }));
    expect(f.status).toBe(400);
    expect(f.body).toMatchObject({
      error_type: 'ITEM_ERROR',
      error_code: 'PRODUCT_NOT_READY',
      display_message: null,
    });
    expect(f.body.error_message).toContain('not yet ready');
    sb.clock.advance(sb.notReadyMs - 1);
    expect(
      (await sb.fails('/transactions/sync', (p) => p.transactionsSync({ access_token }))).body.error_code,
    ).toBe('PRODUCT_NOT_READY');
    sb.clock.advance(1);
    const page = await sb.ok('/transactions/sync', (p) => p.transactionsSync({ access_token }));
    expect(page.transactions_update_status).toBe('HISTORICAL_UPDATE_COMPLETE');
    expect(page.added.length).toBeGreaterThan(0);
  });

  it('then pages of `count` add up to the whole history, with has_more on all but the last', async () => {
    const { access_token } = await linkItem();
    const whole = await sb.ok('/transactions/sync', (p) => p.transactionsSync({ access_token, count: 500 }));
    expect(whole.has_more).toBe(false);
    const paged = await syncAll(access_token, undefined, 40);
    expect(paged.pages).toBe(Math.ceil(whole.added.length / 40));
    expect(paged.added.map((t) => t.transaction_id)).toEqual(whole.added.map((t) => t.transaction_id));
    const byDefault = await sb.ok('/transactions/sync', (p) => p.transactionsSync({ access_token }));
    expect(byDefault.added).toHaveLength(Math.min(100, whole.added.length));
    expect(byDefault.has_more).toBe(whole.added.length > 100);
  });

  it('then the history is realistic: 90+ days of payroll, rent, bills, groceries, eating out and a fresh transfer', async () => {
    const { access_token } = await linkItem();
    const { added } = await syncAll(access_token, undefined, 500);
    const { accounts } = await sb.ok('/accounts/get', (p) => p.accountsGet({ access_token }));
    const now = sb.clock.now().getTime();
    const dates = added.map((t) => Date.parse(t.date));
    expect(now - Math.min(...dates)).toBeGreaterThanOrEqual(90 * DAY);
    expect(new Set(added.map((t) => t.transaction_id)).size).toBe(added.length);
    for (const t of added) {
      expect(Math.round(t.amount * 100) / 100).toBe(t.amount);
      expect(t.iso_currency_code).toBe('USD');
      expect(t.personal_finance_category?.primary).toBeTruthy();
      expect(t.category?.length).toBeGreaterThan(0);
      expect(t.category_id).toMatch(/^\d{8}$/);
    }
    const named = (re: RegExp) => added.filter((t) => re.test(t.name));
    const payroll = named(/PAYROLL/);
    expect(payroll.length).toBeGreaterThanOrEqual(6);
    expect(payroll.every((t) => t.amount < 0 && t.personal_finance_category?.primary === 'INCOME')).toBe(
      true,
    );
    expect(named(/Rent$/).length).toBeGreaterThanOrEqual(3);
    expect(named(/Whole Foods|Trader Joe's|Safeway|Kroger/).length).toBeGreaterThan(10);
    expect(named(/Netflix|Spotify/).length).toBeGreaterThanOrEqual(3);
    const eatingOut = added.filter(
      (t) => t.category?.[0] === 'Food and Drink' && t.category?.[1] === 'Restaurants',
    );
    expect(eatingOut.length).toBeGreaterThan(20);
    expect(eatingOut.every((t) => /Cafe|Pizza|Grill|Burger|Diner|Pub|Bistro|Restaurant/.test(t.name))).toBe(
      true,
    );

    const checking = accounts.find((a) => a.subtype === 'checking');
    const savings = accounts.find((a) => a.subtype === 'savings');
    const fresh = added.filter(
      (t) => t.name === 'Transfer to Savings' && now - Date.parse(t.authorized_datetime ?? '') <= DAY,
    );
    expect(fresh).toHaveLength(1);
    expect(fresh[0].amount).toBeGreaterThanOrEqual(5);
    expect(fresh[0].account_id).toBe(checking?.account_id);
    const otherLeg = added.find(
      (t) =>
        t.account_id === savings?.account_id && t.amount === -fresh[0].amount && t.date === fresh[0].date,
    );
    expect(otherLeg?.name).toBe('Transfer from Checking');

    const pending = added.filter((t) => t.pending);
    expect(pending.length).toBeGreaterThanOrEqual(2);
    expect(pending.length).toBeLessThanOrEqual(4);
  });

  it('then the next sync posts the pending ones, modifies one, removes one and adds late arrivals', async () => {
    const { access_token } = await linkItem();
    const first = await syncAll(access_token, undefined, 500);
    const pending = first.added.filter((t) => t.pending);
    sb.clock.advance(5 * 60_000);

    const next = await syncAll(access_token, first.cursor);
    const removedIds = next.removed.map((r) => r.transaction_id);
    for (const p of pending) {
      expect(removedIds).toContain(p.transaction_id);
      const posted = next.added.find((t) => t.pending_transaction_id === p.transaction_id);
      expect(posted, `posted version of ${p.name}`).toBeDefined();
      expect(posted?.pending).toBe(false);
      expect(posted?.transaction_id).not.toBe(p.transaction_id);
      expect(posted?.account_id).toBe(p.account_id);
    }
    const reversed = next.removed.filter((r) => !pending.some((p) => p.transaction_id === r.transaction_id));
    expect(reversed).toHaveLength(1);
    expect(first.added.some((t) => t.transaction_id === reversed[0].transaction_id && !t.pending)).toBe(true);

    expect(next.modified).toHaveLength(1);
    const original = first.added.find((t) => t.transaction_id === next.modified[0].transaction_id);
    expect(original).toBeDefined();
    expect(next.modified[0].amount).not.toBe(original?.amount);

    const late = next.added.filter((t) => !t.pending_transaction_id);
    expect(late.length).toBeGreaterThanOrEqual(2);
    expect(late.every((t) => !t.pending)).toBe(true);

    const quiet = await syncAll(access_token, next.cursor);
    expect([quiet.added, quiet.modified, quiet.removed]).toEqual([[], [], []]);

    sb.clock.advance(3 * DAY);
    const later = await syncAll(access_token, quiet.cursor);
    expect(later.added.length).toBeGreaterThan(0);
    expect(later.added.every((t) => Date.parse(t.date) > sb.clock.now().getTime() - 4 * DAY)).toBe(true);
    expect([later.modified, later.removed]).toEqual([[], []]);
  });

  it('then paging the evolution two at a time gives the same changes as one page', async () => {
    const { access_token } = await linkItem();
    const first = await syncAll(access_token, undefined, 500);
    const paged = await syncAll(access_token, first.cursor, 2);
    expect(paged.pages).toBeGreaterThan(2);
    const whole = await syncAll(access_token, first.cursor, 500);
    const ids = (s: Synced) =>
      [s.added, s.modified, s.removed].map((l) => l.map((t) => t.transaction_id).sort());
    expect(ids(paged)).toEqual(ids(whole));
  });

  it('then transactions from /sandbox/transactions/create appear on the next sync', async () => {
    const { access_token } = await linkItem();
    const first = await syncAll(access_token, undefined, 500);
    const today = sb.clock.now().toISOString().slice(0, 10);
    await sb.ok('/sandbox/transactions/create', (p) =>
      p.sandboxTransactionsCreate({
        access_token,
        transactions: [
          { date_transacted: today, date_posted: today, amount: 12.5, description: 'Blue Bottle Cafe' },
          { date_transacted: today, date_posted: today, amount: -25, description: 'Refund from Store' },
        ],
      }),
    );
    const next = await syncAll(access_token, first.cursor);
    const cafe = next.added.find((t) => t.name === 'Blue Bottle Cafe');
    expect(cafe).toMatchObject({
      amount: 12.5,
      date: today,
      pending: false,
      category: ['Food and Drink', 'Restaurants'],
    });
    expect(next.added.find((t) => t.name === 'Refund from Store')?.amount).toBe(-25);

    const tooMany = await sb.fails('/sandbox/transactions/create', (p) =>
      p.sandboxTransactionsCreate({
        access_token,
        transactions: Array.from({ length: 11 }, () => ({
          date_transacted: today,
          date_posted: today,
          amount: 1,
          description: 'x',
        })),
      }),
    );
    expect(tooMany.body.error_code).toBe('INVALID_FIELD');
  });

  it('then original_description is only filled when asked for', async () => {
    const { access_token } = await linkItem();
    const plain = await sb.ok('/transactions/sync', (p) => p.transactionsSync({ access_token, count: 5 }));
    expect(plain.added.every((t) => t.original_description === null)).toBe(true);
    const asked = await sb.ok('/transactions/sync', (p) =>
      p.transactionsSync({ access_token, count: 5, options: { include_original_description: true } }),
    );
    expect(asked.added.every((t) => typeof t.original_description === 'string')).toBe(true);
  });
});

describe('when an Item is removed or its login breaks', () => {
  it("then a removed Item's access token answers INVALID_ACCESS_TOKEN", async () => {
    const { access_token } = await linkItem();
    await sb.ok('/item/remove', (p) => p.itemRemove({ access_token }));
    const calls: [string, (p: PlaidApi) => Promise<unknown>][] = [
      ['/accounts/get', (p) => p.accountsGet({ access_token })],
      ['/transactions/sync', (p) => p.transactionsSync({ access_token })],
      ['/item/remove', (p) => p.itemRemove({ access_token })],
    ];
    for (const [path, call] of calls) {
      const f = await sb.fails(path, call);
      expect(f.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCESS_TOKEN' });
    }
    const malformed = await sb.fails('/item/get', (p) => p.itemGet({ access_token: 'not-a-token' }));
    expect(malformed.body.error_message).toContain('invalid format');
  });

  it("then error_ passwords fail the way Plaid's sandbox does", async () => {
    const creds = await sb.fails('/sandbox/public_token/create', (p) =>
      p.sandboxPublicTokenCreate({
        institution_id: 'ins_109508',
        initial_products: [Products.Transactions],
        options: { override_username: 'user_good', override_password: 'error_INVALID_CREDENTIALS' },
      }),
    );
    expect(creds.body).toMatchObject({
      error_type: 'ITEM_ERROR',
      error_code: 'INVALID_CREDENTIALS',
      display_message: 'The provided credentials were not correct. Please try again.',
    });
    const registration = await sb.fails('/sandbox/public_token/create', (p) =>
      p.sandboxPublicTokenCreate({
        institution_id: 'ins_109508',
        initial_products: [Products.Transactions],
        options: {
          override_username: 'user_good',
          override_password: 'error_INSTITUTION_REGISTRATION_REQUIRED',
        },
      }),
    );
    expect(registration.body).toMatchObject({
      error_type: 'INSTITUTION_ERROR',
      error_code: 'INSTITUTION_REGISTRATION_REQUIRED',
    });
  });

  it('then error_ITEM_LOGIN_REQUIRED links an Item that fails on use', async () => {
    const { access_token } = await linkItem({ password: 'error_ITEM_LOGIN_REQUIRED' });
    const accounts = await sb.fails('/accounts/get', (p) => p.accountsGet({ access_token }));
    expect(accounts.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' });
    const sync = await sb.fails('/transactions/sync', (p) => p.transactionsSync({ access_token }));
    expect(sync.body.error_code).toBe('ITEM_LOGIN_REQUIRED');
    const item = await sb.ok('/item/get', (p) => p.itemGet({ access_token }));
    expect(item.item.error?.error_code).toBe('ITEM_LOGIN_REQUIRED');
  });

  it('then reset_login breaks the Item and Link in update mode repairs it', async () => {
    const { access_token, item_id } = await linkItem();
    const reset = await sb.ok('/sandbox/item/reset_login', (p) => p.sandboxItemResetLogin({ access_token }));
    expect(reset.reset_login).toBe(true);
    expect(
      (await sb.fails('/transactions/sync', (p) => p.transactionsSync({ access_token }))).body.error_code,
    ).toBe('ITEM_LOGIN_REQUIRED');
    expect(
      (await sb.fails('/transactions/refresh', (p) => p.transactionsRefresh({ access_token }))).body
        .error_code,
    ).toBe('ITEM_LOGIN_REQUIRED');

    const { link_token } = await sb.ok('/link/token/create', (p) =>
      p.linkTokenCreate(linkTokenRequest({ products: undefined, access_token })),
    );
    const open = await sb.post<{ update_mode: { institution: { institution_id: string } } }>('/link/open', {
      link_token,
    });
    expect(open.body.update_mode.institution.institution_id).toBe('ins_109508');
    const creds = { link_token, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' };
    expect((await sb.post('/link/credentials', creds)).status).toBe(200);
    const session = await sb.post<{ public_token: string }>('/link/session', creds);
    expect(session.status).toBe(200);

    const page = await sb.ok('/transactions/sync', (p) => p.transactionsSync({ access_token }));
    expect(page.added.length).toBeGreaterThan(0);
    await sb.ok('/transactions/refresh', (p) => p.transactionsRefresh({ access_token }));
    // The update-mode public token leads back to the same Item.
    const ex = await sb.ok('/item/public_token/exchange', (p) =>
      p.itemPublicTokenExchange({ public_token: session.body.public_token }),
    );
    expect(ex).toMatchObject({ item_id, access_token });
  });
});

describe('when Link talks to its private endpoints', () => {
  const bank = 'ins_109508';

  it('then it offers the sandbox banks, checks credentials and returns onSuccess metadata', async () => {
    const { link_token } = await sb.ok('/link/token/create', (p) => p.linkTokenCreate(linkTokenRequest()));
    const open = await sb.post<{
      link_session_id: string;
      institutions: { name: string; institution_id: string }[];
    }>('/link/open', { link_token });
    expect(open.body.institutions.length).toBeGreaterThanOrEqual(6);
    expect(open.body.institutions).toContainEqual(
      expect.objectContaining({ name: 'First Platypus Bank', institution_id: bank }),
    );

    const wrong = await sb.post('/link/credentials', {
      link_token,
      institution_id: bank,
      username: 'user_good',
      password: 'nope',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      error_code: 'INVALID_CREDENTIALS',
      display_message: 'The provided credentials were not correct. Please try again.',
    });

    const creds = { link_token, institution_id: bank, username: 'user_good', password: 'pass_good' };
    const offered = await sb.post<{ accounts: { id: string; subtype: string }[] }>(
      '/link/credentials',
      creds,
    );
    const checking = offered.body.accounts.find((a) => a.subtype === 'checking');
    expect(checking).toBeDefined();

    const session = await sb.post<{ public_token: string; metadata: Record<string, unknown> }>(
      '/link/session',
      {
        ...creds,
        account_ids: [checking?.id],
      },
    );
    expect(session.status).toBe(200);
    expect(validatePlaidSchema('LinkSessionSuccessMetadata', session.body.metadata)).toEqual([]);
    expect(session.body.metadata).toMatchObject({
      institution: { name: 'First Platypus Bank', institution_id: bank },
      accounts: [{ id: checking?.id, subtype: 'checking', verification_status: null }],
      link_session_id: open.body.link_session_id,
      transfer_status: null,
    });

    const ex = await sb.ok('/item/public_token/exchange', (p) =>
      p.itemPublicTokenExchange({ public_token: session.body.public_token }),
    );
    const { accounts } = await sb.ok('/accounts/get', (p) =>
      p.accountsGet({ access_token: ex.access_token }),
    );
    expect(accounts.map((a) => a.account_id)).toEqual([checking?.id]);
    sb.clock.advance(sb.notReadyMs);
    const { added } = await syncAll(ex.access_token, undefined, 500);
    expect(added.every((t) => t.account_id === checking?.id)).toBe(true);
  });

  it('then a password error_<CODE> fails Link with that code', async () => {
    const { link_token } = await sb.ok('/link/token/create', (p) => p.linkTokenCreate(linkTokenRequest()));
    const f = await sb.post('/link/credentials', {
      link_token,
      institution_id: bank,
      username: 'user_good',
      password: 'error_INSTITUTION_REGISTRATION_REQUIRED',
    });
    expect(f.body).toMatchObject({
      error_type: 'INSTITUTION_ERROR',
      error_code: 'INSTITUTION_REGISTRATION_REQUIRED',
    });
  });

  it('then an OAuth bank redirects and a receivedRedirectUri completes the session once', async () => {
    const redirect_uri = 'https://app.example/oauth-return';
    const { link_token } = await sb.ok('/link/token/create', (p) =>
      p.linkTokenCreate(linkTokenRequest({ redirect_uri })),
    );
    await sb.post('/link/open', { link_token });
    const start = await sb.post<{ redirect_url: string }>('/link/oauth/start', {
      link_token,
      institution_id: 'ins_127287',
    });
    expect(start.body.redirect_url).toMatch(/^https:\/\/app\.example\/oauth-return\?oauth_state_id=/);
    const resume = await sb.post<{ public_token: string; metadata: { institution: { name: string } } }>(
      '/link/oauth/resume',
      { link_token, received_redirect_uri: start.body.redirect_url },
    );
    expect(resume.status).toBe(200);
    expect(resume.body.metadata.institution.name).toBe('Platypus OAuth Bank');
    expect(validatePlaidSchema('LinkSessionSuccessMetadata', resume.body.metadata)).toEqual([]);
    const replay = await sb.post('/link/oauth/resume', {
      link_token,
      received_redirect_uri: start.body.redirect_url,
    });
    expect(replay.status).toBe(400);
  });

  it("then /link/token/get reports each session's public token, until the Item it made is removed", async () => {
    const request = linkTokenRequest();
    const { link_token } = await sb.ok('/link/token/create', (p) => p.linkTokenCreate(request));
    const fresh = await sb.ok('/link/token/get', (p) => p.linkTokenGet({ link_token }));
    expect(fresh).toMatchObject({
      link_token,
      link_sessions: [],
      metadata: {
        initial_products: request.products,
        country_codes: request.country_codes,
        language: request.language,
        client_name: request.client_name,
        redirect_uri: null,
        webhook: null,
      },
    });

    const open = await sb.post<{ link_session_id: string }>('/link/open', { link_token });
    const creds = { link_token, institution_id: bank, username: 'user_good', password: 'pass_good' };
    await sb.post('/link/credentials', creds);
    const session = await sb.post<{ public_token: string }>('/link/session', creds);
    // Opened again and closed: no result.
    const again = await sb.post<{ link_session_id: string }>('/link/open', { link_token });
    const got = await sb.ok('/link/token/get', (p) => p.linkTokenGet({ link_token }));
    expect(got.link_sessions).toHaveLength(2);
    const byId = (id: string) => got.link_sessions!.find((l) => l.link_session_id === id);
    const [done, closed] = [byId(open.body.link_session_id), byId(again.body.link_session_id)];
    expect(done).toMatchObject({
      link_session_id: open.body.link_session_id,
      results: {
        item_add_results: [
          {
            public_token: session.body.public_token,
            institution: { name: 'First Platypus Bank', institution_id: bank },
          },
        ],
      },
    });
    expect(done!.finished_at).toEqual(expect.any(String));
    expect(closed).toMatchObject({ finished_at: null, results: null });

    // The app never exchanged it (the browser went away): it can still exchange and remove it.
    const ex = await sb.ok('/item/public_token/exchange', (p) =>
      p.itemPublicTokenExchange({ public_token: done!.results!.item_add_results[0]!.public_token }),
    );
    await sb.ok('/item/remove', (p) => p.itemRemove({ access_token: ex.access_token }));
    // Removing the Item invalidates the link token that made it, with its sessions.
    const gone = await sb.fails('/link/token/get', (p) => p.linkTokenGet({ link_token }));
    expect(gone.body.error_code).toBe('INVALID_LINK_TOKEN');
    expect(await sb.db('plaid_sandbox_link_sessions').where({ link_token })).toEqual([]);
  });

  it('then /link/token/get refuses an unknown link token', async () => {
    const f = await sb.fails('/link/token/get', (p) => p.linkTokenGet({ link_token: 'link-sandbox-nope' }));
    expect(f.status).toBe(400);
    expect(f.body.error_code).toBe('INVALID_LINK_TOKEN');
  });

  it('then the Link script is served as JavaScript', async () => {
    const res = await fetch(`${sb.url}/plaid-sandbox/link-initialize.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(await res.text()).toContain('Plaid');
  });
});

describe('when data is generated', () => {
  const createdAt = Date.parse('2025-01-15T18:30:00Z');
  const gen = (seed: string, version = 0) =>
    generateTransactions({ seed, createdAt, until: createdAt + 2 * DAY, version });

  it('then the same seed gives the same accounts and transactions, and another seed different ones', () => {
    expect(gen('item-a')).toEqual(gen('item-a'));
    expect(gen('item-a', 1)).toEqual(gen('item-a', 1));
    expect(generateAccounts('item-a')).toEqual(generateAccounts('item-a'));
    expect(gen('item-b').map((t) => t.transaction_id)).not.toEqual(
      gen('item-a').map((t) => t.transaction_id),
    );
    expect(generateAccounts('item-b')[0].account_id).not.toBe(generateAccounts('item-a')[0].account_id);
  });

  it("then what /transactions/sync returns is exactly the generator's output for that Item", async () => {
    const { access_token, item_id } = await linkItem();
    const created = sb.clock.now().getTime() - sb.notReadyMs;
    const { added } = await syncAll(access_token, undefined, 500);
    const expected = generateTransactions({
      seed: item_id,
      createdAt: created,
      until: sb.clock.now().getTime(),
      version: 0,
    });
    const key = (t: Transaction) => t.transaction_id;
    expect(
      added.map((t) => ({ ...t, original_description: null })).sort((a, b) => key(a).localeCompare(key(b))),
    ).toEqual(
      expected
        .map((t) => ({ ...t, original_description: null }))
        .sort((a, b) => key(a).localeCompare(key(b))),
    );
  });
});

describe('when the OpenAPI validator checks a body', () => {
  const error = {
    error_type: 'ITEM_ERROR',
    error_code: 'X',
    error_message: 'm',
    display_message: null,
    request_id: 'r',
  };

  it('then it accepts what Plaid documents, nulls included', () => {
    expect(validatePlaidResponse('/item/remove', 400, error)).toEqual([]);
    expect(validatePlaidResponse('/item/remove', 200, { request_id: 'r' })).toEqual([]);
  });

  it('then it rejects what Plaid would never send', () => {
    expect(validatePlaidResponse('/item/remove', 400, { ...error, display_message: undefined })).not.toEqual(
      [],
    );
    expect(validatePlaidResponse('/item/remove', 400, { ...error, error_type: 'NOPE' })).not.toEqual([]);
    expect(validatePlaidResponse('/transactions/sync', 200, { request_id: 'r' })).not.toEqual([]);
    const tx = { transaction_id: 't', account_id: 'a', amount: '1.00', pending: false, date: '2025-01-01' };
    expect(validatePlaidSchema('Transaction', tx).join()).toContain('/amount');
  });
});

describe('when the app is built', () => {
  it("then without Plaid keys it hosts the sandbox, whose paths answer in Plaid's envelope", async () => {
    const app = await createTestServer();
    try {
      const script = await fetch(`${app.url}/plaid-sandbox/link-initialize.js`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-security-policy')).toContain("script-src 'self'");
      const bad = await app.req('POST', '/plaid-sandbox/item/get', '{"access_token": ');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_BODY' });
      const missing = await app.req('POST', '/plaid-sandbox/nope', {});
      expect(missing.status).toBe(404);
      expect(validatePlaidSchema('PlaidError', missing.body)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('then with Plaid keys the sandbox is not there at all', async () => {
    const app = await createTestServer({ env: { PLAID_CLIENT_ID: 'id', PLAID_SECRET: 'secret' } });
    try {
      expect((await fetch(`${app.url}/plaid-sandbox/link-initialize.js`)).status).toBe(404);
      const res = await fetch(`${app.url}/plaid-sandbox/item/get`, { method: 'POST' });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('error_code');
    } finally {
      await app.close();
    }
  });
});
