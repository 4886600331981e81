// Bank statements imported from a file (issue 29): OFX, QFX or CSV rows land in the same
// `transactions` table as Plaid's, on an account of the same `bank_accounts` table, so the list,
// labels, the matcher, the budget and the quests' bank checks read them like Plaid rows. Such rows
// and accounts belong to no Plaid item (item_row_id is null) but to one import, which undo deletes
// (its rows cascade). A row's plaid_id is `imp-` + its fingerprint, so the existing unique key
// (user_id, plaid_id) keeps a re-imported or overlapping file from storing a row twice.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('statement_imports', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('file_name', 200).notNullable();
    t.string('format', 8).notNullable(); // csv | ofx | qfx
    t.string('account_id', 100).notNullable(); // the bank_accounts.account_id the rows went to
    t.integer('row_count').notNullable();
    t.integer('duplicate_count').notNullable();
    t.string('first_date', 10).nullable();
    t.string('last_date', 10).nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['user_id', 'created_at']);
  });
  // Knex rebuilds the SQLite tables to relax NOT NULL (with their indexes and foreign keys).
  await knex.schema.alterTable('transactions', (t) => {
    t.integer('item_row_id').nullable().alter();
  });
  await knex.schema.alterTable('transactions', (t) => {
    t.integer('import_id').nullable().references('id').inTable('statement_imports').onDelete('CASCADE');
    t.index(['import_id']);
  });
  await knex.schema.alterTable('bank_accounts', (t) => {
    t.integer('item_row_id').nullable().alter();
  });
  await knex.schema.alterTable('bank_accounts', (t) => {
    // The bank named in the file (OFX <FI><ORG>), for accounts made by an import.
    t.string('imported_from', 200).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('transactions').whereNull('item_row_id').delete();
  await knex('bank_accounts').whereNull('item_row_id').delete();
  await knex.schema.alterTable('bank_accounts', (t) => t.dropColumn('imported_from'));
  await knex.schema.alterTable('transactions', (t) => {
    t.dropForeign(['import_id']);
    t.dropIndex(['import_id']);
    t.dropColumn('import_id');
  });
  await knex.schema.dropTableIfExists('statement_imports');
}
