// Defects an outside probe found in the app's own API (issue 6, defects 3 to 9): each test is the
// probe's request, and what must hold instead.
import { describe, expect, it } from 'vitest';
import type { PlaidApi } from 'plaid';
import { SignJWT } from 'jose';
import { gzipSync } from 'node:zlib';
import { createTestServer, linkSandboxItem as linkItem, type TestServer } from '../support/server';
import { stubPlaid } from '../support/stub-plaid';
import type { Logger } from '../../server/lib/logger';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
const creds = { email: 'owner@example.com', password: 'secret123' };

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

/** A logger that keeps every line, to prove what is never written. */
function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const rec = (level: string) => (msg: string, meta?: Record<string, unknown>) => {
    lines.push(JSON.stringify({ level, msg, ...meta }));
  };
  return { lines, info: rec('info'), warn: rec('warn'), error: rec('error') };
}

/** POST from a given client address (the test server trusts loopback proxies). */
function postFrom(s: TestServer, ip: string, path: string, body: unknown) {
  return fetch(s.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
}

describe('defect 3: auth rate limits cannot be bypassed by spelling', () => {
  it('when a path is spelled in another case or with a trailing slash, then it shares the budget or is 404', async () => {
    await withServer({ config: { authRateLimit: 3 } }, async (s) => {
      const body = { email: 'a@example.com', password: 'wrong-password' };
      for (let i = 0; i < 3; i++) expect((await s.req('POST', '/api/auth/login', body)).status).toBe(401);
      for (const path of [
        '/api/auth/login',
        '/api/auth/LOGIN',
        '/api/auth/Login',
        '/api/auth/login/',
        '/api/AUTH/login',
        '/API/auth/login',
      ]) {
        const res = await s.req('POST', path, body);
        // A spelling either reaches the one login handler (and its spent budget) or nothing.
        expect([404, 429], path).toContain(res.status);
      }
    });
  });

  it('when register, forgot and reset are called in other spellings, then none reaches a handler', async () => {
    await withServer({}, async (s) => {
      for (const path of [
        '/api/auth/Register',
        '/api/auth/register/',
        '/api/auth/FORGOT-password',
        '/api/auth/reset-password/',
      ]) {
        expect(
          (await s.req('POST', path, { email: 'x@example.com', password: 'secret1' })).status,
          path,
        ).toBe(404);
      }
      expect(await s.countRows('users')).toBe(0);
    });
  });
});

describe('defect 3: failed logins are limited per account and address', () => {
  const lockout = { threshold: 5, baseMs: 60_000, maxMs: 15 * 60_000 };

  it('when one address guesses one account, then it answers 429 until the window ends, then the owner signs in', async () => {
    await withServer(
      { config: { authRateLimit: 1000, trustProxy: 'loopback', loginLockout: lockout } },
      async (s) => {
        await s.register(creds.email, creds.password);
        for (let i = 0; i < lockout.threshold; i++) {
          const res = await postFrom(s, '203.0.113.1', '/api/auth/login', {
            ...creds,
            password: `guess-${i}`,
          });
          expect(res.status).toBe(401);
        }
        // Locked for that address, even with the right password.
        const locked = await postFrom(s, '203.0.113.1', '/api/auth/login', creds);
        expect(locked.status).toBe(429);
        expect(await locked.json()).toEqual({ error: TOO_MANY });
        expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
        // The same holds for any spelling of the address.
        expect(
          (await postFrom(s, '203.0.113.1', '/api/auth/login', { ...creds, email: ' OWNER@example.com' }))
            .status,
        ).toBe(429);
        // The owner, elsewhere, is not locked out by it (issue 23).
        expect((await postFrom(s, '198.51.100.7', '/api/auth/login', creds)).status).toBe(200);

        s.clock.advance(lockout.baseMs + 1);
        const back = await postFrom(s, '203.0.113.1', '/api/auth/login', creds);
        expect(back.status).toBe(200);
      },
    );
  });

  it('when guessing goes on after a window, then each window is longer, up to the cap', async () => {
    await withServer(
      { config: { authRateLimit: 1000, trustProxy: 'loopback', loginLockout: lockout } },
      async (s) => {
        await s.register(creds.email, creds.password);
        const guess = (i: number) =>
          postFrom(s, '203.0.113.1', '/api/auth/login', { ...creds, password: `guess-${i}` });
        for (let i = 0; i < lockout.threshold; i++) expect((await guess(i)).status).toBe(401);
        const windows: number[] = [];
        for (let round = 0; round < 6; round++) {
          const res = await guess(100 + round);
          expect(res.status).toBe(429);
          const wait = Number(res.headers.get('retry-after'));
          windows.push(wait);
          s.clock.advance(wait * 1000 + 1);
          // One more wrong guess after the window locks the account again, for longer.
          expect((await guess(200 + round)).status).toBe(401);
        }
        expect(windows[0]).toBe(60);
        for (let i = 1; i < windows.length; i++) expect(windows[i]).toBeGreaterThanOrEqual(windows[i - 1]);
        expect(windows[1]).toBeGreaterThan(windows[0]);
        expect(Math.max(...windows)).toBe(lockout.maxMs / 1000);
        // The owner still gets in once the window has passed, and that clears the count.
        s.clock.advance(lockout.maxMs + 1);
        const ok = await postFrom(s, '203.0.113.1', '/api/auth/login', creds);
        expect(ok.status).toBe(200);
        expect((await guess(999)).status).toBe(401);
      },
    );
  });

  it('when the account does not exist, then guessing it locks the same way (no account enumeration)', async () => {
    await withServer({ config: { authRateLimit: 1000, loginLockout: lockout } }, async (s) => {
      const body = { email: 'nobody@example.com', password: 'guess' };
      for (let i = 0; i < lockout.threshold; i++)
        expect((await s.req('POST', '/api/auth/login', body)).status).toBe(401);
      expect((await s.req('POST', '/api/auth/login', body)).status).toBe(429);
      expect(JSON.stringify(await s.dumpAllRows())).not.toContain('nobody@example.com');
    });
  });
});

describe('defect 3: forgot-password never reveals its per-address cap', () => {
  it('when an address is over its e-mail cap, then the answer is the usual 200 and nothing is sent', async () => {
    await withServer({}, async (s) => {
      await s.register('victim@example.com');
      const first = await s.req('POST', '/api/auth/forgot-password', { email: 'victim@example.com' });
      for (let i = 0; i < 6; i++) {
        const res = await s.req('POST', '/api/auth/forgot-password', { email: 'victim@example.com' });
        expect(res.status).toBe(200);
        expect(res.body).toEqual(first.body);
      }
      await new Promise((r) => setTimeout(r, 50));
      expect(s.mailer.sent).toHaveLength(5);
    });
  });
});

describe('defect 4: NUL bytes and broken Unicode are a 400 on every database', () => {
  it('when any accepted string holds NUL or a lone surrogate, then 400 with an error, never 500', async () => {
    await withServer({}, async (s) => {
      const token = await s.register();
      const nul = 'pg\u0000x';
      const lone = 'a\uD800b';
      const cases: [string, string, unknown, string?][] = [
        ['POST', '/api/auth/login', { email: 'pg\u0000@example.com', password: 'x' }],
        ['POST', '/api/auth/login', { email: 'a@example.com', password: nul }],
        ['POST', '/api/auth/register', { email: `${lone}@example.com`, password: 'secret1' }],
        ['POST', '/api/auth/forgot-password', { email: 'pg\u0000@example.com' }],
        ['POST', '/api/auth/reset-password', { token: nul, password: 'secret123' }],
        ['POST', '/api/transactions/manual', { amount: 5, name: nul }, token],
        ['POST', '/api/transactions/manual', { amount: 5, description: lone }, token],
        ['POST', '/api/transactions/manual', { amount: 5, date: '2025-01-01\u0000' }, token],
        ['POST', '/api/plaid/create_link_token', { itemId: nul }, token],
        ['POST', '/api/plaid/item-reconnected', { itemId: nul }, token],
        ['POST', '/api/plaid/exchange-token', { public_token: nul }, token],
        [
          'POST',
          '/api/plaid/update-transaction-categories',
          { categories: [{ plaidId: nul, budget_category: 'Need' }] },
          token,
        ],
        [
          'POST',
          '/api/plaid/update-transaction-categories',
          { categories: [{ plaidId: 'x', budget_category: lone }] },
          token,
        ],
      ];
      for (const [method, path, body, tok] of cases) {
        const res = await s.req(method, path, body, tok);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(String(res.body.error)).toMatch(/NUL|Unicode/);
      }
      expect(await s.countRows('manual_transactions')).toBe(0);
    });
  });
});

/** A Plaid client whose next transactionsSync answer is held until the test lets it go. */
function gatedSync(real: () => PlaidApi) {
  let hold: Promise<void> | null = null;
  let letGo = () => {};
  let arrived = () => {};
  const api = real();
  const wrapped = new Proxy(api, {
    get(target, key, receiver) {
      if (key !== 'transactionsSync') return Reflect.get(target, key, receiver);
      return async (...args: Parameters<PlaidApi['transactionsSync']>) => {
        const res = await target.transactionsSync(...args);
        if (hold) {
          const h = hold;
          hold = null;
          arrived();
          await h;
        }
        return res;
      };
    },
  });
  return {
    plaid: () => wrapped,
    /** Holds the next sync answer; resolves when a sync has its answer and waits. */
    holdNext(): Promise<void> {
      hold = new Promise<void>((r) => (letGo = r));
      return new Promise<void>((r) => (arrived = r));
    },
    release: () => letGo(),
  };
}

async function linkSandboxItem(s: TestServer, token: string): Promise<string> {
  const itemId = await linkItem(s, token);
  s.clock.advance(60_000);
  return itemId;
}

describe('defect 5: a reset racing a sync never leaves rows and cursor disagreeing', () => {
  it('when a reset arrives while a sync waits on the bank, then it waits for that sync and a later sync brings the transactions back', async () => {
    await withServer({ env: { PLAID_NOT_READY_MS: '0' } }, async (s) => {
      const gate = gatedSync(s.deps.plaid);
      s.deps.plaid = gate.plaid;
      const token = await s.register();
      await linkSandboxItem(s, token);
      const first = await s.req<{ total_transactions: number }>(
        'GET',
        '/api/plaid/fetch-transactions',
        undefined,
        token,
      );
      expect(first.status).toBe(200);
      const total = first.body.total_transactions;
      expect(total).toBeGreaterThan(0);

      // The second sync has read the cursor and has the bank's answer; the reset goes first.
      const waiting = gate.holdNext();
      const racing = s.req<{ total_transactions: number }>(
        'GET',
        '/api/plaid/fetch-transactions',
        undefined,
        token,
      );
      await waiting;
      // The reset waits for the user's running sync (one bank operation at a time per user).
      const resetting = s.req<{ deleted: number }>('POST', '/api/plaid/reset-transactions', {}, token);
      gate.release();
      const raced = await racing;
      expect(raced.status).toBe(200);
      const reset = await resetting;
      expect(reset.status).toBe(200);
      expect(reset.body.deleted).toBe(raced.body.total_transactions);
      expect(await s.countRows('transactions')).toBe(0);

      // Whatever the order, the next sync shows the user's full history again.
      const after = await s.req<{ total_transactions: number }>(
        'GET',
        '/api/plaid/fetch-transactions',
        undefined,
        token,
      );
      expect(after.status).toBe(200);
      expect(after.body.total_transactions).toBeGreaterThanOrEqual(total - 2);
      const listed = await s.req<unknown[]>('GET', '/api/plaid/transactions', undefined, token);
      expect(listed.body.length).toBe(after.body.total_transactions);
    });
  });

  it('when a disconnect arrives while a sync waits on the bank, then it waits for that sync and nothing is left behind', async () => {
    await withServer({ env: { PLAID_NOT_READY_MS: '0' } }, async (s) => {
      const gate = gatedSync(s.deps.plaid);
      s.deps.plaid = gate.plaid;
      const token = await s.register();
      await linkSandboxItem(s, token);
      const waiting = gate.holdNext();
      const racing = s.req('GET', '/api/plaid/fetch-transactions', undefined, token);
      await waiting;
      const disconnecting = s.req('POST', '/api/plaid/disconnect', {}, token);
      gate.release();
      const raced = await racing;
      expect(raced.status).toBe(200);
      expect((await disconnecting).status).toBe(200);
      expect(await s.countRows('transactions')).toBe(0);
      expect(await s.countRows('plaid_items')).toBe(0);
    });
  });
});

describe('a stored cursor the bank refuses', () => {
  it('when the stored cursor is one the sandbox no longer accepts, then the sync starts over and keeps the labels', async () => {
    await withServer({ env: { PLAID_NOT_READY_MS: '0' } }, async (s) => {
      const token = await s.register();
      await linkSandboxItem(s, token);
      const first = await s.req<{ transactions: { plaidId: string }[]; total_transactions: number }>(
        'GET',
        '/api/plaid/fetch-transactions',
        undefined,
        token,
      );
      const labelled = first.body.transactions[0].plaidId;
      await s.req(
        'POST',
        '/api/plaid/update-transaction-categories',
        { categories: [{ plaidId: labelled, budget_category: 'Need' }] },
        token,
      );
      // A cursor in the sandbox's old, unsigned format, as a database from before signing holds.
      const legacy = Buffer.from(JSON.stringify({ i: 'x', s: { v: 0, t: 1, c: 0 } })).toString('base64url');
      await s.db('plaid_items').update({ cursor: legacy });
      const again = await s.req<{
        transactions: { plaidId: string; budget_category: string | null }[];
        total_transactions: number;
      }>('GET', '/api/plaid/fetch-transactions', undefined, token);
      expect(again.status).toBe(200);
      expect(again.body.total_transactions).toBeGreaterThanOrEqual(first.body.total_transactions - 2);
      expect(again.body.transactions.find((t) => t.plaidId === labelled)?.budget_category).toBe('Need');
      expect((await s.db('plaid_items').first('cursor')).cursor).not.toBe(legacy);
    });
  });
});

describe('defect 6: racing exchanges and what the error log may hold', () => {
  it('when the same item is exchanged twice at once, then neither answer is a 500 and one item is stored', async () => {
    const logger = recordingLogger();
    await withServer({ deps: { plaid: () => stubPlaid(10), logger } }, async (s) => {
      const token = await s.register();
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          s.req('POST', '/api/plaid/exchange-token', { public_token: 'public-sandbox-x' }, token),
        ),
      );
      for (const a of answers) expect([200, 409]).toContain(a.status);
      expect(answers.some((a) => a.status === 200)).toBe(true);
      expect(await s.countRows('plaid_items')).toBe(1);
      expect(logger.lines.join('\n')).not.toMatch(/insert into|v1:|access-sandbox/i);
    });
  });

  it('when a database error reaches the error handler, then the log has a code and no SQL or values', async () => {
    const logger = recordingLogger();
    await withServer({ deps: { logger } }, async (s) => {
      const token = await s.register();
      // Break the table under the running app so the next write fails inside the database.
      await s.db.schema.renameTable('manual_transactions', 'manual_transactions_gone');
      const res = await s.req(
        'POST',
        '/api/transactions/manual',
        { amount: 12.5, name: 'Secret Shop' },
        token,
      );
      expect(res.status).toBe(500);
      const log = logger.lines.join('\n');
      expect(log).toContain('unhandled error');
      expect(log).not.toMatch(/insert|Secret Shop|1250|manual_transactions/i);
      await s.db.schema.renameTable('manual_transactions_gone', 'manual_transactions');
    });
  });
});

describe('defect 7: manual amounts and dates follow documented rules', () => {
  it('when an amount or date breaks a rule, then 400 names the rule and nothing is stored', async () => {
    await withServer({ now: new Date('2025-03-01T12:00:00Z') }, async (s) => {
      const token = await s.register();
      const bad: [unknown, RegExp][] = [
        [{ amount: 1e-9 }, /at most 2 decimal places/],
        [{ amount: 100.10000000001 }, /at most 2 decimal places/],
        [{ amount: 0.001 }, /at most 2 decimal places/],
        [{ amount: 0 }, /greater than 0/],
        [{ amount: -5 }, /greater than 0/],
        [{ amount: 1_000_000.01 }, /at most \$1,000,000/],
        [{ amount: 5, date: '2024-02-30' }, /real calendar date/],
        [{ amount: 5, date: '2023-02-29' }, /real calendar date/],
        [{ amount: 5, date: '2025-13-01' }, /real calendar date/],
        [{ amount: 5, date: '0000-01-01' }, /between 1970-01-01 and/],
        [{ amount: 5, date: '1969-12-31' }, /between 1970-01-01 and/],
        [{ amount: 5, date: '9999-12-31' }, /between 1970-01-01 and/],
        [{ amount: 5, date: '2026-03-02' }, /between 1970-01-01 and 2026-03-01/],
        [{ amount: 5, date: '2025-02-10T25:00:00Z' }, /ISO 8601/],
      ];
      for (const [body, msg] of bad) {
        const res = await s.req('POST', '/api/transactions/manual', body, token);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(String(res.body.error), JSON.stringify(body)).toMatch(msg);
      }
      expect(await s.countRows('manual_transactions')).toBe(0);
      for (const [body, amount] of [
        [{ amount: 0.01, date: '2024-02-29' }, 0.01],
        [{ amount: 100.1, date: '1970-01-01' }, 100.1],
        [{ amount: 1_000_000, date: '2026-03-01' }, 1_000_000],
        [{ amount: 19.99, date: '2025-02-10T09:30:00Z' }, 19.99],
      ] as const) {
        const res = await s.req('POST', '/api/transactions/manual', body, token);
        expect(res.status, JSON.stringify(body)).toBe(201);
        expect(res.body.amount).toBe(amount);
      }
    });
  });
});

describe('defect 8: bank data is validated as it arrives', () => {
  it('when the bank sends impossible amounts, dates or ids, then those rows are skipped and counted', async () => {
    const logger = recordingLogger();
    const base = stubPlaid(3);
    const bad = (over: Record<string, unknown>, i: number) => ({
      transaction_id: `bad-${i}`,
      account_id: 'acc-1',
      name: 'Weird Shop',
      merchant_name: null,
      amount: 10,
      iso_currency_code: 'USD',
      date: '2025-02-10',
      category: null,
      personal_finance_category: null,
      pending: false,
      pending_transaction_id: null,
      ...over,
    });
    const plaid = {
      ...base,
      transactionsSync: async (req: { cursor?: string }) => {
        const res = await base.transactionsSync(req as never);
        const extra = [
          bad({ amount: 1e300 }, 1),
          bad({ amount: Number.NaN }, 2),
          bad({ date: '2024-02-30' }, 3),
          bad({ date: '9999-12-31' }, 4),
          bad({ transaction_id: 'x'.repeat(500) }, 5),
          bad({ account_id: 'a\u0000b' }, 6),
          bad({ iso_currency_code: 'DOLLARS' }, 7),
        ];
        return { data: { ...res.data, added: [...res.data.added, ...extra] } };
      },
    } as unknown as PlaidApi;
    await withServer({ deps: { plaid: () => plaid, logger } }, async (s) => {
      const token = await s.register();
      expect(
        (await s.req('POST', '/api/plaid/exchange-token', { public_token: 'public-x' }, token)).status,
      ).toBe(200);
      const res = await s.req<{ total_transactions: number; skipped_transactions: number }>(
        'GET',
        '/api/plaid/fetch-transactions',
        undefined,
        token,
      );
      expect(res.status).toBe(200);
      expect(res.body.total_transactions).toBe(3);
      expect(res.body.skipped_transactions).toBe(7);
      const log = logger.lines.join('\n');
      expect(log).toMatch(/skipped/);
      expect(log).not.toMatch(/Weird Shop|bad-1/);
    });
  });
});

describe('defect 9: headers, tokens and encodings', () => {
  it('when the app runs with the local sandbox, then the CSP names no plaid.com host and framing is denied', async () => {
    await withServer({}, async (s) => {
      const res = await fetch(s.url + '/api/health');
      expect(res.headers.get('content-security-policy')).not.toMatch(/plaid\.com/);
      expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    });
  });

  it('when a bearer token has no exp or an iat in the future, then 401', async () => {
    await withServer({}, async (s) => {
      const token = await s.register();
      const key = new TextEncoder().encode(s.config.jwtSecret);
      const now = Math.floor(s.clock.now().getTime() / 1000);
      const sub = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
      const noExp = await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuedAt(now)
        .sign(key);
      const future = await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuedAt(now + 3600)
        .setExpirationTime(now + 7200)
        .sign(key);
      const noIat = await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setExpirationTime(now + 60)
        .sign(key);
      expect((await s.req('GET', '/api/auth/me', undefined, token)).status).toBe(200);
      for (const t of [noExp, future, noIat])
        expect((await s.req('GET', '/api/auth/me', undefined, t)).status).toBe(401);
    });
  });

  it('when a body comes in an encoding the server cannot decode, then 415 (and gzip still works)', async () => {
    await withServer({}, async (s) => {
      const body = JSON.stringify({ email: 'a@example.com', password: 'wrong-password' });
      for (const enc of ['x-unknown', 'compress', 'zstd']) {
        const res = await fetch(s.url + '/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-encoding': enc },
          body,
        });
        expect(res.status, enc).toBe(415);
        expect((await res.json()).error).toMatch(/encoding/i);
      }
      const gz = await fetch(s.url + '/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: gzipSync(body),
      });
      expect(gz.status).toBe(401);
      const broken = await fetch(s.url + '/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: 'not gzip at all',
      });
      expect(broken.status).toBe(400);
    });
  });
});
