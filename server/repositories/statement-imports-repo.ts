// Imported bank statements (migration 014): the import records, the accounts they made and
// their rows in `transactions`. Every query is scoped to the user.
import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';
import { bumpBankDataVersion } from './bank-data-version';
import { chunks } from './transactions-repo';

export interface ImportRow {
  id: number;
  user_id: number;
  file_name: string;
  format: string;
  account_id: string;
  row_count: number;
  duplicate_count: number;
  first_date: string | null;
  last_date: string | null;
  created_at: number;
}
export interface ImportListRow extends ImportRow {
  account_name: string | null;
}
export interface ImportedTx {
  plaid_id: string;
  name: string;
  amount_cents: number;
  date: string;
  budget_category: string | null;
}
export interface ImportAccountInput {
  name: string;
  type: string;
  subtype: string | null;
  mask: string | null;
  imported_from: string | null;
}

const insertedId = (r: unknown): number => {
  const first = (r as (number | { id: number })[])[0];
  return typeof first === 'object' ? Number(first.id) : Number(first);
};

export function statementImportsRepo(db: Knex) {
  return {
    /** The user's labelled rows by name and merchant, with how often each label was given. */
    async labelCounts(
      userId: number,
      trx: Knex = db,
    ): Promise<{ name: string; merchant_name: string | null; budget_category: string; n: number }[]> {
      const rows = await trx('transactions')
        .where({ user_id: userId })
        .whereNotNull('budget_category')
        .groupBy('name', 'merchant_name', 'budget_category')
        .select('name', 'merchant_name', 'budget_category')
        .count({ n: '*' });
      return (
        rows as { name: string; merchant_name: string | null; budget_category: string; n: number | string }[]
      ).map((r) => ({ ...r, n: Number(r.n) }));
    },

    /** An account an earlier import made, by name (any case). */
    async findImportAccount(
      userId: number,
      name: string,
      trx: Knex = db,
    ): Promise<{ account_id: string } | undefined> {
      return trx('bank_accounts')
        .where({ user_id: userId })
        .whereNull('item_row_id')
        .whereRaw('lower(name) = ?', [name.toLowerCase()])
        .first('account_id');
    },

    async createImportAccount(userId: number, a: ImportAccountInput, trx: Knex): Promise<string> {
      const accountId = `imp-acct-${randomBytes(12).toString('hex')}`;
      await trx('bank_accounts').insert({
        user_id: userId,
        item_row_id: null,
        account_id: accountId,
        name: a.name,
        official_name: null,
        mask: a.mask,
        type: a.type,
        subtype: a.subtype,
        current_balance_cents: null,
        available_balance_cents: null,
        iso_currency_code: null,
        imported_from: a.imported_from,
      });
      return accountId;
    },

    async insertImport(row: Omit<ImportRow, 'id'>, trx: Knex): Promise<number> {
      return insertedId(await trx('statement_imports').insert(row, ['id']));
    },

    async setRowCount(userId: number, importId: number, rowCount: number, trx: Knex): Promise<void> {
      await trx('statement_imports').where({ user_id: userId, id: importId }).update({ row_count: rowCount });
    },

    /**
     * Stores the rows, batched; a fingerprint already stored (a race with another import of the
     * same file) is skipped by the unique key. Answers how many rows the import now holds.
     */
    async insertRows(
      userId: number,
      importId: number,
      accountId: string,
      rows: (ImportedTx & { merchant_name: string | null })[],
      now: number,
      trx: Knex,
    ): Promise<number> {
      const full = rows.map((r) => ({
        ...r,
        user_id: userId,
        item_row_id: null,
        import_id: importId,
        account_id: accountId,
        iso_currency_code: null,
        category: null,
        pfc_primary: null,
        pending: false,
        pending_transaction_id: null,
        // A file is the user's own claim: its rows can be labelled, but pay no matcher XP
        // (docs/decisions.md, "Imported statements").
        matcher_paid: true,
        created_at: now,
        updated_at: now,
      }));
      for (const batch of chunks(full, 400)) {
        await trx('transactions').insert(batch).onConflict(['user_id', 'plaid_id']).ignore();
      }
      const n = await trx('transactions').where({ user_id: userId, import_id: importId }).count({ n: '*' });
      await bumpBankDataVersion(trx, userId);
      return Number(n[0]?.n ?? 0);
    },

    list(userId: number): Promise<ImportListRow[]> {
      return db('statement_imports as s')
        .leftJoin('bank_accounts as a', function () {
          this.on('a.user_id', '=', 's.user_id').andOn('a.account_id', '=', 's.account_id');
        })
        .where('s.user_id', userId)
        .select('s.*', 'a.name as account_name')
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id', 'desc');
    },

    async find(userId: number, importId: number, trx: Knex = db): Promise<ImportListRow | undefined> {
      return trx('statement_imports as s')
        .leftJoin('bank_accounts as a', function () {
          this.on('a.user_id', '=', 's.user_id').andOn('a.account_id', '=', 's.account_id');
        })
        .where({ 's.user_id': userId, 's.id': importId })
        .first('s.*', 'a.name as account_name');
    },

    /** The import's rows as they are now (labels included). */
    rowsOf(userId: number, importId: number, trx: Knex = db): Promise<ImportedTx[]> {
      return trx('transactions')
        .where({ user_id: userId, import_id: importId })
        .select('plaid_id', 'name', 'amount_cents', 'date', 'budget_category')
        .orderBy([
          { column: 'date', order: 'desc' },
          { column: 'id', order: 'desc' },
        ]);
    },

    /**
     * Deletes an import and its rows; the account it used goes too once no row and no other
     * import is left on it. Answers how many rows went.
     */
    async deleteImport(userId: number, imp: ImportRow, trx: Knex): Promise<number> {
      const rows = await trx('transactions').where({ user_id: userId, import_id: imp.id }).delete();
      await trx('statement_imports').where({ user_id: userId, id: imp.id }).delete();
      const [left, others] = await Promise.all([
        trx('transactions').where({ user_id: userId, account_id: imp.account_id }).first('id'),
        trx('statement_imports').where({ user_id: userId, account_id: imp.account_id }).first('id'),
      ]);
      if (!left && !others) {
        await trx('bank_accounts')
          .where({ user_id: userId, account_id: imp.account_id })
          .whereNull('item_row_id')
          .delete();
      }
      await bumpBankDataVersion(trx, userId);
      return rows;
    },
  };
}
export type StatementImportsRepo = ReturnType<typeof statementImportsRepo>;
