// The facts the referee reads and marks inside a reward's own transaction: whether a bank is
// linked, the transactions a 24-hour quest is checked against, institutions ever linked, and which
// transactions already paid a matcher label. Every query is scoped to the user.
import type { Knex } from 'knex';
import { chunks, notInRemoval } from './transactions-repo';

export interface CheckRow {
  name: string;
  amount_cents: number | string;
  category: string | null;
  date: string;
  pending: boolean | number;
  /** The Plaid subtype of the row's account (null when the account is not known). */
  subtype: string | null;
}

export function refereeRepo(db: Knex) {
  return {
    async hasLiveBank(userId: number, trx: Knex = db): Promise<boolean> {
      const row = await trx('plaid_items')
        .where({ user_id: userId })
        .whereNull('removal_started_at')
        .first('id');
      return Boolean(row);
    },

    /** The user's transactions dated on or after `sinceDay` (YYYY-MM-DD), for a quest's check. */
    checkRows(userId: number, sinceDay: string, trx: Knex = db): Promise<CheckRow[]> {
      return trx('transactions as t')
        .leftJoin('bank_accounts as a', function () {
          this.on('a.user_id', '=', 't.user_id').andOn('a.account_id', '=', 't.account_id');
        })
        .where('t.user_id', userId)
        .where('t.date', '>=', sinceDay)
        .where(notInRemoval(trx, userId, 't.item_row_id'))
        .select('t.name', 't.amount_cents', 't.category', 't.date', 't.pending', 'a.subtype');
    },

    /** Records that the user linked `institutionId`; true when this account never had it before. */
    async linkInstitution(userId: number, institutionId: string, now: number, trx: Knex): Promise<boolean> {
      const before = await trx('linked_institutions')
        .where({ user_id: userId, institution_id: institutionId })
        .first('user_id');
      if (before) return false;
      await trx('linked_institutions')
        .insert({ user_id: userId, institution_id: institutionId, created_at: now })
        .onConflict(['user_id', 'institution_id'])
        .ignore();
      return true;
    },

    /** Of `plaidIds`, the user's transactions that are unlabelled and never paid a matcher label. */
    async matcherPayable(userId: number, plaidIds: string[], trx: Knex): Promise<Set<string>> {
      const found = new Set<string>();
      for (const ids of chunks(plaidIds)) {
        const rows = await trx('transactions')
          .where({ user_id: userId, matcher_paid: false })
          .whereNull('budget_category')
          .whereIn('plaid_id', ids)
          .select('plaid_id');
        for (const r of rows as { plaid_id: string }[]) found.add(r.plaid_id);
      }
      return found;
    },

    async markMatcherPaid(userId: number, plaidIds: string[], trx: Knex): Promise<void> {
      for (const ids of chunks(plaidIds)) {
        await trx('transactions')
          .where({ user_id: userId })
          .whereIn('plaid_id', ids)
          .update({ matcher_paid: true });
      }
    },
  };
}
