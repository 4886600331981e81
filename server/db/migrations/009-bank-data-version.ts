// A per-user counter of changes to the user's bank data as the transaction list shows it (a sync
// page, labels, a reset, an item's removal), bumped in the same database transaction as the change.
// GET /api/plaid/transactions keeps each user's encoded answer while the counter stays the same,
// on every instance that shares the database (issue 14).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.bigInteger('bank_data_version').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('bank_data_version');
  });
}
