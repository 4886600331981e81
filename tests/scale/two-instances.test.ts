// `npm run test:scale`: two real server processes on one fresh PostgreSQL database, started at the
// same moment, as README "Running several instances" describes. Needs PostgreSQL (DATABASE_URL,
// by default the CI's postgres://postgres@127.0.0.1:5432/test); not part of `npm test`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import path from 'node:path';
import { startInstance, type Instance } from './instance';
import { linkSandboxBank, registerUser, sandboxKeysFromEnv, uniqueEmail } from '../support/accounts';
import { openEventStream } from '../support/event-stream';
import { waitForResetLink } from '../support/browser/outbox';
import { deriveAccessToken } from '../../server/plaid-sandbox/items';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LOGIN_LIMIT = 6;
const SYNCS = 20;
/** Rounds of simultaneous syncs; one round alone passes now and then even without the locks. */
const ROUNDS = 25;

const database = `scale_${randomBytes(6).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(BASE_URL);
  u.pathname = `/${database}`;
  return u.toString();
})();
/** What every instance shares; each has its own port and data folder. */
const shared = {
  NODE_ENV: 'production',
  SIMULATED_BANKING: 'true',
  MAIL_OUTBOX: 'true',
  DATABASE_URL: dbUrl,
  JWT_SECRET: randomBytes(48).toString('hex'),
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  PLAID_SANDBOX_CLIENT_ID: randomBytes(12).toString('hex'),
  PLAID_SANDBOX_SECRET: randomBytes(15).toString('hex'),
  PLAID_NOT_READY_MS: '0',
  AUTH_RATE_LIMIT: String(LOGIN_LIMIT),
  LOGIN_LOCKOUT_THRESHOLD: '1000',
};

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: BASE_URL });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

let a: Instance;
let b: Instance;

beforeAll(async () => {
  await admin((c) => c.query(`CREATE DATABASE ${database}`));
  // Both at the same moment on the empty database: they race to migrate.
  [a, b] = await Promise.all([startInstance('a', shared), startInstance('b', shared)]);
}, 90_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
});

describe('two instances on one PostgreSQL database', () => {
  it('when both start at the same moment on an empty database, then both migrate and serve', async () => {
    for (const s of [a, b]) {
      expect(await s.call('GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    }
    const d = new pg.Client({ connectionString: dbUrl });
    await d.connect();
    const migrations = await d
      .query<{ n: number; names: number }>(
        'SELECT count(*)::int AS n, count(DISTINCT name)::int AS names FROM knex_migrations',
      )
      .finally(() => d.end());
    // Each migration ran once, not once per instance.
    expect(migrations.rows[0].n).toBe(migrations.rows[0].names);
  });

  let token = '';

  it('when a user registers on one, then the token works on the other', async () => {
    ({ token } = await registerUser(a.call, { email: uniqueEmail('scale'), password: 'Correct-Horse-9' }));
    expect((await b.call('GET', '/api/auth/me', undefined, token)).status).toBe(200);
  });

  it(`when a bank linked on one gets ${SYNCS} simultaneous first syncs split over both (in each of several rounds), then no error, duplicate or pending-beside-posted pair`, async () => {
    await linkSandboxBank(a.call, token, sandboxKeysFromEnv(shared));

    const db = new pg.Pool({ connectionString: dbUrl, max: 1 });
    const count = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0].n;
    try {
      for (let round = 0; round < ROUNDS; round++) {
        // Each round starts from an empty history, so every sync of it is a full first sync.
        if (round > 0)
          expect((await b.call('POST', '/api/plaid/reset-transactions', {}, token)).status).toBe(200);
        const answers = await Promise.all(
          Array.from({ length: SYNCS }, async (_, i) => {
            const on = i % 2 ? b : a;
            const res = await on.call<{ total_transactions: number; error?: string }>(
              'GET',
              '/api/plaid/fetch-transactions',
              undefined,
              token,
            );
            return { on: on.name, ...res };
          }),
        );
        const failed = answers
          .filter((r) => r.status !== 200)
          .map((r) => `${r.on}: ${r.status} ${r.body.error}`);
        expect(failed.join('; '), `failed syncs, round ${round}`).toBe('');
        expect(Math.min(...answers.map((r) => r.body.total_transactions))).toBeGreaterThan(0);
        // Checked before any further sync could tidy up what these left behind.
        expect(
          await count(
            'SELECT count(*)::int AS n FROM (SELECT plaid_id FROM transactions GROUP BY plaid_id HAVING count(*) > 1) d',
          ),
          `duplicates, round ${round}`,
        ).toBe(0);
        expect(
          await count(
            `SELECT count(*)::int AS n FROM transactions p JOIN transactions q
               ON q.pending_transaction_id = p.plaid_id AND q.user_id = p.user_id
             WHERE p.pending`,
          ),
          `pending beside posted, round ${round}`,
        ).toBe(0);
      }

      // A later sync on the other instance reads the same item and cursor; the sandbox's history
      // moves with the clock, so this answer is what the table must hold.
      const again = await b.call<{ total_transactions: number }>(
        'GET',
        '/api/plaid/fetch-transactions',
        undefined,
        token,
      );
      expect(again.status).toBe(200);
      expect(await count('SELECT count(*)::int AS n FROM transactions')).toBe(again.body.total_transactions);
    } finally {
      await db.end();
    }
  });

  it('when sign-in guesses alternate between the instances, then the rate limit counts them together', async () => {
    const statuses: { on: string; status: number }[] = [];
    for (let i = 0; i < LOGIN_LIMIT * 2; i++) {
      const s = i % 2 ? b : a;
      const res = await s.call('POST', '/api/auth/login', {
        email: 'nobody@example.com',
        password: 'wrong-Password-1',
      });
      statuses.push({ on: s.name, status: res.status });
    }
    const allowed = statuses.filter((s) => s.status !== 429);
    expect(allowed).toHaveLength(LOGIN_LIMIT);
    expect(allowed.every((s) => s.status === 401)).toBe(true);
    const refusedOn = new Set(statuses.filter((s) => s.status === 429).map((s) => s.on));
    expect(refusedOn).toEqual(new Set(['a', 'b']));
  });
});

describe('live updates across instances (issue 27)', () => {
  it('when a webhook reaches instance A, then a page open on instance B hears of it and B lists the new row', async () => {
    const { token } = await registerUser(a.call, { email: uniqueEmail('live') });
    const itemId = await linkSandboxBank(a.call, token, sandboxKeysFromEnv(shared), {
      webhook: `${a.url}/api/plaid/webhook`,
    });
    expect((await a.call('GET', '/api/plaid/fetch-transactions', undefined, token)).status).toBe(200);
    // B has read the list once, so it remembers the user's bank data version.
    const listOnB = async () =>
      (await b.call<{ name: string }[]>('GET', '/api/plaid/transactions', undefined, token)).body.map(
        (t) => t.name,
      );
    expect(await listOnB()).not.toContain('Webhook Across Instances');
    const stream = await openEventStream(b.url, token);
    await expect.poll(() => stream.events).toContain('ready');
    const day = new Date().toISOString().slice(0, 10);
    const created = await a.call('POST', '/plaid-sandbox/sandbox/transactions/create', {
      client_id: shared.PLAID_SANDBOX_CLIENT_ID,
      secret: shared.PLAID_SANDBOX_SECRET,
      access_token: deriveAccessToken(Buffer.from(shared.ENCRYPTION_KEY, 'hex'), itemId),
      transactions: [
        { date_transacted: day, date_posted: day, amount: 9.99, description: 'Webhook Across Instances' },
      ],
    });
    expect(created.status).toBe(200);
    await expect.poll(() => stream.events, { timeout: 15_000 }).toContain('bank');
    expect(await listOnB()).toContain('Webhook Across Instances');
    stream.close();
  });

  it('when a password is reset on instance A, then the old token stops working on instance B at once', async () => {
    const { email, token: old } = await registerUser(a.call, { email: uniqueEmail('reset') });
    // Instance B remembers the signed-in user (and their token version) from this request.
    expect((await b.call('GET', '/api/auth/me', undefined, old)).status).toBe(200);
    const stream = await openEventStream(b.url, old);
    await expect.poll(() => stream.events).toContain('ready');
    expect((await a.call('POST', '/api/auth/forgot-password', { email })).status).toBe(200);
    const link = await waitForResetLink(email, 10_000, path.join(a.dataDir, 'outbox'));
    const resetToken = new URL(link.replace('#/', '')).searchParams.get('token')!;
    expect(
      (await a.call('POST', '/api/auth/reset-password', { token: resetToken, password: 'another-secret-9' }))
        .status,
    ).toBe(200);
    // PostgreSQL tells B when A's transaction commits, before A even answers.
    await expect
      .poll(async () => (await b.call('GET', '/api/auth/me', undefined, old)).status, { timeout: 2_000 })
      .toBe(401);
    expect((await b.call('GET', '/api/plaid/transactions', undefined, old)).status).toBe(401);
    await expect.poll(() => stream.events, { timeout: 5_000 }).toContain('session');
    stream.close();
  });
});
