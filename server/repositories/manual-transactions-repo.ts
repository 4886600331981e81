// Manual expenses a user adds by hand; every query is scoped to the user.
import type { Knex } from 'knex';
import { liveBus } from './live-bus';

export interface ManualRow {
  id: number;
  user_id: number;
  amount_cents: number;
  category: string;
  name: string;
  date: string;
  created_at: number;
  /** What storing it paid (DECISIONS, the referee), and the user's day it was paid on. */
  reward_xp?: number | null;
  reward_lives?: number | null;
  reward_day?: string | null;
}

export function manualTransactionsRepo(db: Knex) {
  return {
    async create(row: Omit<ManualRow, 'id'>, trx: Knex = db): Promise<ManualRow> {
      const [res] = await trx('manual_transactions').insert(row).returning('id');
      const id = typeof res === 'object' ? (res as { id: number }).id : (res as number);
      // Open pages of the user refetch their money data when this commits.
      await liveBus(trx).announce(trx, { userId: row.user_id, kind: 'bank' });
      return { ...row, id };
    },
    list(userId: number): Promise<ManualRow[]> {
      return db<ManualRow>('manual_transactions')
        .where({ user_id: userId })
        .orderBy([
          { column: 'date', order: 'desc' },
          { column: 'id', order: 'desc' },
        ]);
    },
    /** Deletes one of the user's expenses and returns it, or null when there was none. */
    async delete(userId: number, id: number, trx: Knex = db): Promise<ManualRow | null> {
      const row = await trx<ManualRow>('manual_transactions').where({ user_id: userId, id }).first();
      if (!row) return null;
      await trx('manual_transactions').where({ user_id: userId, id }).delete();
      await liveBus(trx).announce(trx, { userId, kind: 'bank' });
      return row;
    },
  };
}
