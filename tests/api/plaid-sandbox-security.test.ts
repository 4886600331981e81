// The local Plaid sandbox as an outsider meets it: no keys, forged cursors, oversized or
// malformed fields, floods. Every error must be Plaid's envelope (validated against Plaid's
// OpenAPI by the harness), cheap to produce, and leave nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Products, type Transaction } from 'plaid';
import { linkTokenRequest, startSandbox, type Sandbox } from '../support/plaid-sandbox-harness';
import { validatePlaidResponse } from '../support/plaid-openapi';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;
const TABLES = [
  'plaid_sandbox_link_tokens',
  'plaid_sandbox_items',
  'plaid_sandbox_public_tokens',
  'plaid_sandbox_custom_transactions',
];

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb?.close();
});

/** A raw call with the sandbox's keys, for bodies the SDK's types would not let through. */
const api = <T = Record<string, unknown>>(path: string, body: unknown) => sb.post<T>(path, body, sb.keys);

async function linkItem() {
  const { link_token } = (await api<{ link_token: string }>('/link/token/create', linkTokenRequest())).body;
  const creds = { link_token, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' };
  expect((await sb.post('/link/credentials', creds)).status).toBe(200);
  const session = await sb.post<{ public_token: string }>('/link/session', creds);
  const ex = await sb.ok('/item/public_token/exchange', (p) =>
    p.itemPublicTokenExchange({ public_token: session.body.public_token }),
  );
  sb.clock.advance(sb.notReadyMs);
  return ex;
}

/** Syncs until has_more is false, 500 at a time. */
async function syncAll(access_token: string, cursor?: string) {
  const out = { added: [] as Transaction[], removed: 0, modified: 0, next_cursor: cursor };
  for (let more = true; more;) {
    const page = await sb.ok('/transactions/sync', (p) =>
      p.transactionsSync({ access_token, cursor: out.next_cursor, count: 500 }),
    );
    out.added.push(...page.added);
    out.removed += page.removed.length;
    out.modified += page.modified.length;
    out.next_cursor = page.next_cursor;
    more = page.has_more;
  }
  return out;
}

async function counts() {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = Number((await sb.db(t).count({ n: '*' }))[0].n);
  return out;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const base64url = (v: unknown) => Buffer.from(JSON.stringify(v), 'utf8').toString('base64url');

describe('when a client calls the sandbox API without its keys', () => {
  it('then any other client id or secret answers INVALID_API_KEYS and nothing is created', async () => {
    const before = await counts();
    const [id, secret] = [sb.keys['PLAID-CLIENT-ID'], sb.keys['PLAID-SECRET']];
    const wrong: Record<string, string>[] = [
      { 'PLAID-CLIENT-ID': 'anyone', 'PLAID-SECRET': 'anything' },
      { 'PLAID-CLIENT-ID': id, 'PLAID-SECRET': `${secret}x` },
      { 'PLAID-CLIENT-ID': id.toUpperCase(), 'PLAID-SECRET': secret },
      { 'PLAID-CLIENT-ID': id },
    ];
    try {
      for (const headers of wrong) {
        sb.useSdk(sb.sdk(headers));
        const calls = [
          sb.fails('/link/token/create', (p) => p.linkTokenCreate(linkTokenRequest() as never)),
          sb.fails('/sandbox/public_token/create', (p) =>
            p.sandboxPublicTokenCreate({
              institution_id: 'ins_109508',
              initial_products: [Products.Transactions],
            }),
          ),
          sb.fails('/transactions/sync', (p) =>
            p.transactionsSync({ access_token: 'access-sandbox-00000000-0000-4000-a000-000000000000' }),
          ),
        ];
        for (const f of await Promise.all(calls)) {
          expect(f.status).toBe(400);
          expect(f.body).toMatchObject({
            error_type: 'INVALID_INPUT',
            error_code: 'INVALID_API_KEYS',
            display_message: null,
          });
        }
      }
    } finally {
      sb.useSdk(sb.sdk());
    }
    const inBody = await sb.post('/sandbox/public_token/create', {
      client_id: 'budget-quest-local',
      secret: 'budget-quest-local-secret',
      institution_id: 'ins_109508',
      initial_products: ['transactions'],
    });
    expect(inBody.body).toMatchObject({ error_code: 'INVALID_API_KEYS' });
    expect(await counts()).toEqual(before);
  });
});

describe('when a cursor was not issued by the sandbox', () => {
  /** A cursor in the sandbox's old, unsigned format, aimed at a time horizon the client picks. */
  const forged = (itemId: string, t: number) => base64url({ i: itemId, s: { v: 0, t, c: 0 } });

  // No timing is asserted (tests never do; the time is measured in the note): the
  // answer is refused before any data is generated, which the status and error show.
  async function expectInvalidCursor(access_token: string, cursor: string) {
    const res = await api('/transactions/sync', { access_token, cursor });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
    expect(String(res.body.error_message)).toContain('cursor');
    expect(validatePlaidResponse('/transactions/sync', res.status, res.body)).toEqual([]);
  }

  it('then a cursor 300 years ahead answers INVALID_FIELD at once', async () => {
    const { access_token, item_id } = await linkItem();
    await expectInvalidCursor(access_token, forged(item_id, sb.clock.now().getTime() + 300 * YEAR));
  });

  it('then the forged cursor with t = 2^53 - 1 answers 400 and the server stays healthy', async () => {
    const { access_token, item_id } = await linkItem();
    await sb.ok('/item/get', (p) => p.itemGet({ access_token })); // warm connection
    await expectInvalidCursor(access_token, forged(item_id, Number.MAX_SAFE_INTEGER));
    // Still serving: the Item syncs normally right after.
    const page = await sb.ok('/transactions/sync', (p) => p.transactionsSync({ access_token }));
    expect(page.added.length).toBeGreaterThan(0);
  });

  it('then an edited, foreign or overlong cursor answers INVALID_FIELD; issued ones fit in 256 characters', async () => {
    const a = await linkItem();
    const b = await linkItem();
    const page = await sb.ok('/transactions/sync', (p) =>
      p.transactionsSync({ access_token: a.access_token, count: 10 }),
    );
    expect(page.has_more).toBe(true);
    const cursor = page.next_cursor;
    expect(cursor.length).toBeLessThanOrEqual(256);
    const [payload, sig] = cursor.split('.');
    const edited = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    edited[3] = 0; // back to the start of the pages
    const bad = [
      `${base64url(edited)}.${sig}`,
      `${payload}.${Buffer.alloc(16).toString('base64url')}`,
      payload,
      'nope',
      `${cursor}${'A'.repeat(257 - cursor.length)}`,
    ];
    for (const c of bad) await expectInvalidCursor(a.access_token, c);
    // A genuine cursor of another Item is refused too.
    const foreign = await api('/transactions/sync', { access_token: b.access_token, cursor });
    expect(foreign.body).toMatchObject({ error_code: 'INVALID_FIELD' });
    expect(String(foreign.body.error_message)).toContain('does not belong');
    // The genuine cursor still works.
    const next = await sb.ok('/transactions/sync', (p) =>
      p.transactionsSync({ access_token: a.access_token, cursor, count: 10 }),
    );
    expect(next.added.length).toBe(10);
  });
});

describe('when an Item is old', () => {
  it('then a sync decades later reaches back two years at most and reports nothing aged out as removed', async () => {
    const { access_token } = await linkItem();
    const first = await syncAll(access_token);
    sb.clock.advance(50 * YEAR);
    const now = sb.clock.now().getTime();
    const later = await syncAll(access_token, first.next_cursor);
    expect(later.added.length).toBeGreaterThan(500);
    expect(later.added.length).toBeLessThan(4000);
    expect(later.added.every((t) => Date.parse(t.date) >= now - 731 * DAY)).toBe(true);
    expect([later.removed, later.modified]).toEqual([0, 0]);
  }, 30_000);

  it('then its first sync years after linking also starts at most two years back', async () => {
    const { access_token } = await linkItem();
    sb.clock.advance(10 * YEAR);
    const now = sb.clock.now().getTime();
    const page = await sb.ok('/transactions/sync', (p) => p.transactionsSync({ access_token, count: 500 }));
    const oldest = Math.min(...page.added.map((t) => Date.parse(t.date)));
    expect(oldest).toBeGreaterThanOrEqual(now - 731 * DAY);
    expect(oldest).toBeLessThan(now - 700 * DAY);
  }, 30_000);
});

describe('when a field breaks a documented limit', () => {
  let access_token = '';
  let link_token = '';
  beforeAll(async () => {
    ({ access_token } = await linkItem());
    link_token = (await api<{ link_token: string }>('/link/token/create', linkTokenRequest())).body
      .link_token;
  });

  const today = () => sb.clock.now().getTime();
  const tx = (extra: Record<string, unknown> = {}) => ({
    date_transacted: isoDay(today()),
    date_posted: isoDay(today()),
    amount: 12.5,
    description: 'Blue Bottle Cafe',
    ...extra,
  });
  const url = (n: number) => `https://app.example/${'a'.repeat(n - 'https://app.example/'.length)}`;

  type Case = [name: string, path: string, body: () => Record<string, unknown>, field: string];
  const cases: Case[] = [
    [
      'client_name over 30',
      '/link/token/create',
      () => linkTokenRequest({ client_name: 'x'.repeat(31) }),
      'client_name',
    ],
    [
      'client_name with NUL',
      '/link/token/create',
      () => linkTokenRequest({ client_name: 'Budget\u0000Quest' }),
      'client_name',
    ],
    [
      'client_name with a lone surrogate',
      '/link/token/create',
      () => linkTokenRequest({ client_name: 'Budget \ud800' }),
      'client_name',
    ],
    [
      'client_user_id over 128',
      '/link/token/create',
      () => linkTokenRequest({ user: { client_user_id: 'u'.repeat(129) } }),
      'user.client_user_id',
    ],
    ['an unknown language', '/link/token/create', () => linkTokenRequest({ language: 'xx' }), 'language'],
    [
      'an unknown country',
      '/link/token/create',
      () => linkTokenRequest({ country_codes: ['ZZ'] }),
      'country_codes.0',
    ],
    [
      '21 country codes',
      '/link/token/create',
      () => linkTokenRequest({ country_codes: Array(21).fill('US') }),
      'country_codes',
    ],
    [
      'an unknown product',
      '/link/token/create',
      () => linkTokenRequest({ products: ['free_money'] }),
      'products.0',
    ],
    [
      'a javascript: redirect_uri',
      '/link/token/create',
      () => linkTokenRequest({ redirect_uri: 'javascript:alert(document.cookie)' }),
      'redirect_uri',
    ],
    [
      'a data: redirect_uri',
      '/link/token/create',
      () => linkTokenRequest({ redirect_uri: 'data:text/html,<script>alert(1)</script>' }),
      'redirect_uri',
    ],
    [
      'a relative redirect_uri',
      '/link/token/create',
      () => linkTokenRequest({ redirect_uri: '//evil.example/x' }),
      'redirect_uri',
    ],
    [
      'a redirect_uri over 2048',
      '/link/token/create',
      () => linkTokenRequest({ redirect_uri: url(2049) }),
      'redirect_uri',
    ],
    [
      'a webhook that is no URL',
      '/link/token/create',
      () => linkTokenRequest({ webhook: 'not a url' }),
      'webhook',
    ],
    [
      'a webhook over 2048',
      '/sandbox/public_token/create',
      () => ({
        institution_id: 'ins_109508',
        initial_products: ['transactions'],
        options: { webhook: url(2049) },
      }),
      'options.webhook',
    ],
    [
      'an override_password over 128',
      '/sandbox/public_token/create',
      () => ({
        institution_id: 'ins_109508',
        initial_products: ['transactions'],
        options: { override_password: 'p'.repeat(129) },
      }),
      'options.override_password',
    ],
    [
      'an institution_id with NUL',
      '/sandbox/public_token/create',
      () => ({ institution_id: 'ins_\u0000', initial_products: ['transactions'] }),
      'institution_id',
    ],
    [
      'an amount of 1e300',
      '/sandbox/transactions/create',
      () => ({ access_token, transactions: [tx({ amount: 1e300 })] }),
      'transactions.0.amount',
    ],
    [
      'an amount of -1e300',
      '/sandbox/transactions/create',
      () => ({ access_token, transactions: [tx({ amount: -1e300 })] }),
      'transactions.0.amount',
    ],
    [
      'an amount of 0.001',
      '/sandbox/transactions/create',
      () => ({ access_token, transactions: [tx({ amount: 0.001 })] }),
      'transactions.0.amount',
    ],
    [
      'a description over 255',
      '/sandbox/transactions/create',
      () => ({ access_token, transactions: [tx({ description: 'd'.repeat(256) })] }),
      'transactions.0.description',
    ],
    [
      'a description with NUL',
      '/sandbox/transactions/create',
      () => ({ access_token, transactions: [tx({ description: 'pg\u0000' })] }),
      'transactions.0.description',
    ],
    [
      'a description with a lone surrogate',
      '/sandbox/transactions/create',
      () => ({ access_token, transactions: [tx({ description: '\udc00 Cafe' })] }),
      'transactions.0.description',
    ],
    [
      'a date that does not exist',
      '/sandbox/transactions/create',
      () => ({ access_token, transactions: [tx({ date_transacted: '2025-02-30' })] }),
      'transactions.0.date_transacted',
    ],
    [
      'a date in the future',
      '/sandbox/transactions/create',
      () => ({ access_token, transactions: [tx({ date_posted: isoDay(today() + 2 * DAY) })] }),
      'transactions.0.date_posted',
    ],
    [
      'a date over 14 days ago',
      '/sandbox/transactions/create',
      () => ({ access_token, transactions: [tx({ date_posted: isoDay(today() - 16 * DAY) })] }),
      'transactions.0.date_posted',
    ],
    [
      'a lower-case currency',
      '/sandbox/transactions/create',
      () => ({ access_token, transactions: [tx({ iso_currency_code: 'usd' })] }),
      'transactions.0.iso_currency_code',
    ],
    [
      '11 transactions',
      '/sandbox/transactions/create',
      () => ({ access_token, transactions: Array.from({ length: 11 }, () => tx()) }),
      'transactions',
    ],
    ['a cursor over 256', '/transactions/sync', () => ({ access_token, cursor: 'c'.repeat(257) }), 'cursor'],
    [
      '21 account ids',
      '/accounts/get',
      () => ({ access_token, options: { account_ids: Array(21).fill('a') } }),
      'options.account_ids',
    ],
  ];
  it.each(cases)('then %s answers INVALID_FIELD and stores nothing', async (_name, path, body, field) => {
    const before = await counts();
    const res = await api(path, body());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
    expect(String(res.body.error_message).startsWith(`${field} `)).toBe(true);
    expect(validatePlaidResponse(path, res.status, res.body)).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  const linkCases: [name: string, path: string, body: () => Record<string, unknown>, field: string][] = [
    ['an overlong link_token', '/link/open', () => ({ link_token: 'l'.repeat(101) }), 'link_token'],
    [
      'an overlong username',
      '/link/credentials',
      () => ({ link_token, institution_id: 'ins_109508', username: 'u'.repeat(129), password: 'pass_good' }),
      'username',
    ],
    [
      'a password with NUL',
      '/link/credentials',
      () => ({
        link_token,
        institution_id: 'ins_109508',
        username: 'user_good',
        password: 'pass_good\u0000',
      }),
      'password',
    ],
    [
      '21 account ids',
      '/link/session',
      () => ({
        link_token,
        institution_id: 'ins_109508',
        username: 'user_good',
        password: 'pass_good',
        account_ids: Array(21).fill('a'),
      }),
      'account_ids',
    ],
    [
      'an overlong received_redirect_uri',
      '/link/oauth/resume',
      () => ({ link_token, received_redirect_uri: url(2049) }),
      'received_redirect_uri',
    ],
  ];
  it.each(linkCases)(
    'then Link with %s answers INVALID_FIELD and stores nothing',
    async (_n, path, body, field) => {
      const before = await counts();
      const res = await sb.post(path, body());
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
      expect(String(res.body.error_message).startsWith(`${field} `)).toBe(true);
      expect(await counts()).toEqual(before);
    },
  );

  it('then a body over 64 KB answers INVALID_BODY, not a stored 900 KB webhook', async () => {
    const before = await counts();
    const res = await api('/sandbox/public_token/create', {
      institution_id: 'ins_109508',
      initial_products: ['transactions'],
      options: { webhook: url(900_000) },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_BODY' });
    expect(await counts()).toEqual(before);
  });

  it('then values exactly at the limits are accepted and come back unchanged', async () => {
    const name = '💰'.repeat(15); // 30 UTF-16 units
    const created = await api<{ link_token: string }>(
      '/link/token/create',
      linkTokenRequest({
        client_name: name,
        user: { client_user_id: 'u'.repeat(128) },
        redirect_uri: url(2048),
        webhook: url(2048),
      }),
    );
    expect(created.status).toBe(200);
    const open = await sb.post<{ client_name: string }>('/link/open', {
      link_token: created.body.link_token,
    });
    expect(open.body.client_name).toBe(name);

    const { access_token: fresh } = await linkItem();
    const first = await syncAll(fresh);
    const description = `Café ${'é'.repeat(245)} 💳`; // 255 UTF-16 units
    const edge = [
      tx({ description, amount: 1_000_000_000 }),
      tx({ description: 'Refund', amount: -1_000_000_000 }),
      tx({
        description: 'Two weeks ago',
        date_transacted: isoDay(today() - 14 * DAY),
        date_posted: isoDay(today() - 14 * DAY),
        amount: 0.29,
      }),
      ...Array.from({ length: 7 }, (_, i) => tx({ description: `Coffee ${i}`, iso_currency_code: 'EUR' })),
    ];
    expect(edge).toHaveLength(10);
    expect(
      (await api('/sandbox/transactions/create', { access_token: fresh, transactions: edge })).status,
    ).toBe(200);
    const { added } = await syncAll(fresh, first.next_cursor);
    expect(added.find((t) => t.name === description)?.amount).toBe(1_000_000_000);
    expect(added.find((t) => t.name === 'Refund')?.amount).toBe(-1_000_000_000);
    expect(added.find((t) => t.name === 'Two weeks ago')?.amount).toBe(0.29);
  });
});

describe('when a client keeps adding', () => {
  it('then an Item takes at most 500 custom transactions', async () => {
    const { access_token, item_id } = await linkItem();
    const today = isoDay(sb.clock.now().getTime());
    const ten = (k: number) =>
      Array.from({ length: 10 }, (_, i) => ({
        date_transacted: today,
        date_posted: today,
        amount: 1,
        description: `Purchase ${k}-${i}`,
      }));
    for (let k = 0; k < 50; k++)
      expect((await api('/sandbox/transactions/create', { access_token, transactions: ten(k) })).status).toBe(
        200,
      );
    const over = await api('/sandbox/transactions/create', {
      access_token,
      transactions: ten(50).slice(0, 1),
    });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ error_code: 'INVALID_FIELD' });
    expect(String(over.body.error_message)).toContain('500');
    const stored = await sb.db('plaid_sandbox_custom_transactions').where({ item_id }).count({ n: '*' });
    expect(Number(stored[0].n)).toBe(500);
  }, 30_000);

  it('then one end user gets at most 50 Items, and removing one makes room', async () => {
    const user = { client_user_id: `many-${Date.now()}` };
    const linkOnce = async () => {
      const lt = (await api<{ link_token: string }>('/link/token/create', linkTokenRequest({ user }))).body
        .link_token;
      const creds = {
        link_token: lt,
        institution_id: 'ins_109511',
        username: 'user_good',
        password: 'pass_good',
      };
      await sb.post('/link/credentials', creds);
      return sb.post<{ public_token: string }>('/link/session', creds);
    };
    const tokens: string[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await linkOnce();
      expect(res.status).toBe(200);
      tokens.push(res.body.public_token);
    }
    const over = await linkOnce();
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error_type: 'RATE_LIMIT_EXCEEDED', error_code: 'ADDITION_LIMIT' });
    const { access_token } = await sb.ok('/item/public_token/exchange', (p) =>
      p.itemPublicTokenExchange({ public_token: tokens[0] }),
    );
    await sb.ok('/item/remove', (p) => p.itemRemove({ access_token }));
    expect((await linkOnce()).status).toBe(200);
  }, 30_000);

  it('then repeated update-mode sessions keep at most 5 live public tokens per Item', async () => {
    const { access_token, item_id } = await linkItem();
    const lt = (
      await api<{ link_token: string }>(
        '/link/token/create',
        linkTokenRequest({ products: undefined, access_token }),
      )
    ).body.link_token;
    const creds = {
      link_token: lt,
      institution_id: 'ins_109508',
      username: 'user_good',
      password: 'pass_good',
    };
    let last = '';
    for (let i = 0; i < 8; i++) {
      const res = await sb.post<{ public_token: string }>('/link/session', creds);
      expect(res.status).toBe(200);
      last = res.body.public_token;
    }
    const rows = await sb.db('plaid_sandbox_public_tokens').where({ item_id }).count({ n: '*' });
    expect(Number(rows[0].n)).toBeLessThanOrEqual(5);
    const ex = await sb.ok('/item/public_token/exchange', (p) =>
      p.itemPublicTokenExchange({ public_token: last }),
    );
    expect(ex.item_id).toBe(item_id);
  });
});

describe('when a stored link token carries a redirect_uri that is not http(s)', () => {
  it('then /link/oauth/start refuses to build a redirect from it', async () => {
    const { link_token } = (
      await api<{ link_token: string }>(
        '/link/token/create',
        linkTokenRequest({ redirect_uri: 'https://app.example/r' }),
      )
    ).body;
    // As a row written before redirect_uri was checked could be.
    await sb
      .db('plaid_sandbox_link_tokens')
      .where({ link_token })
      .update({ redirect_uri: 'javascript:alert(1)//' });
    const res = await sb.post('/link/oauth/start', { link_token, institution_id: 'ins_127287' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error_code: 'INVALID_FIELD' });
    expect(JSON.stringify(res.body)).not.toContain('javascript:');
  });
});
