// Failed sign-in counts per account key. Each change is one atomic statement, so racing guesses
// from many addresses (or instances) are all counted.
import type { Knex } from 'knex';

export interface LoginFailureRow {
  failures: number;
  lockedUntil: number;
}

export function loginFailuresRepo(db: Knex) {
  return {
    async get(key: string): Promise<LoginFailureRow | undefined> {
      const row = await db('login_failures').where({ key }).first('failures', 'locked_until');
      return row && { failures: Number(row.failures), lockedUntil: Number(row.locked_until) };
    },

    /**
     * Counts one failure and returns the new count. A count whose last failure is older than
     * `forgetBefore` starts again from 1.
     */
    async recordFailure(key: string, now: number, forgetBefore: number): Promise<number> {
      const [row] = await db('login_failures')
        .insert({ key, failures: 1, locked_until: 0, last_failure_at: now })
        .onConflict('key')
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

    async lockUntil(key: string, until: number): Promise<void> {
      await db('login_failures').where({ key }).update({ locked_until: until });
    },

    async clear(key: string): Promise<void> {
      await db('login_failures').where({ key }).delete();
    },
  };
}
