// Progress kept on the server (issue 13): one state row per user and the ledger of the events
// that built it, each id once per user so a replayed batch changes nothing.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('progress', (t) => {
    t.integer('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.text('state').notNullable(); // ProgressState as JSON
    t.bigInteger('updated_at').notNullable();
  });
  await knex.schema.createTable('progress_events', (t) => {
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('event_id', 36).notNullable();
    t.string('type', 20).notNullable();
    t.bigInteger('at').notNullable(); // the client's time of the event
    t.integer('xp').notNullable(); // what it actually applied
    t.integer('lives').notNullable();
    t.bigInteger('created_at').notNullable();
    t.primary(['user_id', 'event_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('progress_events');
  await knex.schema.dropTableIfExists('progress');
}
