// The database's answer to "are you there?".
import type { Knex } from 'knex';

export function healthRepo(db: Knex) {
  return {
    async ping(): Promise<void> {
      await db.raw('select 1');
    },
  };
}
