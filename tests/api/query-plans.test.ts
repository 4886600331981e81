// Every query the API's hot paths run finds its rows through an index, on SQLite and on PostgreSQL
// (issue 14). The scenario goes through the API as a client would (sign-up, bank link and sync,
// the transaction list, labels, manual expenses, progress, reset, disconnect); every statement
// Knex sent is then explained: SQLite's EXPLAIN QUERY PLAN must not SCAN an app table, and
// PostgreSQL's EXPLAIN, with sequential scans priced out, must not need a Seq Scan. Every foreign
// key also needs an index led by its column, or deleting a parent (a bank item, a user) reads the
// whole child table. Set PRINT_PLANS=1 to print each statement with its plan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Products } from 'plaid';
import type { Knex } from 'knex';
import { createTestServer, usingPostgres, type TestServer } from '../support/server';

interface Statement {
  sql: string;
  bindings: readonly unknown[];
}

/** Tables read by the local sandbox or by start-up only, not by the app's request paths. */
const NOT_APP = /^(knex_migrations|knex_migrations_lock|plaid_sandbox_\w+|sqlite_\w+)$/;

/** Queries that are meant to read a whole (small) table, with why. */
const WHOLE_TABLE_ON_PURPOSE: { match: RegExp; why: string }[] = [];

let s: TestServer;
const statements = new Map<string, Statement>();

function capture(db: Knex) {
  db.on('query', (q: { sql: string; bindings?: readonly unknown[] }) => {
    const sql = q.sql.trim();
    if (!/^(select|update|delete|insert)\b/i.test(sql)) return;
    if (!statements.has(sql)) statements.set(sql, { sql, bindings: q.bindings ?? [] });
  });
}

async function scenario() {
  const token = await s.register();
  const call = (method: string, path: string, body?: unknown) => s.req(method, path, body, token);
  expect((await call('POST', '/api/plaid/create_link_token', {})).status).toBe(200);
  const pub = await s.deps.plaid().sandboxPublicTokenCreate({
    institution_id: 'ins_109508',
    initial_products: [Products.Transactions],
    options: { override_username: 'user_good', override_password: 'pass_good' },
  });
  expect(
    (await call('POST', '/api/plaid/exchange-token', { public_token: pub.data.public_token })).status,
  ).toBe(200);
  s.clock.advance(60_000);
  const synced = await call('GET', '/api/plaid/fetch-transactions');
  expect(synced.status).toBe(200);
  const txs = (synced.body as { transactions: { plaidId: string }[] }).transactions;
  expect((await call('GET', '/api/plaid/transactions')).status).toBe(200);
  expect((await call('GET', '/api/plaid/accounts')).status).toBe(200);
  const categories = txs.slice(0, 3).map((t) => ({ plaidId: t.plaidId, budget_category: 'Need' }));
  expect((await call('POST', '/api/plaid/update-transaction-categories', { categories })).status).toBe(200);
  const created = await call('POST', '/api/transactions/manual', { amount: 4.2, name: 'Coffee' });
  expect(created.status).toBe(201);
  expect((await call('GET', '/api/transactions/manual')).status).toBe(200);
  expect(
    (await call('DELETE', `/api/transactions/manual/${(created.body as { id: number }).id}`)).status,
  ).toBe(200);
  const event = { id: randomUUID(), at: s.clock.now().getTime(), type: 'award', kind: 'login' };
  expect((await call('POST', '/api/progress/events', { events: [event] })).status).toBe(200);
  expect((await call('GET', '/api/progress')).status).toBe(200);
  expect((await call('GET', '/api/auth/me')).status).toBe(200);
  // Statement import, its list, both exports and undo (issue 29).
  const statement = { fileName: 'a.csv', content: 'Date,Description,Amount\n2025-02-20,Corner shop,-4.00' };
  expect((await call('POST', '/api/statement-imports/preview', statement)).status).toBe(200);
  const imported = await call('POST', '/api/statement-imports', statement);
  expect(imported.status).toBe(201);
  expect((await call('GET', '/api/statement-imports')).status).toBe(200);
  expect((await call('GET', '/api/export/transactions.csv')).status).toBe(200);
  expect((await call('GET', '/api/export/account.json')).status).toBe(200);
  const importId = (imported.body as { import: { id: number } }).import.id;
  expect((await call('DELETE', `/api/statement-imports/${importId}`)).status).toBe(200);
  s.clock.advance(60_000);
  expect((await call('GET', '/api/plaid/fetch-transactions')).status).toBe(200);
  expect((await call('POST', '/api/plaid/reset-transactions', {})).status).toBe(200);
  expect((await call('POST', '/api/plaid/disconnect', {})).status).toBe(200);
}

/** The app tables a statement's plan reads whole. */
async function fullScans(st: Statement): Promise<{ tables: string[]; plan: string }> {
  if (usingPostgres) {
    return s.db.transaction(async (trx) => {
      // Tiny test tables make a sequential scan the cheapest plan; priced out, one is left only
      // where no index can serve the query.
      await trx.raw('SET LOCAL enable_seqscan = off');
      // Knex reports PostgreSQL's own $1, $2 … placeholders, numbered in order; raw() takes `?`.
      const sql = st.sql.replace(/\$\d+/g, '?');
      const rows = (await trx.raw(`EXPLAIN ${sql}`, st.bindings as Knex.RawBinding[])) as {
        rows: { 'QUERY PLAN': string }[];
      };
      const plan = rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      const tables = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]!);
      return { tables, plan };
    });
  }
  const rows = (await s.db.raw(`EXPLAIN QUERY PLAN ${st.sql}`, st.bindings as Knex.RawBinding[])) as {
    detail: string;
  }[];
  const plan = rows.map((r) => r.detail).join('\n');
  // "SCAN t" reads all of t; "SCAN t USING COVERING INDEX" reads all of an index: both are whole.
  const tables = [...plan.matchAll(/^SCAN (\w+)/gm)].map((m) => m[1]!).filter((t) => t !== 'CONSTANT');
  return { tables, plan };
}

async function foreignKeysWithoutIndex(): Promise<string[]> {
  const missing: string[] = [];
  if (usingPostgres) {
    const res = (await s.db.raw(`
      SELECT c.conrelid::regclass::text AS tbl, a.attname AS col
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace
        AND NOT EXISTS (
          SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1]
        )`)) as { rows: { tbl: string; col: string }[] };
    for (const r of res.rows) missing.push(`${r.tbl}.${r.col}`);
    return missing;
  }
  const tables = (await s.db('sqlite_master').where({ type: 'table' }).pluck('name')) as string[];
  for (const table of tables.filter((t) => !NOT_APP.test(t))) {
    const fks = (await s.db.raw('PRAGMA foreign_key_list(??)', [table])) as { from: string }[];
    const indexes = (await s.db.raw('PRAGMA index_list(??)', [table])) as { name: string }[];
    const leading = new Set<string>();
    for (const idx of indexes) {
      const cols = (await s.db.raw('PRAGMA index_info(??)', [idx.name])) as { seqno: number; name: string }[];
      const first = cols.find((c) => c.seqno === 0);
      if (first) leading.add(first.name);
    }
    // An INTEGER PRIMARY KEY is the rowid itself: not in index_list, but an index all the same.
    const pk = (await s.db.raw('PRAGMA table_info(??)', [table])) as { name: string; pk: number }[];
    for (const c of pk) if (c.pk === 1) leading.add(c.name);
    for (const fk of fks) if (!leading.has(fk.from)) missing.push(`${table}.${fk.from}`);
  }
  return missing;
}

describe('query plans', () => {
  beforeAll(async () => {
    s = await createTestServer({ env: { PLAID_NOT_READY_MS: '0' } });
    capture(s.db);
    await scenario();
  });
  afterAll(() => s.close());

  it('when the API serves a user end to end, then no statement reads a whole app table', async () => {
    const offenders: string[] = [];
    let checked = 0;
    for (const st of statements.values()) {
      const { tables, plan } = await fullScans(st);
      const appTables = tables.filter((t) => !NOT_APP.test(t));
      if (process.env.PRINT_PLANS) console.info(`${st.sql}\n  ${plan.replace(/\n/g, '\n  ')}\n`);
      if (NOT_APP.test(/\b(?:from|into|update)\s+"?(\w+)"?/i.exec(st.sql)?.[1] ?? '')) continue;
      checked++;
      if (appTables.length && !WHOLE_TABLE_ON_PURPOSE.some((w) => w.match.test(st.sql)))
        offenders.push(`${appTables.join(', ')}: ${st.sql.slice(0, 300)}\n${plan.slice(0, 600)}`);
    }
    // The scenario really exercised the API: the list, labels, manual expenses, sync and progress.
    expect(checked).toBeGreaterThan(25);
    expect(offenders).toEqual([]);
  });

  it('when a parent row is deleted, then each foreign key finds its child rows through an index', async () => {
    expect(await foreignKeysWithoutIndex()).toEqual([]);
  });
});
