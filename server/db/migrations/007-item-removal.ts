// A disconnect marks its items before asking Plaid to remove them, so a crash between Plaid's
// /item/remove and the local delete leaves a marked item (finished by the user's next bank
// operation) instead of a live-looking item whose access token Plaid no longer knows.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('plaid_items', (t) => {
    t.bigInteger('removal_started_at').nullable(); // epoch ms; null = not being removed
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('plaid_items', (t) => {
    t.dropColumn('removal_started_at');
  });
}
