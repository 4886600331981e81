// Knex's SQLite client with one change: a transaction begins IMMEDIATE, taking SQLite's write lock
// at BEGIN instead of at its first write.
//
// Knex begins with a plain (deferred) BEGIN. In WAL mode a deferred transaction that has read and
// then writes after another connection committed cannot take the write lock at all: SQLite answers
// SQLITE_BUSY at once, whatever busy_timeout says, and the request would fail. The server keeps one
// connection to its file, but anything else that writes the file (an operator's sqlite3 shell, a
// backup tool, a test seeding a player) is such a connection. BEGIN IMMEDIATE waits its turn under
// busy_timeout instead, and its reads see the newest data. On one connection it changes nothing
// else: transactions there run one after another already.
import { lazyRequire } from '../lib/lazy-require';

interface SqliteTransaction {
  query(conn: unknown, sql: string): Promise<unknown>;
}
type TransactionClass = new (...args: unknown[]) => SqliteTransaction;
type ClientClass = new (...args: unknown[]) => { transaction(...args: unknown[]): SqliteTransaction };

// Knex 3's own modules (Knex exports neither class); tests/api/sqlite-transactions.test.ts fails
// if a Knex upgrade moves or changes them.
const knexSqliteClient = lazyRequire<ClientClass>('knex/lib/dialects/sqlite3/index.js');
const knexSqliteTransaction = lazyRequire<TransactionClass>(
  'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js',
);

let immediateClient: ClientClass | undefined;

/** The Knex client class to pass as `client` for an SQLite database. */
export function sqliteImmediateClient(): ClientClass {
  if (immediateClient) return immediateClient;
  class ImmediateTransaction extends knexSqliteTransaction() {
    begin(conn: unknown) {
      return this.query(conn, 'BEGIN IMMEDIATE;');
    }
  }
  immediateClient = class ImmediateSqliteClient extends knexSqliteClient() {
    override transaction(...args: unknown[]) {
      return new ImmediateTransaction(this, ...args);
    }
  };
  return immediateClient;
}
