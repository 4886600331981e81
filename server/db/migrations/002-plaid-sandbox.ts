// The local Plaid sandbox's own state (Plaid's side of the link, not the user's): link and
// public tokens, Items with their access token, and transactions added through
// /sandbox/transactions/create. Nothing here references users; the app keeps its own
// (encrypted) copy of the access token in its own tables.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plaid_sandbox_link_tokens', (t) => {
    t.string('link_token', 100).primary();
    t.string('client_user_id', 255).notNullable();
    t.string('client_name', 255).notNullable();
    t.text('products').notNullable(); // JSON array
    t.text('redirect_uri').nullable();
    // Set in update mode: the Item whose login this token repairs.
    t.string('item_id', 64).nullable();
    // Progress of the Link session driving this token (credentials checked, OAuth started).
    t.string('link_session_id', 64).nullable();
    t.string('pending_item_id', 64).nullable();
    t.string('pending_institution_id', 64).nullable();
    t.string('oauth_state_id', 64).nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.index(['expires_at']);
  });
  await knex.schema.createTable('plaid_sandbox_items', (t) => {
    t.string('item_id', 64).primary();
    t.string('access_token', 100).notNullable().unique();
    t.string('institution_id', 64).notNullable();
    t.string('client_user_id', 255).nullable();
    t.text('products').notNullable(); // JSON array
    t.text('account_ids').nullable(); // JSON array of the accounts chosen in Link; null = all
    t.text('webhook').nullable();
    t.boolean('login_required').notNullable().defaultTo(false);
    // 0 = the initial history; 1 = pending posted, one modified, one removed (see sync.ts).
    t.integer('version').notNullable().defaultTo(0);
    t.bigInteger('created_at').notNullable();
    // /transactions/sync answers PRODUCT_NOT_READY for a while after this.
    t.bigInteger('exchanged_at').nullable();
  });
  await knex.schema.createTable('plaid_sandbox_public_tokens', (t) => {
    t.string('public_token', 100).primary();
    t.string('item_id', 64)
      .notNullable()
      .references('item_id')
      .inTable('plaid_sandbox_items')
      .onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at').nullable();
    t.index(['item_id']);
  });
  await knex.schema.createTable('plaid_sandbox_custom_transactions', (t) => {
    t.increments('id').primary();
    t.string('item_id', 64)
      .notNullable()
      .references('item_id')
      .inTable('plaid_sandbox_items')
      .onDelete('CASCADE');
    t.string('transaction_id', 64).notNullable().unique();
    t.string('date_transacted', 10).notNullable();
    t.string('date_posted', 10).notNullable();
    t.bigInteger('amount_cents').notNullable();
    t.string('description', 255).notNullable();
    t.string('iso_currency_code', 3).notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['item_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('plaid_sandbox_custom_transactions');
  await knex.schema.dropTableIfExists('plaid_sandbox_public_tokens');
  await knex.schema.dropTableIfExists('plaid_sandbox_items');
  await knex.schema.dropTableIfExists('plaid_sandbox_link_tokens');
}
