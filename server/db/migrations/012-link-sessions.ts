// Link sessions, on both sides (issue 23). The app records each link token it asks Plaid for, per
// user, so that deleting the account can find Link sessions the browser never finished (a public
// token never exchanged) and remove their Items at Plaid. The local sandbox records what each
// Link session produced, which /link/token/get reports (as Plaid does). Neither table references
// the other: the app reaches the sandbox only through Plaid's API.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plaid_link_tokens', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('link_token_enc').notNullable(); // AES-256-GCM, see server/lib/crypto.ts
    t.bigInteger('created_at').notNullable();
    // The link token's own expiry; its sessions' public tokens live 30 minutes longer at most.
    t.bigInteger('expires_at').notNullable();
    t.index(['user_id']);
    t.index(['expires_at']);
  });
  await knex.schema.createTable('plaid_sandbox_link_sessions', (t) => {
    t.string('link_session_id', 64).primary();
    t.string('link_token', 100).notNullable();
    t.bigInteger('started_at').notNullable();
    t.bigInteger('finished_at').nullable();
    // What the session produced: the Item, the public token handed to onSuccess, and the
    // institution and accounts chosen (JSON), as /link/token/get's item_add_results reports.
    t.string('item_id', 64).nullable();
    t.string('public_token', 100).nullable();
    t.string('institution_id', 64).nullable();
    t.text('accounts').nullable();
    t.index(['link_token']);
    t.index(['item_id']);
  });
  // The rest of what /link/token/create was given, which /link/token/get reports back.
  await knex.schema.alterTable('plaid_sandbox_link_tokens', (t) => {
    t.text('country_codes').nullable(); // JSON array
    t.string('language', 8).nullable();
    t.text('webhook').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('plaid_sandbox_link_tokens', (t) => {
    t.dropColumns('country_codes', 'language', 'webhook');
  });
  await knex.schema.dropTableIfExists('plaid_sandbox_link_sessions');
  await knex.schema.dropTableIfExists('plaid_link_tokens');
}
