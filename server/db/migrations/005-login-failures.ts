// Failed sign-ins per account (keyed by a hash of the address, so no address is stored), for the
// lockout that slows guessing from any number of client addresses.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('login_failures', (t) => {
    t.string('key', 64).primary(); // sha256 hex of the lower-cased address
    t.integer('failures').notNullable();
    t.bigInteger('locked_until').notNullable().defaultTo(0); // epoch ms; 0 = not locked
    t.bigInteger('last_failure_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('login_failures');
}
