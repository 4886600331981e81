// Builds the Knex instance: SQLite in the data folder by default, PostgreSQL when DATABASE_URL is set.
import knex, { type Knex } from 'knex';
import type pg from 'pg';
import path from 'node:path';
import { migrationSource } from './migrations';
import { lazyRequire } from '../lib/lazy-require';
import { privateDir, privateFile } from '../lib/private-files';
import { sqliteImmediateClient } from './sqlite-immediate';

/** PostgreSQL's driver, loaded only when DATABASE_URL is set (SQLite start-ups skip it). */
export const pgDriver = lazyRequire<typeof pg>('pg');

/** The database handle the app is built with; only repositories/ and db/ use it directly. */
export type Db = Knex;

export interface DbOptions {
  databaseUrl?: string;
  dataDir: string;
  /** SQLite file name inside the data folder (tests use their own). */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests isolate themselves in their own schema). */
  pgSchema?: string;
}

export function createDb(opts: DbOptions): Knex {
  if (opts.databaseUrl) {
    // PostgreSQL returns BIGINT (int8) and COUNT as strings; our ids, cents and epoch-ms fit in a double.
    pgDriver().types.setTypeParser(20, (v: string) => Number(v));
    const schema = opts.pgSchema;
    return knex({
      client: 'pg',
      connection: opts.databaseUrl,
      searchPath: schema ? [schema] : undefined,
      pool: {
        min: 0,
        max: 10,
      },
    });
  }
  const filename = path.join(opts.dataDir, opts.sqliteFile ?? 'budget-quest.sqlite');
  // Created 0600 before SQLite opens it, so its -wal and -shm files (which take its mode) are too.
  privateDir(opts.dataDir);
  privateFile(filename);
  return knex({
    // Knex's sqlite3 client, its transactions begun IMMEDIATE (see sqlite-immediate.ts).
    client: sqliteImmediateClient() as unknown as typeof Knex.Client,
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      // One connection serialises writes; SQLite allows a single writer anyway.
      min: 1,
      max: 1,
      afterCreate: (
        conn: { run: (sql: string, cb: (err: Error | null) => void) => void },
        done: (err: Error | null, c: unknown) => void,
      ) => {
        conn.run('PRAGMA journal_mode = WAL', (e1) => {
          if (e1) return done(e1, conn);
          conn.run('PRAGMA foreign_keys = ON', (e2) => {
            if (e2) return done(e2, conn);
            conn.run('PRAGMA busy_timeout = 5000', (e3) => done(e3, conn));
          });
        });
      },
    },
  });
}

/** The PostgreSQL connection settings of `db`, for a pg connection of its own (Knex keeps them
 *  parsed into an object). */
export function pgConnectionConfig(db: Knex): pg.ClientConfig {
  const c = db.client.config.connection as string | pg.ClientConfig;
  return typeof c === 'string' ? { connectionString: c } : { ...c, port: Number(c.port) };
}

/**
 * Brings the schema up to date. On PostgreSQL several instances may start at the same moment:
 * they take one advisory lock (per schema) on a connection of their own before Knex creates or
 * reads its migration tables, so one migrates and the others then find nothing left to do.
 * SQLite has one process per file, and its own file lock.
 */
export async function migrate(db: Knex, pgSchema?: string): Promise<void> {
  const run = async () => {
    if (pgSchema) await db.raw('CREATE SCHEMA IF NOT EXISTS ??', [pgSchema]);
    await db.migrate.latest({ migrationSource, schemaName: pgSchema });
  };
  if (db.client.config.client !== 'pg') return run();
  const client = new (pgDriver().Client)(pgConnectionConfig(db));
  await client.connect();
  const key = `budget-quest:migrate:${pgSchema ?? 'public'}`;
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
    await run();
  } finally {
    // Ending the session also releases the lock if the unlock itself failed.
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).catch(() => undefined);
    await client.end();
  }
}
