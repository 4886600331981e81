// Serialises one user's bank operations (sync, reset, exchange, reconnect, disconnect): in this
// process with a queue per user, and on PostgreSQL across every instance sharing the database
// with a session advisory lock keyed on the user. Two syncs of one user interleaving their pages
// deadlocked PostgreSQL and could leave a pending transaction beside its posted version.
import type pg from 'pg';
import type { Knex } from 'knex';
import { pgConnectionConfig, pgDriver } from '../db/knex';

/** Thrown when the lock was not free within the wait bound; the caller answers "busy". */
export class BankBusyError extends Error {
  constructor() {
    super('bank operation still running');
  }
}

const POLL_MS = { min: 20, spread: 60 };
/** Lock holders use their own small pool, so holding a lock never takes a connection that the
 *  locked work itself needs (that would starve the app's pool under many users). */
const LOCK_POOL_SIZE = 20;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves when `p` settles, or rejects with BankBusyError at `deadline` (epoch ms). */
async function settledBy(p: Promise<unknown>, deadline: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BankBusyError()), Math.max(0, deadline - Date.now()));
  });
  try {
    await Promise.race([
      p.then(
        () => undefined,
        () => undefined,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function bankLocks(db: Knex, opts: { waitMs: number }) {
  const config = db.client.config as Knex.Config;
  const onPostgres = config.client === 'pg';
  const searchPath = config.searchPath;
  // Tests give each file its own schema in one database; their users must not share locks.
  const namespace = `budget-quest:bank:${(Array.isArray(searchPath) ? searchPath[0] : searchPath) ?? 'public'}`;
  const queues = new Map<number, Promise<unknown>>();
  let pool: pg.Pool | undefined;

  /** Holds the user's advisory lock while `work` runs; polls so no waiter holds a connection. */
  async function acrossInstances<T>(userId: number, deadline: number, work: () => Promise<T>): Promise<T> {
    pool ??= new (pgDriver().Pool)({
      ...pgConnectionConfig(db),
      max: LOCK_POOL_SIZE,
      idleTimeoutMillis: 5_000,
      // An idle lock pool must not keep a finished process (or test file) alive.
      allowExitOnIdle: true,
    });
    for (;;) {
      const client = await pool.connect();
      let locked = false;
      try {
        const res = await client.query<{ ok: boolean }>(
          'SELECT pg_try_advisory_lock(hashtext($1), $2) AS ok',
          [namespace, userId],
        );
        locked = res.rows[0]?.ok === true;
        if (locked) return await work();
      } finally {
        if (locked) {
          try {
            await client.query('SELECT pg_advisory_unlock(hashtext($1), $2)', [namespace, userId]);
            client.release();
          } catch (err) {
            // Dropping the connection ends its session, which releases the lock.
            client.release(err instanceof Error ? err : true);
          }
        } else client.release();
      }
      if (Date.now() >= deadline) throw new BankBusyError();
      await sleep(POLL_MS.min + Math.random() * POLL_MS.spread);
    }
  }

  return {
    /** Runs `work` once no other bank operation of the user runs anywhere; waits at most waitMs. */
    async run<T>(userId: number, work: () => Promise<T>): Promise<T> {
      const deadline = Date.now() + opts.waitMs;
      const before = queues.get(userId) ?? Promise.resolve();
      let done!: () => void;
      const mine = new Promise<void>((resolve) => (done = resolve));
      const tail = before.then(() => mine);
      queues.set(userId, tail);
      try {
        await settledBy(before, deadline);
        return onPostgres ? await acrossInstances(userId, deadline, work) : await work();
      } finally {
        done();
        if (queues.get(userId) === tail) queues.delete(userId);
      }
    },
  };
}
export type BankLocks = ReturnType<typeof bankLocks>;
