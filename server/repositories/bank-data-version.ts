// The counter of migration 009: what the transaction list shows changes only together with it.
// Every write that changes the list bumps it in the same transaction, so a list read after reading
// the counter (with the user's row, when the request is signed in) is never older than it says.
import type { Knex } from 'knex';
import { liveBus } from './live-bus';

/** Bumps the user's counter; call inside the transaction that changes the list. */
export async function bumpBankDataVersion(trx: Knex, userId: number): Promise<void> {
  await trx('users').where({ id: userId }).increment('bank_data_version', 1);
  // Every instance (and every open page of the user) hears of it when the transaction commits.
  await liveBus(trx).announce(trx, { userId, kind: 'bank' });
}
