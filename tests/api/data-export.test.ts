// Exporting everything (issue 29): the CSV of every transaction (bank, imported, manual) opens
// correctly in spreadsheets (BOM, RFC 4180 quoting, formulas neutralised), the JSON holds the
// whole account without any token, file names carry the date, and another user's rows never
// appear. Runs on SQLite and, with DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createTestServer, linkSandboxItem, type TestServer } from '../support/server';
import { csvText } from '../../server/lib/csv';

let s: TestServer;

async function download(path: string, token: string) {
  const res = await fetch(s.url + path, { headers: { authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: bytes.toString('utf8') };
}
const importCsv = (token: string, content: string) =>
  s.req(
    'POST',
    '/api/statement-imports',
    { fileName: 'statement.csv', content, accountName: 'Local bank' },
    token,
  );

const TRICKY = [
  'Date,Description,Amount',
  '2025-02-01,"=HYPERLINK(""http://evil.test"",""click"")",-1.00',
  '2025-02-02,+SUM(A1:A9),-2.00',
  '2025-02-03,-cmd|calc,-3.00',
  '2025-02-04,@import,-4.00',
  '2025-02-06,"Line one\nline two, with ""quotes""",-6.00',
  '2025-02-07,Café Ünïcode ☕,12.34',
].join('\n');

beforeAll(async () => {
  s = await createTestServer({ now: new Date('2025-03-01T12:00:00Z'), env: { PLAID_NOT_READY_MS: '0' } });
});
afterAll(async () => {
  await s.close();
});

describe('transactions CSV', () => {
  it('when a user exports, then the file has a BOM, the columns, and formula cells neutralised', async () => {
    const token = await s.register();
    expect((await importCsv(token, TRICKY)).status).toBe(201);
    const res = await download('/api/export/transactions.csv', token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="budget-quest-transactions-2025-03-01.csv"',
    );
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text).toContain('\r\n');
    const rows = parse(res.text, { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'date',
      'name',
      'merchant',
      'amount',
      'account',
      'label',
      'pending',
      'transfer',
      'source',
    ]);
    const byDate = Object.fromEntries(rows.slice(1).map((r) => [r[0], r]));
    expect(byDate['2025-02-01']![1]).toBe(`'=HYPERLINK("http://evil.test","click")`);
    expect(byDate['2025-02-02']![1]).toBe(`'+SUM(A1:A9)`);
    expect(byDate['2025-02-03']![1]).toBe(`'-cmd|calc`);
    expect(byDate['2025-02-04']![1]).toBe(`'@import`);
    // Imports fold line breaks into spaces; the comma and quotes still need RFC 4180 quoting.
    expect(byDate['2025-02-06']![1]).toBe('Line one line two, with "quotes"');
    expect(res.text).toContain('"Line one line two, with ""quotes"""');
    // Amounts stay numbers (Plaid's sign: positive is spent), never neutralised.
    expect(byDate['2025-02-07']).toEqual([
      '2025-02-07',
      'Café Ünïcode ☕',
      '',
      '-12.34',
      'Local bank',
      '',
      'no',
      'no',
      'imported',
    ]);
    expect(byDate['2025-02-03']![3]).toBe('3.00');
    // No cell a spreadsheet would run.
    for (const r of rows.slice(1))
      for (const cell of [r[1], r[2], r[4], r[5]]) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("when a user has bank, imported and manual rows, then all are exported and another user's never are", async () => {
    const token = await s.register();
    const other = await s.register();
    await linkSandboxItem(s, token);
    s.clock.advance(60_000);
    const synced = await s.req<{ transactions: unknown[] }>(
      'GET',
      '/api/plaid/fetch-transactions',
      undefined,
      token,
    );
    expect(synced.status).toBe(200);
    await importCsv(token, 'Date,Description,Amount\n2025-02-10,Mine imported,-7.00');
    expect(
      (await s.req('POST', '/api/transactions/manual', { amount: 4.5, name: 'Mine manual' }, token)).status,
    ).toBe(201);
    await importCsv(other, 'Date,Description,Amount\n2025-02-10,Secret of other,-7.00');
    expect(
      (await s.req('POST', '/api/transactions/manual', { amount: 9, name: 'Other manual' }, other)).status,
    ).toBe(201);

    const rows = parse((await download('/api/export/transactions.csv', token)).text, {
      bom: true,
    }) as string[][];
    const body = rows.slice(1);
    expect(body.length).toBe(synced.body.transactions.length + 2);
    expect(body.filter((r) => r[8] === 'bank').length).toBe(synced.body.transactions.length);
    expect(body.find((r) => r[1] === 'Mine imported')?.[8]).toBe('imported');
    expect(body.find((r) => r[1] === 'Mine manual')).toEqual([
      expect.any(String),
      'Mine manual',
      '',
      '4.50',
      'Manual expenses',
      'Want',
      'no',
      'no',
      'manual',
    ]);
    expect(body.some((r) => r[5] === '' || ['Need', 'Want', 'Savings', 'Income'].includes(r[5]!))).toBe(true);
    // The sandbox's transfer to savings pairs two of the user's own accounts.
    expect(body.filter((r) => r[7] === 'yes').length % 2).toBe(0);
    const all = rows.flat().join('|');
    expect(all).not.toContain('Secret of other');
    expect(all).not.toContain('Other manual');
  });

  it('when a cell starts with a tab or a carriage return (which imports trim away), then it is neutralised too', () => {
    expect(csvText('\tcmd')).toBe("'\tcmd");
    expect(csvText('\r=1+1')).toBe('"\'\r=1+1"');
    expect(csvText('plain')).toBe('plain');
    expect(csvText(null)).toBe('');
  });

  it('when no token is sent, then the export answers 401', async () => {
    expect((await download('/api/export/transactions.csv', 'nope')).status).toBe(401);
    expect((await download('/api/export/account.json', 'nope')).status).toBe(401);
  });
});

describe('account JSON', () => {
  it('when a user exports everything, then the JSON holds the account and never a token or hash', async () => {
    const token = await s.register('json-user@example.com');
    const other = await s.register();
    await linkSandboxItem(s, token);
    s.clock.advance(60_000);
    expect((await s.req('GET', '/api/plaid/fetch-transactions', undefined, token)).status).toBe(200);
    await importCsv(token, 'Date,Description,Amount\n2025-02-10,Imported row,-7.00');
    await importCsv(other, 'Date,Description,Amount\n2025-02-10,Secret of other,-7.00');
    const res = await download('/api/export/account.json', token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="budget-quest-data-2025-03-01.json"',
    );
    const doc = JSON.parse(res.text) as Record<string, unknown> & {
      profile: { email: string };
      transactions: { name: string; source: string }[];
      accounts: { source: string }[];
      linkedInstitutions: { current: { institutionName: string }[] };
      statementImports: unknown[];
    };
    expect(Object.keys(doc)).toEqual([
      'format',
      'version',
      'exportedAt',
      'profile',
      'budgetSettings',
      'progress',
      'progressHistory',
      'progressLedger',
      'quests',
      'labels',
      'linkedInstitutions',
      'accounts',
      'statementImports',
      'recurringStreams',
      'streamReviews',
      'transactions',
      'manualExpenses',
    ]);
    expect(doc.profile.email).toBe('json-user@example.com');
    expect(doc.transactions.some((t) => t.name === 'Imported row' && t.source === 'imported')).toBe(true);
    expect(doc.transactions.filter((t) => t.source === 'bank').length).toBeGreaterThan(10);
    expect(doc.accounts.map((a) => a.source)).toContain('import');
    expect(doc.linkedInstitutions.current).toHaveLength(1);
    expect(doc.statementImports).toHaveLength(1);
    // Nothing secret: no stored token, hash or cursor of this user appears anywhere in the file.
    const item = await s.db('plaid_items').first('access_token_enc', 'item_id', 'cursor');
    const user = await s.db('users').where({ email: 'json-user@example.com' }).first('password_hash');
    for (const secret of [item.access_token_enc, item.cursor, user.password_hash])
      expect(res.text).not.toContain(secret);
    expect(res.text).not.toMatch(/access[-_]?token|password|cursor/i);
    expect(res.text).not.toContain('Secret of other');
  });

  it('when 10,000 transactions are exported, then every one is in the file once', async () => {
    const token = await s.register();
    const lines = Array.from(
      { length: 2500 },
      (_, i) => `2025-02-${String((i % 28) + 1).padStart(2, '0')},Row ${i},-${(i % 90) + 1}.25`,
    );
    for (let k = 0; k < 4; k++) {
      const csv = ['Date,Description,Amount', ...lines.map((l) => l.replace('Row ', `Row ${k}-`))].join('\n');
      expect((await importCsv(token, csv)).status).toBe(201);
    }
    const rows = parse((await download('/api/export/transactions.csv', token)).text, {
      bom: true,
    }) as string[][];
    expect(rows.length).toBe(10_001);
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(10_000);
    const doc = JSON.parse((await download('/api/export/account.json', token)).text) as {
      transactions: unknown[];
    };
    expect(doc.transactions).toHaveLength(10_000);
  });
});
