// The counter of migration 009: what the transaction list shows changes only together with it.
// Every write that changes the list bumps it in the same transaction, so a list read after reading
// the counter (with the user's row, when the request is signed in) is never older than it says.
import type { Knex } from 'knex';

/** Bumps the user's counter; call inside the transaction that changes the list. */
export async function bumpBankDataVersion(trx: Knex, userId: number): Promise<void> {
  await trx('users').where({ id: userId }).increment('bank_data_version', 1);
}
