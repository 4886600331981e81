// Synced bank transactions of a user. Writes of one sync page happen in one transaction with
// the item's new cursor, batched so 10,000 transactions take a handful of statements.
import type { Knex } from 'knex';
import { bumpBankDataVersion } from './bank-data-version';

export interface TxInput {
  plaid_id: string;
  account_id: string;
  name: string;
  merchant_name: string | null;
  amount_cents: number;
  iso_currency_code: string | null;
  date: string;
  category: string | null; // JSON
  pfc_primary: string | null;
  pending: boolean;
  pending_transaction_id: string | null;
}
export interface TxRow extends TxInput {
  id: number;
  user_id: number;
  /** Null for a row imported from a statement file (issue 29). */
  item_row_id: number | null;
  budget_category: string | null;
  created_at: number;
  updated_at: number;
}
export interface SyncPage {
  added: TxInput[];
  modified: TxInput[];
  removed: string[];
}

// SQLite allows 32,766 bound variables per statement; 15 columns x 500 rows stays well under.
const CHUNK = 500;
const SYNC_COLUMNS = [
  'account_id',
  'name',
  'merchant_name',
  'amount_cents',
  'iso_currency_code',
  'date',
  'category',
  'pfc_primary',
  'pending',
  'pending_transaction_id',
  'updated_at',
] as const;

export function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The ids of the user's items being removed (a handful at most; uses the user_id index). */
export const inRemoval = (db: Knex, userId: number) =>
  db('plaid_items').select('id').where({ user_id: userId }).whereNotNull('removal_started_at');

/**
 * Rows not of an item being removed. Imported rows (issue 29) have no item: `NOT IN` alone would
 * drop them whenever some item is being removed, so they are let through by name.
 */
export const notInRemoval = (db: Knex, userId: number, column = 'item_row_id') =>
  function (this: Knex.QueryBuilder) {
    void this.whereNull(column).orWhereNotIn(column, inRemoval(db, userId));
  };

export function transactionsRepo(db: Knex) {
  return {
    /**
     * Applies one /transactions/sync page. Added and modified rows are upserted on Plaid's id,
     * never touching the user's budget_category; a posted transaction inherits the label of the
     * pending one it replaces; removed rows are deleted.
     */
    async applySyncPage(
      userId: number,
      itemRowId: number,
      page: SyncPage,
      now: number,
      trx: Knex.Transaction,
      /** Labels of rows removed by earlier pages of the same sync (a pending row may be removed
       * one page before its posted replacement arrives); this page's removals are added to it. */
      removedLabels: Map<string, string> = new Map(),
    ) {
      const upserts = [...page.added, ...page.modified];
      const pendingIds = [
        ...new Set(upserts.map((t) => t.pending_transaction_id).filter((x): x is string => !!x)),
      ];
      const inherited = new Map<string, string>();
      for (const id of pendingIds) {
        const label = removedLabels.get(id);
        if (label) inherited.set(id, label);
      }
      for (const ids of chunks(pendingIds)) {
        const rows = await trx('transactions')
          .where({ user_id: userId })
          .whereIn('plaid_id', ids)
          .whereNotNull('budget_category')
          .select('plaid_id', 'budget_category');
        for (const r of rows as { plaid_id: string; budget_category: string }[])
          inherited.set(r.plaid_id, r.budget_category);
      }
      // The last version of a transaction within a page wins.
      const byId = new Map<string, TxInput>();
      for (const t of upserts) byId.set(t.plaid_id, t);
      const rows = [...byId.values()].map((t) => ({
        ...t,
        user_id: userId,
        item_row_id: itemRowId,
        budget_category: (t.pending_transaction_id && inherited.get(t.pending_transaction_id)) || null,
        created_at: now,
        updated_at: now,
      }));
      for (const batch of chunks(rows)) {
        await trx('transactions')
          .insert(batch)
          .onConflict(['user_id', 'plaid_id'])
          .merge([...SYNC_COLUMNS]);
      }
      // A posted row that arrived before its label could be inherited (same page) gets it now.
      if (inherited.size) {
        for (const t of rows) {
          if (t.budget_category && t.pending_transaction_id) {
            await trx('transactions')
              .where({ user_id: userId, plaid_id: t.plaid_id })
              .whereNull('budget_category')
              .update({ budget_category: t.budget_category });
          }
        }
      }
      for (const ids of chunks(page.removed)) {
        const labelled = await trx('transactions')
          .where({ user_id: userId })
          .whereIn('plaid_id', ids)
          .whereNotNull('budget_category')
          .select('plaid_id', 'budget_category');
        for (const r of labelled as { plaid_id: string; budget_category: string }[]) {
          removedLabels.set(r.plaid_id, r.budget_category);
        }
        await trx('transactions').where({ user_id: userId }).whereIn('plaid_id', ids).delete();
      }
      await bumpBankDataVersion(trx, userId);
    },
    /** The user's transactions, leaving out those of an item whose removal has started. */
    list(userId: number): Promise<TxRow[]> {
      return db<TxRow>('transactions')
        .where({ user_id: userId })
        .where(notInRemoval(db, userId))
        .orderBy([
          { column: 'date', order: 'desc' },
          { column: 'id', order: 'desc' },
        ]);
    },
    async count(userId: number): Promise<number> {
      const row = await db('transactions')
        .where({ user_id: userId })
        .where(notInRemoval(db, userId))
        .count<{ n: number | string }[]>({ n: '*' });
      return Number(row[0]?.n ?? 0);
    },
    /** Deletes the user's bank rows (a reset); rows imported from statements stay. */
    async deleteAll(userId: number, trx: Knex.Transaction): Promise<number> {
      const deleted = await trx('transactions')
        .where({ user_id: userId })
        .whereNotNull('item_row_id')
        .delete();
      await bumpBankDataVersion(trx, userId);
      return deleted;
    },
    /** The user's own transactions among `plaidIds` (others' ids are simply absent). */
    async ownedIds(userId: number, plaidIds: string[], trx: Knex = db): Promise<Set<string>> {
      const found = new Set<string>();
      for (const ids of chunks(plaidIds)) {
        const rows = await trx('transactions')
          .where({ user_id: userId })
          .whereIn('plaid_id', ids)
          .select('plaid_id');
        for (const r of rows as { plaid_id: string }[]) found.add(r.plaid_id);
      }
      return found;
    },
    async setBudgetCategory(
      userId: number,
      plaidIds: string[],
      category: string | null,
      now: number,
      trx: Knex.Transaction,
    ) {
      let n = 0;
      for (const ids of chunks(plaidIds)) {
        n += await trx('transactions')
          .where({ user_id: userId })
          .whereIn('plaid_id', ids)
          .update({ budget_category: category, updated_at: now });
      }
      if (n > 0) await bumpBankDataVersion(trx, userId);
      return n;
    },
  };
}
export type TransactionsRepo = ReturnType<typeof transactionsRepo>;
