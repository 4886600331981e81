// The Learn path (issue 34): one row per user with their lessons finished and paid, the two
// knowledge-check scores, the Review's Leitner schedule and the open round of questions (whose
// answers never leave the server).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('learn_state', (t) => {
    t.integer('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.text('state').notNullable(); // LearnState as JSON (server/repositories/learn-repo.ts)
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('learn_state');
}
