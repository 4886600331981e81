// Bills and subscriptions (issue 28). `recurring_streams` keeps what Plaid's
// /transactions/recurring/get detected for each of the user's items (replaced whole after every
// sync; they go with their item). `stream_reviews` keeps the user's keep-or-cancel decision per
// stream, with what the server needs to judge a cancel on its own data later (the stream's
// account, merchant, last charge and predicted date at the time of the review) and what became of
// it. Amounts are positive cents.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('recurring_streams', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('item_row_id').notNullable().references('id').inTable('plaid_items').onDelete('CASCADE');
    t.string('stream_id', 128).notNullable(); // Plaid's stream_id
    t.string('account_id', 100).notNullable();
    t.string('direction', 8).notNullable(); // inflow | outflow
    t.string('merchant_name', 300).nullable();
    t.string('description', 300).notNullable();
    t.string('frequency', 16).notNullable(); // domain/bills.ts STREAM_FREQUENCIES
    t.bigInteger('average_amount_cents').notNullable();
    t.bigInteger('last_amount_cents').notNullable();
    t.string('first_date', 10).notNullable();
    t.string('last_date', 10).notNullable();
    t.string('predicted_next_date', 10).nullable();
    t.string('status', 20).notNullable(); // MATURE | EARLY_DETECTION | TOMBSTONED
    t.boolean('is_active').notNullable();
    t.string('pfc_primary', 100).nullable();
    t.text('transaction_ids').notNullable(); // JSON array, the last STREAM_TX_IDS_KEPT ids
    t.bigInteger('updated_at').notNullable();
    t.unique(['user_id', 'stream_id']);
    t.index(['item_row_id']);
  });
  await knex.schema.createTable('stream_reviews', (t) => {
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('stream_id', 128).notNullable();
    // The stream's item: a disconnect deletes the reviews with it.
    t.integer('item_row_id').notNullable().references('id').inTable('plaid_items').onDelete('CASCADE');
    t.string('decision', 8).notNullable(); // keep | cancel
    t.string('reviewed_on', 10).notNullable(); // YYYY-MM-DD in the user's time zone
    t.bigInteger('reviewed_at').notNullable();
    t.string('account_id', 100).notNullable();
    t.string('merchant_name', 300).nullable();
    t.string('description', 300).notNullable();
    t.string('predicted_date_at_review', 10).nullable();
    t.string('last_date_at_review', 10).notNullable();
    t.string('outcome', 16).nullable(); // waiting | stopped | charged-again (a cancel); null (a keep)
    t.bigInteger('paid_at').nullable(); // when the stopped cancel paid: once per stream ever
    t.primary(['user_id', 'stream_id']);
    t.index(['user_id', 'outcome']);
    t.index(['item_row_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('stream_reviews');
  await knex.schema.dropTableIfExists('recurring_streams');
}
