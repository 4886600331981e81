// The user's side of bank linking: Plaid items (access token encrypted), accounts, synced
// transactions, and manual transactions. Everything cascades from users(id).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plaid_items', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('item_id', 100).notNullable().unique();
    t.text('access_token_enc').notNullable(); // AES-256-GCM, see server/lib/crypto.ts
    t.string('institution_id', 100).nullable();
    t.string('institution_name', 200).nullable();
    t.text('cursor').nullable(); // /transactions/sync cursor; null = sync from the start
    t.string('status', 40).notNullable().defaultTo('ok'); // ok | login_required
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['user_id']);
  });
  await knex.schema.createTable('bank_accounts', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('item_row_id').notNullable().references('id').inTable('plaid_items').onDelete('CASCADE');
    t.string('account_id', 100).notNullable();
    t.string('name', 200).notNullable();
    t.string('official_name', 200).nullable();
    t.string('mask', 10).nullable();
    t.string('type', 40).notNullable();
    t.string('subtype', 60).nullable();
    t.bigInteger('current_balance_cents').nullable();
    t.bigInteger('available_balance_cents').nullable();
    t.string('iso_currency_code', 3).nullable();
    t.unique(['user_id', 'account_id']);
  });
  await knex.schema.createTable('transactions', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('item_row_id').notNullable().references('id').inTable('plaid_items').onDelete('CASCADE');
    t.string('plaid_id', 100).notNullable(); // Plaid's transaction_id
    t.string('account_id', 100).notNullable();
    t.string('name', 300).notNullable();
    t.string('merchant_name', 300).nullable();
    t.bigInteger('amount_cents').notNullable(); // positive = expense, negative = income (Plaid's sign)
    t.string('iso_currency_code', 3).nullable();
    t.string('date', 10).notNullable(); // YYYY-MM-DD
    t.text('category').nullable(); // JSON array of Plaid's legacy category strings
    t.string('pfc_primary', 100).nullable(); // personal_finance_category.primary
    t.boolean('pending').notNullable().defaultTo(false);
    t.string('pending_transaction_id', 100).nullable();
    t.string('budget_category', 20).nullable(); // the user's own label: Need | Want | Savings | Income
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.unique(['user_id', 'plaid_id']);
    t.index(['user_id', 'date']);
  });
  await knex.schema.createTable('manual_transactions', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.bigInteger('amount_cents').notNullable();
    t.string('category', 20).notNullable(); // Want | Need | Savings
    t.string('name', 50).notNullable();
    t.string('date', 40).notNullable(); // ISO 8601 as sent
    t.bigInteger('created_at').notNullable();
    t.index(['user_id', 'date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('manual_transactions');
  await knex.schema.dropTableIfExists('transactions');
  await knex.schema.dropTableIfExists('bank_accounts');
  await knex.schema.dropTableIfExists('plaid_items');
}
