// The server referees the game economy (issue 22): the reward a manual expense paid (so a delete
// the same day takes it back), which transactions paid a matcher label (once ever), and the
// institutions an account ever linked (+25 only for a new one). Matcher results saved in the
// progress row move onto the transactions themselves, and the row drops what grew with clients.
import type { Knex } from 'knex';

interface OldState {
  matcherResults?: Record<string, string>;
  breakoutPlays?: number;
  [key: string]: unknown;
}
const LABELS = new Set(['Need', 'Want', 'Savings', 'Income']);

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('manual_transactions', (t) => {
    t.integer('reward_xp').nullable();
    t.integer('reward_lives').nullable();
    t.string('reward_day', 10).nullable(); // the user's calendar day it was paid on
  });
  await knex.schema.alterTable('transactions', (t) => {
    t.boolean('matcher_paid').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('linked_institutions', (t) => {
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('institution_id', 100).notNullable();
    t.bigInteger('created_at').notNullable();
    t.primary(['user_id', 'institution_id']);
  });
  const items = await knex('plaid_items')
    .whereNotNull('institution_id')
    .select('user_id', 'institution_id', 'created_at');
  const seen = new Set<string>();
  for (const it of items as { user_id: number; institution_id: string; created_at: number }[]) {
    const key = `${it.user_id}:${it.institution_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await knex('linked_institutions').insert({
      user_id: it.user_id,
      institution_id: it.institution_id,
      created_at: it.created_at,
    });
  }
  const rows = (await knex('progress').select('user_id', 'state')) as { user_id: number; state: string }[];
  for (const row of rows) {
    let state: OldState;
    try {
      state = JSON.parse(row.state) as OldState;
    } catch {
      continue;
    }
    const results = state.matcherResults ?? {};
    const byLabel = new Map<string, string[]>();
    for (const [id, label] of Object.entries(results)) {
      if (LABELS.has(label)) byLabel.set(label, [...(byLabel.get(label) ?? []), id]);
    }
    for (const [label, ids] of byLabel) {
      for (let i = 0; i < ids.length; i += 200) {
        const chunk = ids.slice(i, i + 200);
        await knex('transactions')
          .where({ user_id: row.user_id })
          .whereIn('plaid_id', chunk)
          .whereNull('budget_category')
          .update({ budget_category: label });
        await knex('transactions')
          .where({ user_id: row.user_id })
          .whereIn('plaid_id', chunk)
          .update({ matcher_paid: true });
      }
    }
    delete state.matcherResults;
    delete state.breakoutPlays;
    await knex('progress')
      .where({ user_id: row.user_id })
      .update({ state: JSON.stringify(state) });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('linked_institutions');
  await knex.schema.alterTable('transactions', (t) => t.dropColumn('matcher_paid'));
  await knex.schema.alterTable('manual_transactions', (t) => {
    t.dropColumn('reward_xp');
    t.dropColumn('reward_lives');
    t.dropColumn('reward_day');
  });
}
