// Part 8 of the hardening suite: the attacks of the third outside probe (issue 23), replayed with
// the production defaults for every limit (loadConfig's, not the API tests' generous ones) and the
// addresses a proxy reports (TRUST_PROXY=loopback, X-Forwarded-For): a stranger trying to lock an
// owner out from many addresses, a reset that must clear a lock, impossible time-zone offsets,
// one user flooding Plaid with link tokens, and what an account deletion may leave behind.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { loadConfig } from '../../server/config';
import type { TestServer } from '../support/server';
import { fullMember, rowsOf, startApp } from '../support/hardening/app';
import { tokenUserId } from '../support/accounts';

const defaults = loadConfig({
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(48),
  ENCRYPTION_KEY: '0'.repeat(64),
  SIMULATED_BANKING: 'true',
  MAIL_OUTBOX: 'true',
});
let s: TestServer;
beforeEach(async () => {
  s = await startApp({
    config: {
      authRateLimit: defaults.authRateLimit,
      authRateWindowMs: defaults.authRateWindowMs,
      loginLockout: defaults.loginLockout,
      linkTokenRateLimit: defaults.linkTokenRateLimit,
      linkTokenRateWindowMs: defaults.linkTokenRateWindowMs,
      trustProxy: 'loopback',
    },
  });
});
afterEach(async () => s?.close());

async function post(path: string, body: unknown, ip: string, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': ip };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(s.url + path, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}
const count = async (q: Knex.QueryBuilder) => Number(((await q.count({ n: '*' })) as { n: unknown }[])[0]!.n);
const lastResetToken = () => /token=([A-Za-z0-9_-]+)/.exec(s.mailer.sent.at(-1)!.text ?? '')![1]!;
/** Lets the reset e-mail (sent without waiting) reach the memory mailer. */
const settle = () => new Promise((r) => setTimeout(r, 30));

/** Link opened through the app and completed at the sandbox bank; the public token never exchanged. */
async function abandonLink(token: string): Promise<string> {
  const created = await s.req<{ link_token: string }>('POST', '/api/plaid/create_link_token', {}, token);
  expect(created.status).toBe(200);
  const { link_token } = created.body;
  const creds = { link_token, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' };
  for (const [path, body] of [
    ['/open', { link_token }],
    ['/credentials', creds],
    ['/session', creds],
  ] as const) {
    const res = await fetch(`${s.url}/plaid-sandbox/link${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, path).toBe(200);
  }
  return link_token;
}

describe('issue 23 attacks', () => {
  it('when strangers guess an owner from many addresses, once each and again an hour later, then the owner is never locked out', async () => {
    const email = 'owner@example.com';
    await s.register(email, 'the-right-one');
    const { threshold } = defaults.loginLockout;
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < threshold + 2; i++)
        expect(
          (await post('/api/auth/login', { email, password: `guess-${i}` }, `203.0.${113 + round}.${i + 1}`))
            .status,
        ).toBe(401);
      const owner = await post('/api/auth/login', { email, password: 'the-right-one' }, '192.0.2.10');
      expect(owner.status).toBe(200);
      expect(owner.headers.get('retry-after')).toBeNull();
      s.clock.advance(60 * 60_000);
    }
  });

  it('when the owner is locked at their own address and completes a reset, then the new password works there at once', async () => {
    const email = 'locked@example.com';
    const home = '192.0.2.20';
    await s.register(email, 'the-right-one');
    const { threshold } = defaults.loginLockout;
    for (let i = 0; i < threshold; i++) await post('/api/auth/login', { email, password: `typo-${i}` }, home);
    const locked = await post('/api/auth/login', { email, password: 'the-right-one' }, home);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);

    expect((await post('/api/auth/forgot-password', { email }, home)).status).toBe(200);
    await settle();
    expect(
      (await post('/api/auth/reset-password', { token: lastResetToken(), password: 'brand-new-one' }, home))
        .status,
    ).toBe(200);
    expect((await post('/api/auth/login', { email, password: 'brand-new-one' }, home)).status).toBe(200);
    expect(await s.countRows('login_failures')).toBe(0);
  });

  it('when manual expenses carry impossible time-zone offsets, then each answers 400 naming the rule and none is stored', async () => {
    const token = await s.register();
    for (const offset of ['+24:00', '+99:99', '-9959', '+00:60', '-24:00', '+2400', '+23:60']) {
      const res = await s.req(
        'POST',
        '/api/transactions/manual',
        { amount: 5, date: `2025-02-20T10:00:00${offset}` },
        token,
      );
      expect(res.status, offset).toBe(400);
      expect(String(res.body.error), offset).toMatch(/time-zone offset/i);
    }
    expect(await s.countRows('manual_transactions')).toBe(0);
    // The edges of the rule still work.
    for (const offset of ['+23:59', '-23:59', 'Z'])
      expect(
        (
          await s.req(
            'POST',
            '/api/transactions/manual',
            { amount: 5, date: `2025-02-20T10:00:00${offset}` },
            token,
          )
        ).status,
        offset,
      ).toBe(201);
  });

  it('when one user floods create_link_token, then Plaid sees at most the per-user budget, other users are unaffected, and the next window opens again', async () => {
    const flooder = await s.register();
    const other = await s.register();
    const limit = defaults.linkTokenRateLimit;
    const statuses: number[] = [];
    for (let i = 0; i < 3 * limit; i++)
      statuses.push((await s.req('POST', '/api/plaid/create_link_token', {}, flooder)).status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(limit);
    expect(statuses.slice(limit).every((x) => x === 429)).toBe(true);
    // Only the budget's link tokens were ever asked of Plaid (and recorded for deletion).
    expect(await s.countRows('plaid_sandbox_link_tokens')).toBe(limit);
    expect(await count(s.db('plaid_link_tokens').where({ user_id: tokenUserId(flooder) }))).toBe(limit);
    expect((await s.req('POST', '/api/plaid/create_link_token', {}, other)).status).toBe(200);
    s.clock.advance(defaults.linkTokenRateWindowMs + 1);
    expect((await s.req('POST', '/api/plaid/create_link_token', {}, flooder)).status).toBe(200);
  });

  it('when a user with everything (and an abandoned Link session) deletes the account, then nothing keyed to them or their e-mail is left, here or in the sandbox', async () => {
    const member = await fullMember(s);
    const me = await s.req<{ email: string }>('GET', '/api/auth/me', undefined, member.token);
    const email = me.body.email;
    await post('/api/auth/login', { email, password: 'a-wrong-one' }, '203.0.113.50');
    await post('/api/auth/forgot-password', { email }, '203.0.113.50');
    const abandoned = await abandonLink(member.token);
    const bystander = await fullMember(s);
    const bystanderRows = await rowsOf(s, bystander.userId);
    const sandboxItems = await s.countRows('plaid_sandbox_items');
    expect(sandboxItems).toBe(3);

    expect((await s.req('DELETE', '/api/auth/account', undefined, member.token)).status).toBe(200);
    const left = await rowsOf(s, member.userId);
    for (const [table, rows] of Object.entries(left)) expect(rows, table).toEqual([]);
    // At the sandbox: the member's connected Item and the abandoned one are removed, with the
    // abandoned session's public token, link token and session record.
    expect(await s.countRows('plaid_sandbox_items')).toBe(1);
    expect(await s.db('plaid_sandbox_items').pluck('item_id')).toEqual([bystander.itemId]);
    expect(await count(s.db('plaid_sandbox_public_tokens').whereNull('used_at'))).toBe(0);
    expect(await count(s.db('plaid_sandbox_link_tokens').where({ link_token: abandoned }))).toBe(0);
    expect(await count(s.db('plaid_sandbox_link_sessions').where({ link_token: abandoned }))).toBe(0);
    // No throttling counter of theirs, and no row anywhere holding their address.
    expect(await s.countRows('login_failures')).toBe(0);
    const keys = (await s.db('rate_limits').pluck('key')) as string[];
    expect(keys.filter((k) => k.startsWith('reset-mail:') || k.startsWith('link-token:'))).toEqual([]);
    const everything = JSON.stringify(await s.dumpAllRows());
    expect(everything).not.toContain(email);
    expect(everything).not.toContain(abandoned);
    // The other user keeps everything.
    expect(await rowsOf(s, bystander.userId)).toEqual(bystanderRows);
  });
});
