// `npm run test:scale`: two real server processes on one fresh PostgreSQL database, started at the
// same moment, as README "Running several instances" describes. Needs PostgreSQL (DATABASE_URL,
// by default the CI's postgres://postgres@127.0.0.1:5432/test); not part of `npm test`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startInstance, type Instance } from './instance';

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
    const reg = await a.call<{ token: string }>('POST', '/api/auth/register', {
      email: `scale-${randomBytes(4).toString('hex')}@example.com`,
      password: 'Correct-Horse-9',
    });
    expect(reg.status).toBe(201);
    token = reg.body.token;
    expect((await b.call('GET', '/api/auth/me', undefined, token)).status).toBe(200);
  });

  it(`when a bank linked on one gets ${SYNCS} simultaneous first syncs split over both (in each of several rounds), then no error, duplicate or pending-beside-posted pair`, async () => {
    const pub = await a.sandbox<{ public_token: string }>('/sandbox/public_token/create', {
      institution_id: 'ins_109508',
      initial_products: ['transactions'],
    });
    const ex = await a.call('POST', '/api/plaid/exchange-token', { public_token: pub.public_token }, token);
    expect(ex.status).toBe(200);

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
