// Manual expenses a user adds by hand; every query is scoped to the user.
import type { Knex } from 'knex';

export interface ManualRow {
  id: number;
  user_id: number;
  amount_cents: number;
  category: string;
  name: string;
  date: string;
  created_at: number;
}

export function manualTransactionsRepo(db: Knex) {
  return {
    async create(row: Omit<ManualRow, 'id'>): Promise<ManualRow> {
      const [res] = await db('manual_transactions').insert(row).returning('id');
      const id = typeof res === 'object' ? (res as { id: number }).id : (res as number);
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
    async delete(userId: number, id: number): Promise<boolean> {
      return (await db('manual_transactions').where({ user_id: userId, id }).delete()) > 0;
    },
  };
}
