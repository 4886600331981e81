// Everything one user's account holds, read for an export (issue 29): the long lists in pages
// by key (date, id), so an export of any size holds one page in memory and never locks the
// database for its whole length. No token, hash or secret column is ever selected.
import type { Knex } from 'knex';
import { inRemoval } from './transactions-repo';
import { ACCOUNT_DATA_COLUMNS, type AccountRow } from './bank-repo';

export interface ExportTxRow {
  id: number;
  plaid_id: string;
  date: string;
  name: string;
  merchant_name: string | null;
  amount_cents: number | string;
  account_id: string;
  account_name: string | null;
  account_mask: string | null;
  budget_category: string | null;
  pending: boolean | number;
  pfc_primary: string | null;
  import_id: number | null;
}
export interface ExportManualRow {
  id: number;
  date: string;
  name: string;
  amount_cents: number | string;
  category: string;
}

/** Rows per page: one statement each, a few hundred KB at most. */
export const EXPORT_PAGE = 2000;

export function dataExportRepo(db: Knex) {
  /** Rows after the (date, id) key, newest first. */
  const after = (q: Knex.QueryBuilder, key: { date: string; id: number } | null, table: string) =>
    key
      ? q.where((w) =>
          w
            .where(`${table}.date`, '<', key.date)
            .orWhere((x) => x.where(`${table}.date`, '=', key.date).andWhere(`${table}.id`, '<', key.id)),
        )
      : q;

  return {
    /** The user's bank and imported transactions, newest first, a page at a time. */
    async *transactions(userId: number): AsyncGenerator<ExportTxRow[]> {
      let key: { date: string; id: number } | null = null;
      for (;;) {
        const q = db('transactions as t')
          .leftJoin('bank_accounts as a', function () {
            this.on('a.user_id', '=', 't.user_id').andOn('a.account_id', '=', 't.account_id');
          })
          .where('t.user_id', userId)
          .where((w) => w.whereNull('t.item_row_id').orWhereNotIn('t.item_row_id', inRemoval(db, userId)));
        const page = (await after(q, key, 't')
          .select(
            't.id',
            't.plaid_id',
            't.date',
            't.name',
            't.merchant_name',
            't.amount_cents',
            't.account_id',
            'a.name as account_name',
            'a.mask as account_mask',
            't.budget_category',
            't.pending',
            't.pfc_primary',
            't.import_id',
          )
          .orderBy([
            { column: 't.date', order: 'desc' },
            { column: 't.id', order: 'desc' },
          ])
          .limit(EXPORT_PAGE)) as ExportTxRow[];
        if (page.length === 0) return;
        yield page;
        if (page.length < EXPORT_PAGE) return;
        const last = page[page.length - 1]!;
        key = { date: last.date, id: last.id };
      }
    },

    /** Both sides of possible own transfers (what the transfer column is computed from). */
    transferCandidates(userId: number) {
      return db('transactions')
        .where({ user_id: userId })
        .whereIn('pfc_primary', ['TRANSFER_IN', 'TRANSFER_OUT'])
        .select('plaid_id', 'account_id', 'amount_cents', 'date', 'pfc_primary') as Promise<
        {
          plaid_id: string;
          account_id: string;
          amount_cents: number | string;
          date: string;
          pfc_primary: string;
        }[]
      >;
    },

    async *manual(userId: number): AsyncGenerator<ExportManualRow[]> {
      let key: { date: string; id: number } | null = null;
      for (;;) {
        const q = db('manual_transactions').where('manual_transactions.user_id', userId);
        const page = (await after(q, key, 'manual_transactions')
          .select('id', 'date', 'name', 'amount_cents', 'category')
          .orderBy([
            { column: 'date', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .limit(EXPORT_PAGE)) as ExportManualRow[];
        if (page.length === 0) return;
        yield page;
        if (page.length < EXPORT_PAGE) return;
        const last = page[page.length - 1]!;
        key = { date: last.date, id: last.id };
      }
    },

    profile(userId: number) {
      return db('users').where({ id: userId }).first('id', 'email', 'created_at') as Promise<
        { id: number; email: string; created_at: number | string } | undefined
      >;
    },

    async progress(userId: number): Promise<unknown> {
      const row = await db('progress').where({ user_id: userId }).first('state');
      return row ? (JSON.parse(row.state as string) as unknown) : null;
    },

    ledger(userId: number) {
      return db('progress_events')
        .where({ user_id: userId })
        .select('event_id', 'type', 'at', 'xp', 'lives')
        .orderBy('at', 'desc') as Promise<
        { event_id: string; type: string; at: number; xp: number; lives: number }[]
      >;
    },

    /** Linked banks: which institution, its state and when; never an access token or cursor. */
    items(userId: number) {
      return db('plaid_items')
        .where({ user_id: userId })
        .select('institution_id', 'institution_name', 'status', 'created_at')
        .orderBy('id') as Promise<
        {
          institution_id: string | null;
          institution_name: string | null;
          status: string;
          created_at: number;
        }[]
      >;
    },

    linkedInstitutions(userId: number) {
      return db('linked_institutions')
        .where({ user_id: userId })
        .select('institution_id', 'created_at')
        .orderBy('created_at') as Promise<{ institution_id: string; created_at: number }[]>;
    },

    accounts(userId: number) {
      return db('bank_accounts')
        .where({ user_id: userId })
        .select('account_id', ...ACCOUNT_DATA_COLUMNS, 'item_row_id', 'imported_from')
        .orderBy('id') as Promise<Omit<AccountRow, 'id' | 'user_id' | 'institution_name'>[]>;
    },

    /** Recurring streams (issue 28), without Plaid's transaction ids. */
    recurringStreams(userId: number) {
      return db('recurring_streams')
        .where({ user_id: userId })
        .select(
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
        )
        .orderBy('id') as Promise<Record<string, unknown>[]>;
    },

    /** Keep-or-cancel reviews of the Subscription check-up (issue 28). */
    streamReviews(userId: number) {
      return db('stream_reviews')
        .where({ user_id: userId })
        .select('stream_id', 'decision', 'reviewed_on', 'outcome', 'paid_at')
        .orderBy('reviewed_at') as Promise<Record<string, unknown>[]>;
    },

    imports(userId: number) {
      return db('statement_imports')
        .where({ user_id: userId })
        .select(
          'id',
          'file_name',
          'format',
          'account_id',
          'row_count',
          'duplicate_count',
          'first_date',
          'last_date',
          'created_at',
        )
        .orderBy('id') as Promise<Record<string, unknown>[]>;
    },
  };
}
export type DataExportRepo = ReturnType<typeof dataExportRepo>;
