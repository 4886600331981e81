// Failed sign-in counts per account and client address (both as HMAC keys, so no address is
// stored). Each change is one atomic statement, so racing guesses (or instances) are all counted.
import type { Knex } from 'knex';

export interface LoginFailureRow {
  failures: number;
  lockedUntil: number;
}

/** One account as seen from one client address. */
export interface FailureKey {
  account: string;
  client: string;
}

const where = (k: FailureKey) => ({ account_key: k.account, client_key: k.client });

export function loginFailuresRepo(db: Knex) {
  return {
    async get(k: FailureKey): Promise<LoginFailureRow | undefined> {
      const row = await db('login_failures').where(where(k)).first('failures', 'locked_until');
      return row && { failures: Number(row.failures), lockedUntil: Number(row.locked_until) };
    },

    /**
     * Counts one failure and returns the new count. A count whose last failure is older than
     * `forgetBefore` starts again from 1.
     */
    async recordFailure(k: FailureKey, now: number, forgetBefore: number): Promise<number> {
      const [row] = await db('login_failures')
        .insert({ ...where(k), failures: 1, locked_until: 0, last_failure_at: now })
        .onConflict(['account_key', 'client_key'])
        .merge({
          failures: db.raw('CASE WHEN ?? < ? THEN 1 ELSE ?? + 1 END', [
            'login_failures.last_failure_at',
            forgetBefore,
            'login_failures.failures',
          ]),
          last_failure_at: now,
        })
        .returning(['failures']);
      return Number(row.failures);
    },

    async lockUntil(k: FailureKey, until: number): Promise<void> {
      await db('login_failures').where(where(k)).update({ locked_until: until });
    },

    async clear(k: FailureKey): Promise<void> {
      await db('login_failures').where(where(k)).delete();
    },

    /** Forgets every address's failures for the account (a completed reset, a deletion). */
    async clearAccount(account: string): Promise<void> {
      await db('login_failures').where({ account_key: account }).delete();
    },

    /** Drops counts that no longer matter, so the table holds only recent guessing. */
    async pruneOlderThan(before: number): Promise<void> {
      await db('login_failures').where('last_failure_at', '<', before).delete();
    },
  };
}
