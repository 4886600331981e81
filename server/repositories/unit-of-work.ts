// Lets a service decide where a database transaction starts without importing Knex: `run` hands
// the transaction to the repository calls made inside it.
import type { Knex } from 'knex';

/** The open transaction, passed on to repository calls as their optional last argument. */
export type Tx = Knex.Transaction;

export function unitOfWork(db: Knex) {
  return {
    /** Runs `work` in one transaction: all of its writes land, or none do. */
    run<T>(work: (trx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },
  };
}
export type UnitOfWork = ReturnType<typeof unitOfWork>;
