// Starts the real app in-process on port 0 against a throwaway database: a temp SQLite file,
// or, when DATABASE_URL is set, a fresh PostgreSQL schema that is dropped on close.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { loadConfig, type Config } from '../../server/config';
import { createDb, migrate } from '../../server/db/knex';
import { createApp } from '../../server/app';
import { liveBus } from '../../server/repositories/live-bus';
import type { AppDeps } from '../../server/deps';
import { manualClock } from '../../server/lib/clock';
import { memoryMailer } from '../../server/lib/mailer';
import { silentLogger } from '../../server/lib/logger';
import { createPlaidClient, webhookUrl } from '../../server/services/plaid-client';
import { linkSandboxBank, registerUser } from './accounts';

export interface TestServerOptions {
  /** Extra environment for loadConfig (the test defaults come first). */
  env?: Record<string, string>;
  /** Config fields replaced after loading, e.g. `{ authRateLimit: 3 }`. */
  config?: Partial<Config>;
  /** Where the manual clock starts. */
  now?: Date;
  /** Dependencies replaced or added, e.g. a logger that records, or (later) a Plaid client. */
  deps?: Partial<AppDeps>;
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;

export const usingPostgres = Boolean(process.env.DATABASE_URL);

export async function createTestServer(opts: TestServerOptions = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bq-api-'));
  const databaseUrl = process.env.DATABASE_URL;
  const pgSchema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-static'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      APP_URL: 'http://app.test',
      // Generous, so only the rate-limit tests (which lower it) ever see a 429.
      AUTH_RATE_LIMIT: '1000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...opts.env,
    }),
    ...opts.config,
  };
  const db = createDb({ databaseUrl, dataDir, sqliteFile: 'test.sqlite', pgSchema });
  await migrate(db, pgSchema);
  const clock = manualClock(opts.now ?? new Date('2025-03-01T12:00:00Z'));
  const mailer = memoryMailer();
  let url = '';
  // The real SDK, pointed at the local Plaid sandbox this same test server hosts.
  const plaid = createPlaidClient(config, () => url);
  const deps: AppDeps = {
    config,
    db,
    clock,
    mailer,
    logger: silentLogger,
    plaid,
    webhookUrl: webhookUrl(config, () => url),
    ...opts.deps,
  };
  const server = createApp(deps).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function req<T = Record<string, unknown>>(
    method: string,
    urlPath: string,
    body?: unknown,
    token?: string,
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(url + urlPath, {
      method,
      headers,
      // A string is sent as-is so tests can post malformed JSON.
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    // A file download (the exports of issue 29) is no JSON: its text is answered as `{ text }`.
    let parsed: unknown = {};
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { text };
      }
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  /** Registers a user (a fresh address unless given) and returns the bearer token. */
  const register = async (email?: string, password?: string) =>
    (await registerUser(req, { email, password })).token;

  async function close() {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await liveBus(db).close();
    if (pgSchema) await db.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [pgSchema]);
    await db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }

  const schema = {
    tables: () => listTables(db, pgSchema),
    columns: (t: string) => listColumns(db, t, pgSchema),
  };

  /** Tables holding a user_id column, so deletion tests also cover tables added later. */
  async function tablesWithUserId(): Promise<string[]> {
    const out: string[] = [];
    for (const t of await schema.tables()) if ((await schema.columns(t)).includes('user_id')) out.push(t);
    return out;
  }

  /** Every row of every table, for "this secret is stored nowhere" checks. */
  async function dumpAllRows(): Promise<Record<string, unknown[]>> {
    const out: Record<string, unknown[]> = {};
    for (const t of await schema.tables()) out[t] = await db(t).select('*');
    return out;
  }

  const countRows = async (table: string) => Number((await db(table).count({ n: '*' }))[0].n);

  return {
    url,
    db,
    clock,
    mailer,
    config,
    deps,
    req,
    register,
    close,
    tablesWithUserId,
    dumpAllRows,
    countRows,
  };
}

async function listTables(db: Knex, pgSchema?: string): Promise<string[]> {
  const names = pgSchema
    ? await db('information_schema.tables').where({ table_schema: pgSchema }).pluck('table_name')
    : await db('sqlite_master').where({ type: 'table' }).whereNot('name', 'like', 'sqlite_%').pluck('name');
  return (names as string[]).sort();
}

async function listColumns(db: Knex, table: string, pgSchema?: string): Promise<string[]> {
  if (pgSchema) {
    return db('information_schema.columns')
      .where({ table_schema: pgSchema, table_name: table })
      .pluck('column_name');
  }
  const cols = (await db.raw('PRAGMA table_info(??)', [table])) as { name: string }[];
  return cols.map((c) => c.name);
}

/** Links a `user_good` item of the local sandbox for the user, as Link would; answers its item id. */
export function linkSandboxItem(s: TestServer, token: string): Promise<string> {
  const keys = s.config.plaid.sandbox;
  if (!keys) throw new Error('the test server runs without the local sandbox');
  return linkSandboxBank(s.req, token, keys, { linkToken: false });
}
