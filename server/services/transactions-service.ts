// The user's labels on synced transactions, and manual expenses.
import type { Knex } from 'knex';
import type { Clock } from '../lib/clock';
import { notFound } from '../lib/errors';
import { transactionsRepo } from '../repositories/transactions-repo';
import { manualTransactionsRepo, type ManualRow } from '../repositories/manual-transactions-repo';

export const LABELS = ['Need', 'Want', 'Savings', 'Income'] as const;

export interface CategoryUpdate {
  plaidId: string;
  budget_category: string;
}

export function transactionsService(deps: { db: Knex; clock: Clock }) {
  const txs = transactionsRepo(deps.db);
  const manual = manualTransactionsRepo(deps.db);

  const toApiManual = (r: ManualRow) => ({
    id: r.id,
    amount: Number(r.amount_cents) / 100,
    category: r.category,
    name: r.name,
    date: r.date,
    budget_category: r.category,
  });

  return {
    /**
     * Applies every valid label in one transaction. An unknown or foreign id, or a label that is
     * not Need/Want/Savings/Income ('uncategorized' clears it), is reported and changes nothing.
     */
    async updateCategories(userId: number, updates: CategoryUpdate[]) {
      const errors: { plaidId: string; error: string }[] = [];
      let updatedCount = 0;
      const now = deps.clock.now().getTime();
      await deps.db.transaction(async (trx) => {
        const owned = await txs.ownedIds(
          userId,
          updates.map((u) => u.plaidId),
          trx,
        );
        // The last label given for an id wins; ids are grouped by label so a batch of any
        // size takes at most a few statements per label.
        const byId = new Map<string, string | null>();
        for (const u of updates) {
          const label = u.budget_category === 'uncategorized' ? null : u.budget_category;
          if (label !== null && !(LABELS as readonly string[]).includes(label)) {
            errors.push({ plaidId: u.plaidId, error: `Unknown budget category '${u.budget_category}'` });
          } else if (!owned.has(u.plaidId)) {
            errors.push({ plaidId: u.plaidId, error: 'Transaction not found' });
          } else {
            byId.set(u.plaidId, label);
          }
        }
        const byLabel = new Map<string | null, string[]>();
        for (const [id, label] of byId) byLabel.set(label, [...(byLabel.get(label) ?? []), id]);
        for (const [label, ids] of byLabel) {
          updatedCount += await txs.setBudgetCategory(userId, ids, label, now, trx);
        }
      });
      return { updatedCount, errors };
    },

    async createManual(
      userId: number,
      input: { amount: number; category: string; name: string; date: string },
    ) {
      const row = await manual.create({
        user_id: userId,
        amount_cents: Math.round(input.amount * 100),
        category: input.category,
        name: input.name,
        date: input.date,
        created_at: deps.clock.now().getTime(),
      });
      return toApiManual(row);
    },
    async listManual(userId: number) {
      return (await manual.list(userId)).map(toApiManual);
    },
    async deleteManual(userId: number, id: number) {
      if (!(await manual.delete(userId, id))) throw notFound('Transaction not found');
      return { success: true, id };
    },
  };
}
