// Defects an outside probe found in the third security round (issue 23): each test is the probe's
// request, and what must hold instead. Client addresses are the X-Forwarded-For a trusted
// loopback proxy reports.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createTestServer, linkSandboxItem, type TestServer } from '../support/server';
import type { Knex } from 'knex';
import type { Logger } from '../../server/lib/logger';

async function withServer(
  opts: Parameters<typeof createTestServer>[0],
  fn: (s: TestServer) => Promise<void>,
) {
  const s = await createTestServer(opts);
  try {
    await fn(s);
  } finally {
    await s.close();
  }
}

function postFrom(s: TestServer, ip: string, path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': ip };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(s.url + path, { method: 'POST', headers, body: JSON.stringify(body) });
}

const resetTokenOf = (s: TestServer) => /token=([A-Za-z0-9_-]+)/.exec(s.mailer.sent.at(-1)!.text)![1]!;
/** Lets the reset e-mail (sent without waiting) reach the memory mailer. */
const settle = () => new Promise((r) => setTimeout(r, 30));

/**
 * Opens Link for the user through the app, completes it at the sandbox bank (so a public token
 * exists), and never exchanges it: the browser went away. Answers the link token.
 */
async function completeLinkWithoutExchange(s: TestServer, token: string): Promise<string> {
  const created = await s.req<{ link_token: string }>('POST', '/api/plaid/create_link_token', {}, token);
  expect(created.status).toBe(200);
  const { link_token } = created.body;
  const creds = { link_token, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' };
  const link = (path: string, body: unknown) =>
    fetch(`${s.url}/plaid-sandbox/link${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await link('/open', { link_token })).status).toBe(200);
  expect((await link('/credentials', creds)).status).toBe(200);
  expect((await link('/session', creds)).status).toBe(200);
  return link_token;
}

const count = async (q: Knex.QueryBuilder) => Number(((await q.count({ n: '*' })) as { n: unknown }[])[0]!.n);

const lockout = { threshold: 10, baseMs: 60_000, maxMs: 60 * 60_000 };
const owner = { email: 'owner@example.com', password: 'the-right-one' };
const proxied = { config: { authRateLimit: 1000, trustProxy: 'loopback', loginLockout: lockout } };

describe('issue 23.1: a stranger cannot lock the owner out', () => {
  it('when ten addresses each guess once, then the owner still signs in from their own address', async () => {
    await withServer(proxied, async (s) => {
      await s.register(owner.email, owner.password);
      for (let i = 0; i < 10; i++) {
        const res = await postFrom(s, `203.0.113.${i + 1}`, '/api/auth/login', {
          ...owner,
          password: `guess-${i}`,
        });
        expect(res.status).toBe(401);
      }
      expect((await postFrom(s, '198.51.100.20', '/api/auth/login', owner)).status).toBe(200);
    });
  });

  it('when one address guesses past the threshold, then that address is locked and the owner elsewhere is not', async () => {
    await withServer(proxied, async (s) => {
      await s.register(owner.email, owner.password);
      for (let i = 0; i < lockout.threshold; i++)
        await postFrom(s, '203.0.113.9', '/api/auth/login', { ...owner, password: `guess-${i}` });
      const locked = await postFrom(s, '203.0.113.9', '/api/auth/login', owner);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await postFrom(s, '198.51.100.20', '/api/auth/login', owner)).status).toBe(200);
    });
  });

  it('when the owner is locked out and resets the password, then the new password works at once', async () => {
    await withServer(proxied, async (s) => {
      await s.register(owner.email, owner.password);
      const home = '198.51.100.30';
      for (let i = 0; i < lockout.threshold + 3; i++)
        await postFrom(s, home, '/api/auth/login', { ...owner, password: `typo-${i}` });
      expect((await postFrom(s, home, '/api/auth/login', owner)).status).toBe(429);

      expect((await postFrom(s, home, '/api/auth/forgot-password', { email: owner.email })).status).toBe(200);
      await settle();
      const reset = await postFrom(s, home, '/api/auth/reset-password', {
        token: resetTokenOf(s),
        password: 'brand-new-password',
      });
      expect(reset.status).toBe(200);
      const login = await postFrom(s, home, '/api/auth/login', { ...owner, password: 'brand-new-password' });
      expect(login.status).toBe(200);
      expect(await s.countRows('login_failures')).toBe(0);
    });
  });
});

describe('issue 23.2: a reset link is never logged in production', () => {
  it('when production keeps mail in the outbox, then the log has no reset link or token', async () => {
    const lines: string[] = [];
    const rec = (msg: string, meta?: Record<string, unknown>) => lines.push(JSON.stringify({ msg, ...meta }));
    const logger: Logger = { info: rec, warn: rec, error: rec };
    await withServer({ config: { nodeEnv: 'production' }, deps: { logger } }, async (s) => {
      await s.register(owner.email, owner.password);
      await s.req('POST', '/api/auth/forgot-password', { email: owner.email });
      await settle();
      const token = resetTokenOf(s);
      const log = lines.join('\n');
      expect(log).not.toContain(token);
      expect(log).not.toContain('reset-password');
    });
  });
});

describe('issue 23.3: impossible time-zone offsets are refused', () => {
  it.each(['+24:00', '+99:99', '-9959', '+00:60', '-24:00', '+2400'])(
    'when a manual expense is dated with the offset %s, then 400 names the rule and nothing is stored',
    async (offset) => {
      await withServer({}, async (s) => {
        const token = await s.register();
        const res = await s.req(
          'POST',
          '/api/transactions/manual',
          { amount: 5, date: `2025-02-20T10:00:00${offset}` },
          token,
        );
        expect(res.status).toBe(400);
        expect(String(res.body.error)).toMatch(/time-zone offset/i);
        expect(await s.countRows('manual_transactions')).toBe(0);
      });
    },
  );

  it('when a real offset is given, then the expense is stored at that instant', async () => {
    await withServer({}, async (s) => {
      const token = await s.register();
      for (const offset of ['+05:30', '-0800', '+14:00', 'Z'])
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
  });
});

describe('issue 23.5: account deletion leaves nothing keyed to the user or their e-mail', () => {
  it('when a user with throttling rows deletes the account, then no row holds their e-mail key or id', async () => {
    await withServer(proxied, async (s) => {
      const email = 'leaving@example.com';
      const token = await s.register(email, owner.password);
      await postFrom(s, '203.0.113.5', '/api/auth/login', { email, password: 'wrong-one' });
      await s.req('POST', '/api/auth/forgot-password', { email });
      await s.req('POST', '/api/plaid/create_link_token', {}, token);
      expect(await s.countRows('login_failures')).toBe(1);
      const limits = (await s.db('rate_limits').pluck('key')) as string[];
      expect(limits.some((k) => k.startsWith('reset-mail:'))).toBe(true);
      expect(limits.some((k) => k.startsWith('link-token:'))).toBe(true);

      expect((await s.req('DELETE', '/api/auth/account', undefined, token)).status).toBe(200);
      expect(await s.countRows('login_failures')).toBe(0);
      const left = (await s.db('rate_limits').pluck('key')) as string[];
      expect(left.filter((k) => k.startsWith('reset-mail:') || k.startsWith('link-token:'))).toEqual([]);
    });
  });

  it('when throttling rows are keyed by an e-mail, then the key is no unsalted SHA-256 of it', async () => {
    await withServer(proxied, async (s) => {
      const email = 'guessable@example.com';
      await postFrom(s, '203.0.113.6', '/api/auth/login', { email, password: 'wrong-one' });
      await s.req('POST', '/api/auth/forgot-password', { email });
      const sha = createHash('sha256').update(email).digest('hex');
      const rows = JSON.stringify(await s.dumpAllRows());
      expect(rows).not.toContain(sha);
      expect(rows).not.toContain(email);
    });
  });

  it('when an abandoned Link session left an Item and a public token, then deletion leaves none of it', async () => {
    await withServer({}, async (s) => {
      const token = await s.register('linker@example.com');
      const userId = (await s.req<{ id: number }>('GET', '/api/auth/me', undefined, token)).body.id;
      await linkSandboxItem(s, token);
      // Link opened, completed at the bank, and then the browser went away: never exchanged.
      const abandoned = await completeLinkWithoutExchange(s, token);
      // A second Link opened and closed at once.
      const { link_token: closed } = (
        await s.req<{ link_token: string }>('POST', '/api/plaid/create_link_token', {}, token)
      ).body;
      const clientUserIds = (await s.db('plaid_sandbox_link_tokens').pluck('client_user_id')) as string[];
      // Plaid gets an opaque id, never the app's user id.
      expect(clientUserIds).toHaveLength(2);
      for (const id of clientUserIds) {
        expect(id).toMatch(/^[0-9a-f]{32}$/);
        expect(id).not.toBe(`user-${userId}`);
      }
      expect(await s.countRows('plaid_sandbox_items')).toBe(2);
      expect(await count(s.db('plaid_sandbox_public_tokens').whereNull('used_at'))).toBe(1);

      expect((await s.req('DELETE', '/api/auth/account', undefined, token)).status).toBe(200);
      // The connected Item and the abandoned one are both removed at once (item/remove), with
      // the public token and the link token of the abandoned session.
      expect(await s.countRows('plaid_sandbox_items')).toBe(0);
      expect(await s.countRows('plaid_sandbox_public_tokens')).toBe(0);
      expect(
        await s.db('plaid_sandbox_link_tokens').where({ link_token: abandoned }).first(),
      ).toBeUndefined();
      expect(await s.countRows('plaid_sandbox_link_sessions')).toBe(0);
      for (const table of await s.tablesWithUserId())
        expect(await count(s.db(table).where({ user_id: userId })), table).toBe(0);
      // The app never learns the abandoned Item's id; no row of the app's holds either token.
      const rows = JSON.stringify(await s.dumpAllRows());
      expect(rows).not.toContain(abandoned);
      // A link token no session finished made nothing to remove; it expires after 4 hours,
      // as at Plaid, and nothing of the user is left then.
      s.clock.advance(4 * 60 * 60_000 + 1);
      const other = await s.register();
      await s.req('POST', '/api/plaid/create_link_token', {}, other);
      const left = (await s.db('plaid_sandbox_link_tokens').pluck('link_token')) as string[];
      expect(left).not.toContain(closed);
      const ids = (await s.db('plaid_sandbox_link_tokens').pluck('client_user_id')) as string[];
      expect(ids.filter((id) => clientUserIds.includes(id))).toEqual([]);
    });
  });

  it('when the bank fails while removing an abandoned Item, then the account stays and a retry finishes', async () => {
    await withServer({}, async (s) => {
      const token = await s.register('retry@example.com');
      const userId = (await s.req<{ id: number }>('GET', '/api/auth/me', undefined, token)).body.id;
      await completeLinkWithoutExchange(s, token);
      const real = s.deps.plaid();
      let failNext = true;
      s.deps.plaid = () =>
        new Proxy(real, {
          get(target, prop, receiver) {
            if (prop === 'itemRemove' && failNext) {
              failNext = false;
              return () =>
                Promise.reject(Object.assign(new Error('bank down'), { response: { status: 500 } }));
            }
            return Reflect.get(target, prop, receiver) as unknown;
          },
        });
      const first = await s.req('DELETE', '/api/auth/account', undefined, token);
      expect(first.status).toBe(502);
      expect(await s.db('users').where({ id: userId }).first()).toBeDefined();
      expect(await s.countRows('plaid_sandbox_items')).toBe(1);
      expect((await s.req('DELETE', '/api/auth/account', undefined, token)).status).toBe(200);
      expect(await s.countRows('plaid_sandbox_items')).toBe(0);
      expect(await s.countRows('plaid_sandbox_public_tokens')).toBe(0);
      expect(await s.countRows('plaid_link_tokens')).toBe(0);
      expect(await s.countRows('plaid_items')).toBe(0);
    });
  });
});

describe('issue 23.7: create_link_token is limited per user', () => {
  it('when one user asks for link tokens over and over, then 429 past the budget, and other users are unaffected', async () => {
    await withServer({ config: { linkTokenRateLimit: 3 } }, async (s) => {
      const token = await s.register();
      const other = await s.register();
      for (let i = 0; i < 3; i++)
        expect((await s.req('POST', '/api/plaid/create_link_token', {}, token)).status).toBe(200);
      const over = await s.req('POST', '/api/plaid/create_link_token', {}, token);
      expect(over.status).toBe(429);
      expect(over.body.error).toBe('Too many attempts. Please wait a few minutes and try again.');
      expect((await s.req('POST', '/api/plaid/create_link_token', {}, other)).status).toBe(200);
    });
  });
});
