// Plaid items and bank accounts of a user. Every query is scoped to the user id.
import type { Knex } from 'knex';
import { bumpBankDataVersion } from './bank-data-version';
import { liveBus } from './live-bus';

export interface ItemRow {
  id: number;
  user_id: number;
  item_id: string;
  access_token_enc: string;
  institution_id: string | null;
  institution_name: string | null;
  cursor: string | null;
  status: 'ok' | 'login_required';
  /** Set when a disconnect started removing the item (see migration 007); live items have null. */
  removal_started_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface AccountInput {
  account_id: string;
  name: string;
  official_name: string | null;
  mask: string | null;
  type: string;
  subtype: string | null;
  current_balance_cents: number | null;
  available_balance_cents: number | null;
  iso_currency_code: string | null;
}
/** An account's own data columns: what a re-link refreshes, and what the data export reads. */
export const ACCOUNT_DATA_COLUMNS = [
  'name',
  'official_name',
  'mask',
  'type',
  'subtype',
  'current_balance_cents',
  'available_balance_cents',
  'iso_currency_code',
] as const satisfies readonly (keyof AccountInput)[];

export interface AccountRow extends AccountInput {
  id: number;
  user_id: number;
  /** Null for an account made by a statement import (issue 29). */
  item_row_id: number | null;
  institution_name?: string | null;
  imported_from?: string | null;
}

export function bankRepo(db: Knex) {
  return {
    /** The user's live items: not being removed. */
    listItems(userId: number): Promise<ItemRow[]> {
      return db<ItemRow>('plaid_items')
        .where({ user_id: userId })
        .whereNull('removal_started_at')
        .orderBy('id');
    },
    /** Items whose removal started but did not finish (the server stopped in between). */
    listItemsInRemoval(userId: number): Promise<ItemRow[]> {
      return db<ItemRow>('plaid_items')
        .where({ user_id: userId })
        .whereNotNull('removal_started_at')
        .orderBy('id');
    },
    /** Every item of the user, live or being removed. */
    listAllItems(userId: number): Promise<ItemRow[]> {
      return db<ItemRow>('plaid_items').where({ user_id: userId }).orderBy('id');
    },
    /** Marks (or with `at` null, unmarks) items as being removed: their transactions hide or show. */
    async markRemoval(userId: number, itemRowIds: number[], at: number | null): Promise<void> {
      if (itemRowIds.length === 0) return;
      await db.transaction(async (trx) => {
        await trx('plaid_items')
          .where({ user_id: userId })
          .whereIn('id', itemRowIds)
          .update({ removal_started_at: at });
        await bumpBankDataVersion(trx, userId);
      });
    },
    async findItemByPlaidId(itemId: string, trx: Knex = db): Promise<ItemRow | undefined> {
      return trx<ItemRow>('plaid_items').where({ item_id: itemId }).first();
    },
    async getItem(userId: number, itemId: string): Promise<ItemRow | undefined> {
      return db<ItemRow>('plaid_items')
        .where({ user_id: userId, item_id: itemId })
        .whereNull('removal_started_at')
        .first();
    },
    /** Stores a new item; an item id that is already stored is left as it is. */
    async insertItemIfNew(
      row: Omit<ItemRow, 'id' | 'cursor' | 'status' | 'removal_started_at'>,
      trx: Knex = db,
    ): Promise<void> {
      await trx('plaid_items')
        .insert({ ...row, status: 'ok', cursor: null })
        .onConflict('item_id')
        .ignore();
    },
    /**
     * Moves an item's cursor from `from` to `to` only if it still is `from` (compare-and-set);
     * false when a reset, disconnect or another sync changed it first. Locks the item row.
     */
    async advanceCursor(
      itemRowId: number,
      from: string | null,
      to: string,
      now: number,
      trx: Knex = db,
    ): Promise<boolean> {
      const q = trx('plaid_items').where({ id: itemRowId });
      if (from === null) q.whereNull('cursor');
      else q.where({ cursor: from });
      return (await q.update({ cursor: to, status: 'ok', updated_at: now })) === 1;
    },
    async updateItem(
      itemRowId: number,
      patch: Partial<
        Pick<ItemRow, 'cursor' | 'status' | 'updated_at' | 'access_token_enc' | 'institution_name'>
      >,
      trx: Knex = db,
    ): Promise<void> {
      await trx('plaid_items').where({ id: itemRowId }).update(patch);
    },
    /**
     * Sets whether an item needs its user to log in again (a webhook said so), and tells the
     * user's open pages, which show the reconnect state.
     */
    async setItemStatus(userId: number, itemRowId: number, status: ItemRow['status'], now: number) {
      await db.transaction(async (trx) => {
        const changed = await trx('plaid_items')
          .where({ id: itemRowId, user_id: userId })
          .whereNot({ status })
          .update({ status, updated_at: now });
        if (changed > 0) await liveBus(trx).announce(trx, { userId, kind: 'bank' });
      });
    },
    async resetCursors(userId: number, now: number, trx: Knex = db): Promise<void> {
      await trx('plaid_items').where({ user_id: userId }).update({ cursor: null, updated_at: now });
    },
    /** Deletes items; their accounts and transactions cascade. */
    async deleteItems(userId: number, itemRowIds: number[], trx: Knex.Transaction): Promise<number> {
      if (itemRowIds.length === 0) return 0;
      const deleted = await trx('plaid_items').where({ user_id: userId }).whereIn('id', itemRowIds).delete();
      await bumpBankDataVersion(trx, userId);
      return deleted;
    },
    /** Inserts or refreshes the accounts of one item (names, balances) in one statement. */
    async upsertAccounts(
      userId: number,
      itemRowId: number,
      accounts: AccountInput[],
      trx: Knex = db,
    ): Promise<void> {
      if (accounts.length === 0) return;
      await trx('bank_accounts')
        .insert(accounts.map((a) => ({ ...a, user_id: userId, item_row_id: itemRowId })))
        .onConflict(['user_id', 'account_id'])
        .merge([...ACCOUNT_DATA_COLUMNS]);
    },
    /** Linked accounts, and the accounts statement imports made (no item: issue 29). */
    listAccounts(userId: number): Promise<AccountRow[]> {
      return db('bank_accounts as a')
        .leftJoin('plaid_items as i', 'i.id', 'a.item_row_id')
        .where('a.user_id', userId)
        .whereNull('i.removal_started_at')
        .select('a.*', 'i.institution_name')
        .orderBy('a.id');
    },
  };
}
export type BankRepo = ReturnType<typeof bankRepo>;
