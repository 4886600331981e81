// Users, password-reset tokens and the shared rate-limit counters.
// Every table that belongs to a user references users(id) ON DELETE CASCADE, so deleting
// the user removes everything that is theirs.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.string('email', 254).notNullable().unique(); // stored lower-cased
    t.string('password_hash', 255).notNullable();
    // Bumped by a password reset: every bearer token issued before it stops working.
    t.integer('token_version').notNullable().defaultTo(0);
    t.bigInteger('created_at').notNullable(); // epoch ms
  });
  await knex.schema.createTable('password_resets', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique(); // sha256 hex of the e-mailed token
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['user_id']);
  });
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 200).primary();
    t.integer('hits').notNullable();
    t.bigInteger('reset_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limits');
  await knex.schema.dropTableIfExists('password_resets');
  await knex.schema.dropTableIfExists('users');
}
