// The progress row and ledger of one user; every query is scoped to the user.
import type { Knex } from 'knex';
import type { ProgressState } from '../../src/domain/progress-events';
import type { Tx } from './unit-of-work';
import { liveBus } from './live-bus';

export interface LedgerRow {
  user_id: number;
  event_id: string;
  type: string;
  at: number;
  xp: number;
  lives: number;
  created_at: number;
}

/** Rows per insert statement: under SQLite's 999 bound variables with 7 columns a row. */
const INSERT_CHUNK = 100;

export function progressRepo(db: Knex) {
  return {
    async find(userId: number): Promise<ProgressState | null> {
      const row = await db('progress').where({ user_id: userId }).first('state');
      return row ? (JSON.parse(row.state as string) as ProgressState) : null;
    },

    /**
     * The user's state, its row locked until `trx` ends (created first when missing), so two
     * batches of one user apply one after the other. SQLite's write transaction locks anyway.
     */
    async lockForUpdate(userId: number, empty: ProgressState, now: number, trx: Tx): Promise<ProgressState> {
      await trx('progress')
        .insert({ user_id: userId, state: JSON.stringify(empty), updated_at: now })
        .onConflict('user_id')
        .ignore();
      const q = trx('progress').where({ user_id: userId }).first('state');
      const row = await (trx.client.config.client === 'pg' ? q.forUpdate() : q);
      return JSON.parse(row.state as string) as ProgressState;
    },

    async save(userId: number, state: ProgressState, now: number, trx: Tx): Promise<void> {
      await trx('progress')
        .where({ user_id: userId })
        .update({ state: JSON.stringify(state), updated_at: now });
      await liveBus(trx).announce(trx, { userId, kind: 'progress' });
    },

    /** Which of `ids` the user's ledger already holds. */
    async knownIds(userId: number, ids: string[], trx: Tx): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await trx('progress_events')
        .where({ user_id: userId })
        .whereIn('event_id', ids)
        .select('event_id');
      return new Set(rows.map((r: { event_id: string }) => r.event_id));
    },

    async append(rows: LedgerRow[], trx: Tx): Promise<void> {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await trx('progress_events').insert(rows.slice(i, i + INSERT_CHUNK));
      }
    },
  };
}
