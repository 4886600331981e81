// Recurring streams and the user's keep-or-cancel reviews of them (issue 28, migration 016).
// Every query is scoped to the user; streams of an item being removed are hidden like its rows.
import type { Knex } from 'knex';
import { liveBus } from './live-bus';
import { chunks, notInRemoval } from './transactions-repo';
import type { StreamDecision } from '../../src/domain/bills';

export interface StreamInput {
  stream_id: string;
  account_id: string;
  direction: 'inflow' | 'outflow';
  merchant_name: string | null;
  description: string;
  frequency: string;
  average_amount_cents: number;
  last_amount_cents: number;
  first_date: string;
  last_date: string;
  predicted_next_date: string | null;
  status: string;
  is_active: boolean;
  pfc_primary: string | null;
  /** JSON array of transaction ids. */
  transaction_ids: string;
}

export interface StreamRow extends StreamInput {
  id: number;
  user_id: number;
  item_row_id: number;
  updated_at: number | string;
}

export type ReviewOutcome = 'waiting' | 'stopped' | 'charged-again';

export interface ReviewRow {
  user_id: number;
  stream_id: string;
  item_row_id: number;
  decision: StreamDecision;
  reviewed_on: string;
  reviewed_at: number | string;
  account_id: string;
  merchant_name: string | null;
  description: string;
  predicted_date_at_review: string | null;
  last_date_at_review: string;
  outcome: ReviewOutcome | null;
  paid_at: number | string | null;
}

/** The columns compared to tell whether a refresh changed anything the view shows. */
const COMPARED: (keyof StreamInput)[] = [
  'stream_id',
  'account_id',
  'direction',
  'merchant_name',
  'description',
  'frequency',
  'average_amount_cents',
  'last_amount_cents',
  'first_date',
  'last_date',
  'predicted_next_date',
  'status',
  'is_active',
  'pfc_primary',
  'transaction_ids',
];
const fingerprint = (rows: Partial<StreamInput>[]) =>
  JSON.stringify(
    rows
      .map((r) =>
        COMPARED.map((k) => (k === 'is_active' ? Boolean(r[k]) : k.endsWith('_cents') ? Number(r[k]) : r[k])),
      )
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  );

export function billsRepo(db: Knex) {
  return {
    /**
     * Replaces the streams of one item (call inside one transaction, under the user's bank lock).
     * Answers whether anything changed; the user's open pages hear of a change on the live bus.
     */
    async replaceItemStreams(
      userId: number,
      itemRowId: number,
      streams: StreamInput[],
      now: number,
      trx: Knex.Transaction,
    ): Promise<boolean> {
      // The item row first, as every bank operation locks it first (no opposite-order waits).
      const item = await trx('plaid_items')
        .where({ id: itemRowId, user_id: userId })
        .whereNull('removal_started_at')
        .forUpdate()
        .first('id');
      if (!item) return false;
      const before = await trx<StreamRow>('recurring_streams').where({
        user_id: userId,
        item_row_id: itemRowId,
      });
      if (fingerprint(before) === fingerprint(streams)) {
        // Nothing the view shows changed: only when they were fetched (no announcement).
        await trx('recurring_streams')
          .where({ user_id: userId, item_row_id: itemRowId })
          .update({ updated_at: now });
        return false;
      }
      await trx('recurring_streams').where({ user_id: userId, item_row_id: itemRowId }).delete();
      for (const part of chunks(streams, 50)) {
        await trx('recurring_streams')
          .insert(part.map((s) => ({ ...s, user_id: userId, item_row_id: itemRowId, updated_at: now })))
          // A stream id another item of the user already has (never seen at Plaid) moves here.
          .onConflict(['user_id', 'stream_id'])
          .merge();
      }
      await liveBus(trx).announce(trx, { userId, kind: 'bank' });
      return true;
    },

    /** The user's streams, of live items only. */
    listStreams(userId: number, trx: Knex = db): Promise<StreamRow[]> {
      return trx<StreamRow>('recurring_streams')
        .where({ user_id: userId })
        .where(notInRemoval(trx, userId))
        .orderBy('id');
    },

    findStream(userId: number, streamId: string, trx: Knex = db): Promise<StreamRow | undefined> {
      return trx<StreamRow>('recurring_streams')
        .where({ user_id: userId, stream_id: streamId })
        .where(notInRemoval(trx, userId))
        .first();
    },

    /** When the streams were last fetched (epoch ms), or null when none is stored. */
    async lastUpdated(userId: number, trx: Knex = db): Promise<number | null> {
      const row = await trx('recurring_streams')
        .where({ user_id: userId })
        .max<{ at: number | string | null }>({ at: 'updated_at' })
        .first();
      return row?.at == null ? null : Number(row.at);
    },

    /** The user's labels on the given bank transactions (newest first). */
    async labelsOfTransactions(
      userId: number,
      plaidIds: string[],
      trx: Knex = db,
    ): Promise<{ plaid_id: string; budget_category: string; date: string }[]> {
      const out: { plaid_id: string; budget_category: string; date: string }[] = [];
      for (const ids of chunks(plaidIds)) {
        out.push(
          ...((await trx('transactions')
            .where({ user_id: userId })
            .whereIn('plaid_id', ids)
            .whereNotNull('budget_category')
            .select('plaid_id', 'budget_category', 'date')) as {
            plaid_id: string;
            budget_category: string;
            date: string;
          }[]),
        );
      }
      return out.sort((a, b) => b.date.localeCompare(a.date));
    },

    /**
     * The user's labels by merchant (lower-cased merchant name, else the row's name): how many
     * rows carry each label and the newest date of each.
     */
    async labelsByMerchant(
      userId: number,
      merchants: string[],
      trx: Knex = db,
    ): Promise<{ merchant: string; budget_category: string; n: number | string; latest: string }[]> {
      const out: { merchant: string; budget_category: string; n: number | string; latest: string }[] = [];
      const key = 'lower(coalesce(merchant_name, name))';
      for (const part of chunks([...new Set(merchants)])) {
        out.push(
          ...((await trx('transactions')
            .where({ user_id: userId })
            .whereNotNull('budget_category')
            .whereRaw(`${key} in (${part.map(() => '?').join(', ')})`, part)
            .where(notInRemoval(trx, userId))
            .groupByRaw(`${key}, budget_category`)
            .select(trx.raw(`${key} as merchant`), 'budget_category')
            .count({ n: '*' })
            .max({ latest: 'date' })) as {
            merchant: string;
            budget_category: string;
            n: number | string;
            latest: string;
          }[]),
        );
      }
      return out;
    },

    listReviews(userId: number, trx: Knex = db): Promise<ReviewRow[]> {
      return trx<ReviewRow>('stream_reviews').where({ user_id: userId });
    },

    findReview(userId: number, streamId: string, trx: Knex = db): Promise<ReviewRow | undefined> {
      return trx<ReviewRow>('stream_reviews').where({ user_id: userId, stream_id: streamId }).first();
    },

    /** Stores the user's decision on a stream, replacing an earlier one (its paid_at stays). */
    async saveReview(row: Omit<ReviewRow, 'paid_at'>, trx: Knex.Transaction): Promise<void> {
      await trx('stream_reviews')
        .insert({ ...row, paid_at: null })
        .onConflict(['user_id', 'stream_id'])
        .merge([
          'item_row_id',
          'decision',
          'reviewed_on',
          'reviewed_at',
          'account_id',
          'merchant_name',
          'description',
          'predicted_date_at_review',
          'last_date_at_review',
          'outcome',
        ]);
    },

    /** The user's cancels still waiting for their predicted date to pass. */
    waitingCancels(userId: number, trx: Knex = db): Promise<ReviewRow[]> {
      return trx<ReviewRow>('stream_reviews').where({ user_id: userId, outcome: 'waiting' });
    },

    async setOutcome(
      userId: number,
      streamId: string,
      outcome: ReviewOutcome,
      paidAt: number | null,
      trx: Knex,
    ): Promise<void> {
      await trx('stream_reviews')
        .where({ user_id: userId, stream_id: streamId })
        .update({ outcome, ...(paidAt !== null ? { paid_at: paidAt } : {}) });
      // Open pages showing the stream ("Cancelled: we'll check…") refresh to its outcome.
      await liveBus(trx).announce(trx, { userId, kind: 'bank' });
    },

    /**
     * The dates of the user's money-out rows on `accountId` dated after `afterDay` whose merchant
     * (else name) is `merchant`, lower-cased: the charges a cancelled stream would have made.
     */
    async chargeDates(
      userId: number,
      accountId: string,
      merchant: string,
      afterDay: string,
      trx: Knex = db,
    ): Promise<string[]> {
      return (await trx('transactions')
        .where({ user_id: userId, account_id: accountId })
        .where('date', '>', afterDay)
        .where('amount_cents', '>', 0)
        .whereRaw('lower(coalesce(merchant_name, name)) = ?', [merchant])
        .where(notInRemoval(trx, userId))
        .pluck('date')) as string[];
    },

    /**
     * When the item's data was last fetched (epoch ms): its streams are fetched, and stamped, only
     * right after a sync succeeded, so this is never later than its rows. Null when the item has no
     * streams or is being removed.
     */
    async itemSyncedAt(userId: number, itemRowId: number, trx: Knex = db): Promise<number | null> {
      const row = await trx('recurring_streams')
        .where({ user_id: userId, item_row_id: itemRowId })
        .where(notInRemoval(trx, userId))
        .max<{ at: number | string | null }>({ at: 'updated_at' })
        .first();
      return row?.at == null ? null : Number(row.at);
    },

    /**
     * A reset: the user's streams go, and every review not yet paid (its cancel could no longer
     * be judged on data that is gone); a paid review stays as the record that its stream paid.
     */
    async clearForReset(userId: number, trx: Knex.Transaction): Promise<void> {
      await trx('recurring_streams').where({ user_id: userId }).delete();
      await trx('stream_reviews').where({ user_id: userId }).whereNull('paid_at').delete();
    },
  };
}
export type BillsRepo = ReturnType<typeof billsRepo>;
