// The Learn path's row of one user and the money rows its personal questions are built from;
// every query is scoped to the user.
import type { Knex } from 'knex';
import type { BuiltQuestion } from '../../src/domain/learn-personal';
import type { AttemptKind } from '../../src/domain/learn';
import type { Schedule } from '../../src/domain/learn-schedule';
import { inRemoval } from './transactions-repo';
import type { Tx } from './unit-of-work';

/** One open round of questions; its answers stay on the server. */
export interface StoredAttempt {
  id: string;
  kind: AttemptKind;
  /** The lesson id, 'review', or the check's stage. */
  key: string;
  title: string;
  questions: BuiltQuestion[];
  /** The choice given to each question so far (null: not answered yet). */
  choices: (number | null)[];
}

export interface LearnState {
  /** Lessons with every question answered (they unlock the next). */
  finished: string[];
  /** Lessons answered all right once: their reward is paid, once per account. */
  perfect: string[];
  check: { before: number | null; after: number | null };
  schedule: Schedule;
  /** The player's day whose Review reward was paid. */
  reviewPaidDay: string | null;
  attempt: StoredAttempt | null;
}

export const newLearnState = (): LearnState => ({
  finished: [],
  perfect: [],
  check: { before: null, after: null },
  schedule: {},
  reviewPaidDay: null,
  attempt: null,
});

export interface MoneyRow {
  id: string;
  name: string;
  merchant_name: string | null;
  amount_cents: number | string;
  date: string;
  category: string | null;
  pfc_primary: string | null;
  budget_category: string | null;
  account_id: string | null;
  pending: boolean | number;
  subtype: string | null;
}

const parse = (raw: string): LearnState => ({
  ...newLearnState(),
  ...(JSON.parse(raw) as Partial<LearnState>),
});

export function learnRepo(db: Knex) {
  return {
    async find(userId: number): Promise<LearnState> {
      const row = await db('learn_state').where({ user_id: userId }).first('state');
      return row ? parse(row.state as string) : newLearnState();
    },

    /** The user's row, locked until `trx` ends (created first when missing). */
    async lock(userId: number, now: number, trx: Tx): Promise<LearnState> {
      await trx('learn_state')
        .insert({ user_id: userId, state: JSON.stringify(newLearnState()), updated_at: now })
        .onConflict('user_id')
        .ignore();
      const q = trx('learn_state').where({ user_id: userId }).first('state');
      const row = await (trx.client.config.client === 'pg' ? q.forUpdate() : q);
      return parse(row.state as string);
    },

    async save(userId: number, state: LearnState, now: number, trx: Tx): Promise<void> {
      await trx('learn_state')
        .where({ user_id: userId })
        .update({ state: JSON.stringify(state), updated_at: now });
    },

    /** The user's bank and manual rows dated on or after `sinceDay`, for personal questions. */
    async moneyRows(userId: number, sinceDay: string, trx: Knex = db): Promise<MoneyRow[]> {
      const bank = await trx('transactions as t')
        .leftJoin('bank_accounts as a', function () {
          this.on('a.user_id', '=', 't.user_id').andOn('a.account_id', '=', 't.account_id');
        })
        .where('t.user_id', userId)
        .where('t.date', '>=', sinceDay)
        .whereNotIn('t.item_row_id', inRemoval(trx, userId))
        .select(
          't.plaid_id as id',
          't.name',
          't.merchant_name',
          't.amount_cents',
          't.date',
          't.category',
          't.pfc_primary',
          't.budget_category',
          't.account_id',
          't.pending',
          'a.subtype',
        );
      const manual = await trx('manual_transactions')
        .where({ user_id: userId })
        .where('date', '>=', sinceDay)
        .select('id', 'name', 'amount_cents', 'date', 'category');
      return [
        ...(bank as MoneyRow[]),
        ...(
          manual as { id: number; name: string; amount_cents: number; date: string; category: string }[]
        ).map((m) => ({
          id: `manual-${m.id}`,
          name: m.name,
          merchant_name: null,
          amount_cents: m.amount_cents,
          date: m.date,
          category: null,
          pfc_primary: null,
          budget_category: m.category,
          account_id: null,
          pending: false,
          subtype: null,
        })),
      ];
    },
  };
}
