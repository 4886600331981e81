// The server's SQLite transactions begin IMMEDIATE (server/db/sqlite-immediate.ts): a write
// transaction that reads first is not failed with SQLITE_BUSY when another connection to the file
// commits in between (seen as a 500 in the browser tests, whose seeding writes the e2e server's
// file). PostgreSQL has no such failure: this file runs on SQLite only.
import { afterEach, describe, expect, it } from 'vitest';
import knex, { type Knex } from 'knex';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../../server/db/knex';
import { unitOfWork } from '../../server/repositories/unit-of-work';

const onSqlite = !process.env.DATABASE_URL;
const open: Knex[] = [];
let dir = '';

afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.destroy()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Another connection to the server's file (another process, as it were), with Knex's own
 *  sqlite3 client (one connection; its transactions begin deferred). */
async function plainConnection(): Promise<Knex> {
  const db = knex({
    client: 'sqlite3',
    connection: { filename: path.join(dir, 'budget-quest.sqlite') },
    useNullAsDefault: true,
  });
  open.push(db);
  await db.raw('PRAGMA busy_timeout = 5000');
  return db;
}

/** The server's handle and a second connection to the same file. */
async function twoConnections() {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bq-sqlite-tx-'));
  const server = createDb({ dataDir: dir });
  open.push(server);
  await server.raw('PRAGMA journal_mode'); // opens the file in WAL mode (afterCreate)
  await server.schema.createTable('counter', (t) => {
    t.integer('id').primary();
    t.integer('n').notNullable();
  });
  await server('counter').insert({ id: 1, n: 0 });
  return { server, other: await plainConnection() };
}

/** Reads the counter in a transaction, lets `between` run while the transaction is open, then
 *  writes what it read plus one. */
async function readThenWrite(db: Knex, between: () => Promise<unknown>) {
  return unitOfWork(db).run(async (trx) => {
    const { n } = (await trx('counter').where({ id: 1 }).first('n')) as { n: number };
    await between();
    await trx('counter')
      .where({ id: 1 })
      .update({ n: n + 1 });
    return n;
  });
}

describe.skipIf(!onSqlite)('SQLite transactions', () => {
  it('when another connection writes while a server transaction is open, then the transaction waits its turn and commits', async () => {
    const { server, other } = await twoConnections();
    // The other connection's write is attempted while the transaction holds the write lock: it
    // waits (busy_timeout) and lands after the commit, on top of it.
    let otherWrite: Promise<unknown> = Promise.resolve();
    const read = await readThenWrite(server, async () => {
      // (`then` sends it now: a Knex query builder runs only when awaited.)
      otherWrite = other('counter')
        .where({ id: 1 })
        .increment('n', 10)
        .then((r) => r);
      await new Promise((r) => setTimeout(r, 50));
    });
    await otherWrite;
    expect(read).toBe(0);
    expect(await server('counter').where({ id: 1 }).first('n')).toEqual({ n: 11 });
  });

  it('when another connection commits first, then the transaction reads that commit and builds on it', async () => {
    const { server, other } = await twoConnections();
    await other('counter').where({ id: 1 }).increment('n', 10);
    expect(await readThenWrite(server, async () => undefined)).toBe(10);
    expect(await server('counter').where({ id: 1 }).first('n')).toEqual({ n: 11 });
  });

  it('when a plain deferred transaction meets the same interleaving, then SQLite fails it with SQLITE_BUSY (what the server no longer does)', async () => {
    const { other } = await twoConnections();
    const plain = await plainConnection();
    const attempt = readThenWrite(plain, () => other('counter').where({ id: 1 }).increment('n', 10));
    await expect(attempt).rejects.toThrow(/SQLITE_BUSY/);
  });

  it('when a transaction nests another, then the inner one is a savepoint that rolls back alone', async () => {
    const { server } = await twoConnections();
    await unitOfWork(server).run(async (trx) => {
      await trx('counter').where({ id: 1 }).update({ n: 1 });
      await trx
        .transaction(async (inner) => {
          await inner('counter').where({ id: 1 }).update({ n: 99 });
          throw new Error('inner fails');
        })
        .catch(() => undefined);
    });
    expect(await server('counter').where({ id: 1 }).first('n')).toEqual({ n: 1 });
  });
});
