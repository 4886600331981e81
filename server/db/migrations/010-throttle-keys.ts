// Sign-in failures are counted per account and client address (issue 23), and every key derived
// from an e-mail is an HMAC with a server secret instead of a plain SHA-256. The old rows are
// short-lived throttling counters, so they are dropped rather than converted (they could not be:
// the addresses behind them are unknown).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('login_failures');
  await knex.schema.createTable('login_failures', (t) => {
    t.string('account_key', 64).notNullable(); // HMAC of the lower-cased address
    t.string('client_key', 64).notNullable(); // HMAC of the client address
    t.integer('failures').notNullable();
    t.bigInteger('locked_until').notNullable().defaultTo(0); // epoch ms; 0 = not locked
    t.bigInteger('last_failure_at').notNullable();
    t.primary(['account_key', 'client_key']);
    t.index(['last_failure_at']);
  });
  await knex('rate_limits').where('key', 'like', 'reset-mail:%').delete();
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('login_failures');
  await knex.schema.createTable('login_failures', (t) => {
    t.string('key', 64).primary();
    t.integer('failures').notNullable();
    t.bigInteger('locked_until').notNullable().defaultTo(0);
    t.bigInteger('last_failure_at').notNullable();
  });
}
