// The user's labels on synced transactions, and manual expenses.
import type { AppDeps } from '../deps';
import { HttpError, notFound } from '../lib/errors';
import { unitOfWork } from '../repositories/unit-of-work';
import { isBudgetCategory, type ManualCategory } from '../../src/domain/categories';
import { transactionsRepo } from '../repositories/transactions-repo';
import { manualTransactionsRepo, type ManualRow } from '../repositories/manual-transactions-repo';

/** What a manual expense is called when the user gives no name (SPEC: 'Manual Expense'). */
export const MANUAL_NAME_DEFAULT = 'Manual Expense';

const NOT_FOUND = 'Transaction not found';

export interface CategoryUpdate {
  plaidId: string;
  budget_category: string;
}

export function transactionsService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const txs = transactionsRepo(deps.db);
  const manual = manualTransactionsRepo(deps.db);
  const units = unitOfWork(deps.db);

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
     * Applies every label in one transaction ('uncategorized' clears it). An id that is not the
     * user's (another user's, or one a sync removed) is listed in `errors` and changes nothing;
     * when no id is the user's the answer is a 404. Labels are checked by the route's schema;
     * the check here guards other callers.
     */
    async updateCategories(userId: number, updates: CategoryUpdate[]) {
      const errors: { plaidId: string; error: string }[] = [];
      let updatedCount = 0;
      const now = deps.clock.now().getTime();
      await units.run(async (trx) => {
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
          if (label !== null && !isBudgetCategory(label)) {
            errors.push({ plaidId: u.plaidId, error: `Unknown budget category '${u.budget_category}'` });
          } else if (!owned.has(u.plaidId)) {
            errors.push({ plaidId: u.plaidId, error: NOT_FOUND });
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
      if (
        errors.length > 0 &&
        errors.length === updates.length &&
        errors.every((e) => e.error === NOT_FOUND)
      ) {
        const message = updates.length === 1 ? NOT_FOUND : 'None of these transactions was found';
        throw new HttpError(404, message, { updatedCount: 0, errors });
      }
      return { updatedCount, errors };
    },

    /** Stores a manual expense; no name means 'Manual Expense', no date means now. */
    async createManual(
      userId: number,
      input: { amount: number; category: ManualCategory; name?: string; date?: string },
    ) {
      const now = deps.clock.now();
      const row = await manual.create({
        user_id: userId,
        amount_cents: Math.round(input.amount * 100),
        category: input.category,
        name: input.name || MANUAL_NAME_DEFAULT,
        date: input.date ?? now.toISOString(),
        created_at: now.getTime(),
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
export type TransactionsService = ReturnType<typeof transactionsService>;
