// Indexes found missing by EXPLAIN on SQLite and PostgreSQL (issue 14; tests/api/query-plans.test.ts
// checks every statement of the API's hot paths and every foreign key):
//  - transactions.item_row_id and bank_accounts.item_row_id: deleting a bank item (disconnect,
//    account deletion) cascades to both, and without an index each deleted item read every user's
//    transactions and accounts;
//  - the transaction and manual-expense lists are ordered by date, then id: with the id in the index
//    PostgreSQL reads them in order instead of sorting every list (SQLite's indexes already end in
//    the rowid, which is the id);
//  - rate_limits.reset_at: expired counters are pruned by date.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('transactions', (t) => {
    t.index(['item_row_id']);
    t.index(['user_id', 'date', 'id']);
  });
  await knex.schema.alterTable('transactions', (t) => t.dropIndex(['user_id', 'date']));
  await knex.schema.alterTable('bank_accounts', (t) => t.index(['item_row_id']));
  await knex.schema.alterTable('manual_transactions', (t) => t.index(['user_id', 'date', 'id']));
  await knex.schema.alterTable('manual_transactions', (t) => t.dropIndex(['user_id', 'date']));
  await knex.schema.alterTable('rate_limits', (t) => t.index(['reset_at']));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rate_limits', (t) => t.dropIndex(['reset_at']));
  await knex.schema.alterTable('manual_transactions', (t) => t.index(['user_id', 'date']));
  await knex.schema.alterTable('manual_transactions', (t) => t.dropIndex(['user_id', 'date', 'id']));
  await knex.schema.alterTable('bank_accounts', (t) => t.dropIndex(['item_row_id']));
  await knex.schema.alterTable('transactions', (t) => t.index(['user_id', 'date']));
  await knex.schema.alterTable('transactions', (t) => {
    t.dropIndex(['user_id', 'date', 'id']);
    t.dropIndex(['item_row_id']);
  });
}
