// The user's labels on synced transactions, and manual expenses.
import type { AppDeps } from '../deps';
import { HttpError, notFound } from '../lib/errors';
import { unitOfWork } from '../repositories/unit-of-work';
import { isBudgetCategory, type ManualCategory } from '../../src/domain/categories';
import { transactionsRepo } from '../repositories/transactions-repo';
import { manualTransactionsRepo, type ManualRow } from '../repositories/manual-transactions-repo';
import { refereeRepo } from '../repositories/referee-repo';
import { notice, type ProgressService } from './progress-service';
import { expenseDeleted, expenseStored, matcherPaid, recordHistory } from '../../src/domain/referee';
import { manualExpenseReward } from '../../src/domain/xp';
import type { RewardNotice } from '../../src/domain/progress-events';

/** What a manual expense is called when the user gives no name (SPEC: 'Manual Expense'). */
export const MANUAL_NAME_DEFAULT = 'Manual Expense';

const NOT_FOUND = 'Transaction not found';

export interface CategoryUpdate {
  plaidId: string;
  budget_category: string;
  /** From a Category Matcher round: the card timed out (labelled Want, -5 XP). */
  timedOut?: boolean;
}

export function transactionsService(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  progress: ProgressService,
  random: () => number = Math.random,
) {
  const facts = refereeRepo(deps.db);
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
    async updateCategories(userId: number, updates: CategoryUpdate[], opts: { matcher?: boolean } = {}) {
      const errors: { plaidId: string; error: string }[] = [];
      let updatedCount = 0;
      const now = deps.clock.now().getTime();
      let reward: RewardNotice | undefined;
      let state;
      await units.run(async (trx) => {
        // A matcher round pays only for the user's own unlabelled transactions, once each ever,
        // judged before the labels below change them.
        const payable = opts.matcher
          ? await facts.matcherPayable(
              userId,
              updates.map((u) => u.plaidId),
              trx,
            )
          : new Set<string>();
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
        if (opts.matcher) {
          const paidIds = [...payable].filter((id) => byId.get(id) != null);
          const timedOut = new Set(updates.filter((u) => u.timedOut).map((u) => u.plaidId));
          const timeouts = paidIds.filter((id) => timedOut.has(id)).length;
          await facts.markMatcherPaid(userId, paidIds, trx);
          const paid = await progress.within(userId, trx, (s, ctx) => {
            const applied = matcherPaid(s, paidIds.length - timeouts, timeouts);
            recordHistory(s, ctx.now, applied);
            return applied;
          });
          reward = notice(paid.value);
          state = paid.state;
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
      return opts.matcher ? { updatedCount, errors, reward, progress: state } : { updatedCount, errors };
    },

    /**
     * Stores a manual expense (no name means 'Manual Expense', no date means now) and, in the
     * same transaction, draws its reward: paid for the first 3 expenses of the user's day.
     */
    async createManual(
      userId: number,
      input: { amount: number; category: ManualCategory; name?: string; date?: string },
    ) {
      const now = deps.clock.now();
      return units.run(async (trx) => {
        const paid = await progress.within(userId, trx, (state, ctx) => {
          const drawn = expenseStored(state, ctx.now, manualExpenseReward(random));
          if (drawn) recordHistory(state, ctx.now, drawn.applied);
          return drawn;
        });
        const drawn = paid.value;
        const row = await manual.create(
          {
            user_id: userId,
            amount_cents: Math.round(input.amount * 100),
            category: input.category,
            name: input.name || MANUAL_NAME_DEFAULT,
            date: input.date ?? now.toISOString(),
            created_at: now.getTime(),
            reward_xp: drawn?.applied.xp ?? null,
            reward_lives: drawn?.applied.lives ?? null,
            reward_day: drawn?.day ?? null,
          },
          trx,
        );
        return {
          ...toApiManual(row),
          reward: drawn
            ? notice(drawn.applied)
            : { xp: 0, lives: 0, livesOffered: 0, achievements: [], text: '' },
          progress: paid.state,
        };
      });
    },
    async listManual(userId: number) {
      return (await manual.list(userId)).map(toApiManual);
    },
    /** Deletes one of the user's expenses; one rewarded today gives its reward back. */
    async deleteManual(userId: number, id: number) {
      return units.run(async (trx) => {
        const row = await manual.delete(userId, id, trx);
        if (!row) throw notFound('Transaction not found');
        if (!row.reward_day) return { success: true, id };
        const paid = await progress.within(userId, trx, (state, ctx) => {
          const applied = expenseDeleted(state, ctx.now, {
            day: row.reward_day!,
            xp: row.reward_xp ?? 0,
            lives: row.reward_lives ?? 0,
          });
          if (applied) recordHistory(state, ctx.now, applied);
          return applied;
        });
        return {
          success: true,
          id,
          ...(paid.value ? { reward: notice(paid.value) } : {}),
          progress: paid.state,
        };
      });
    },
  };
}
export type TransactionsService = ReturnType<typeof transactionsService>;
