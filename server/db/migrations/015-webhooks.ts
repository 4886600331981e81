// Webhooks (issue 27). The local sandbox signs each webhook it sends with an ES256 key, as Plaid
// does; this table lists its keys by `kid` (the private key is derived from the server secret and
// the kid, so nothing secret is stored) and when each was made and retired, so every instance
// signs with the same current key and answers /webhook_verification_key/get for older ones.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plaid_sandbox_webhook_keys', (t) => {
    t.string('kid', 64).primary();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expired_at').nullable();
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('plaid_sandbox_webhook_keys');
}
