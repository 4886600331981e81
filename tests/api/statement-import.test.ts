// Importing bank statements (issue 29): CSV layouts, OFX 1.x (SGML), OFX 2.x (XML) and QFX; the
// mapping and sign a preview proposes and the user changes; no row twice on a re-import or an
// overlapping file; undo; bad files named by line with nothing stored; the limits; rows that count
// like Plaid rows (list, labels, accounts). Runs on SQLite and, with DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '../../src/domain/statement-import';

interface Tx {
  plaidId: string;
  name: string;
  amount: number;
  date: string;
  account_id: string;
  budget_category: string | null;
}
interface Preview {
  format: string;
  bankName: string | null;
  suggestedAccountName: string;
  total: number;
  newCount: number;
  duplicateCount: number;
  csv: { columns: string[]; mapping: Record<string, unknown>; dateFormats: string[] } | null;
  rows: {
    line: number;
    date: string;
    name: string;
    amount: number;
    duplicate: boolean;
    label: string | null;
  }[];
  error?: string;
  line?: number;
}
interface Imported {
  import: { id: number; accountName: string; rowCount: number; duplicateCount: number } | null;
  added: number;
  duplicateCount: number;
  error?: string;
  line?: number;
}

let s: TestServer;
const preview = (token: string, fileName: string, content: string, extra: object = {}) =>
  s.req<Preview>('POST', '/api/statement-imports/preview', { fileName, content, ...extra }, token);
const importFile = (token: string, fileName: string, content: string, extra: object = {}) =>
  s.req<Imported>('POST', '/api/statement-imports', { fileName, content, ...extra }, token);
const list = async (token: string) =>
  (await s.req<Tx[]>('GET', '/api/plaid/transactions', undefined, token)).body;
const rowsOf = async (token: string) =>
  (await list(token))
    .map((t) => [t.date, t.name, t.amount])
    .sort((a, b) => String(a).localeCompare(String(b)));

const SIGNED = [
  'Date,Description,Amount',
  '2025-02-01,Payroll ACME,2500.00',
  '2025-02-02,"STARBUCKS STORE 1234, SEATTLE",-4.75',
  '2025-02-03,Rent February,-1200',
  '2025-02-03,Coffee Cart,-3.00',
  '2025-02-03,Coffee Cart,-3.00',
].join('\r\n');

function sgmlOfx(txs: { id: string; date: string; amount: string; name: string }[], org = 'First Test Bank') {
  return `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20250205<LANGUAGE>ENG<FI><ORG>${org}<FID>1234</FI><INTU.BID>1234</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD
<BANKACCTFROM><BANKID>123<ACCTID>99887766<ACCTTYPE>SAVINGS</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20250101<DTEND>20250131
${txs
  .map(
    (t) => `<STMTTRN>
<TRNTYPE>OTHER
<DTPOSTED>${t.date}120000[-5:EST]
<TRNAMT>${t.amount}
<FITID>${t.id}
<NAME>${t.name}
</STMTTRN>`,
  )
  .join('\n')}
</BANKTRANLIST><LEDGERBAL><BALAMT>100.00<DTASOF>20250131</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>
`;
}

const XML_OFX = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>20250105</DTSERVER><LANGUAGE>ENG</LANGUAGE><FI><ORG>Card Bank</ORG><FID>1</FID></FI></SONRS></SIGNONMSGSRSV1>
<CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><CCSTMTRS><CURDEF>USD</CURDEF><CCACCTFROM><ACCTID>4111222233334444</ACCTID></CCACCTFROM>
<BANKTRANLIST><DTSTART>20250101</DTSTART><DTEND>20250131</DTEND>
<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20250110</DTPOSTED><TRNAMT>-45.10</TRNAMT><FITID>X1</FITID><NAME>Grocery &amp; More</NAME></STMTTRN>
<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20250112</DTPOSTED><TRNAMT>20.00</TRNAMT><FITID>X2</FITID><NAME>Refund</NAME></STMTTRN>
</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>`;

beforeAll(async () => {
  // The real time: express-rate-limit compares its window with Date.now() when it takes back a
  // failed file's count.
  s = await createTestServer({ now: new Date() });
});
afterAll(async () => {
  await s.close();
});

describe('CSV layouts', () => {
  it('when a CSV has one signed amount column, then the preview finds the columns and reads negatives as spent', async () => {
    const token = await s.register();
    const res = await preview(token, 'checking.csv', SIGNED);
    expect(res.status).toBe(200);
    expect(res.body.format).toBe('csv');
    expect(res.body.csv?.mapping).toMatchObject({
      hasHeader: true,
      date: 0,
      name: 1,
      amount: 2,
      debit: null,
      credit: null,
      sign: 'negative-is-spent',
      dateFormat: 'YYYY-MM-DD',
    });
    expect(res.body.total).toBe(5);
    expect(res.body.rows.map((r) => [r.line, r.name, r.amount])).toEqual([
      [2, 'Payroll ACME', -2500],
      [3, 'STARBUCKS STORE 1234, SEATTLE', 4.75],
      [4, 'Rent February', 1200],
      [5, 'Coffee Cart', 3],
      [6, 'Coffee Cart', 3],
    ]);
    // A preview stores nothing.
    expect(await list(token)).toEqual([]);
  });

  it('when a CSV has debit and credit columns and US dates, then both columns give the signed amount', async () => {
    const token = await s.register();
    const csv = [
      'Posted Date;Payee;Debit;Credit',
      '01/31/2025;Grocer;12,50;',
      '02/01/2025;Salary;;1.000,00',
    ].join('\n');
    const res = await importFile(token, 'debit-credit.csv', csv);
    expect(res.status).toBe(201);
    expect(res.body.added).toBe(2);
    expect(await rowsOf(token)).toEqual([
      ['2025-01-31', 'Grocer', 12.5],
      ['2025-02-01', 'Salary', -1000],
    ]);
  });

  it('when dates could be day-first and the user says so, then the rows take that reading', async () => {
    const token = await s.register();
    const csv = ['Date,Description,Amount', '03/02/2025,Bus,-2.00', '04/02/2025,Tram,-3.00'].join('\n');
    const first = await preview(token, 'eu.csv', csv);
    expect(first.body.csv?.dateFormats).toEqual(['MM/DD/YYYY', 'DD/MM/YYYY']);
    expect(first.body.rows[0]!.date).toBe('2025-03-02');
    const mapping = { ...first.body.csv!.mapping, dateFormat: 'DD/MM/YYYY' };
    const res = await importFile(token, 'eu.csv', csv, { mapping });
    expect(res.status).toBe(201);
    expect((await rowsOf(token)).map((r) => r[0])).toEqual(['2025-02-03', '2025-02-04']);
  });

  it('when a card statement writes purchases as positive, then the preview proposes that sign and the user may flip it', async () => {
    const token = await s.register();
    const csv = [
      'Transaction Date,Description,Amount',
      '2025-02-01,Shop A,10.00',
      '2025-02-02,Shop B,20.00',
      '2025-02-03,Shop C,5.00',
      '2025-02-04,Payment,-35.00',
    ].join('\n');
    const res = await preview(token, 'card.csv', csv);
    expect(res.body.csv?.mapping.sign).toBe('positive-is-spent');
    expect(res.body.rows[0]!.amount).toBe(10);
    const flipped = await preview(token, 'card.csv', csv, {
      mapping: { ...res.body.csv!.mapping, sign: 'negative-is-spent' },
    });
    expect(flipped.body.rows[0]!.amount).toBe(-10);
  });

  it('when a CSV has no header, then the columns are found from the cells', async () => {
    const token = await s.register();
    const csv = ['20250201,-9.99,Music subscription', '20250202,-15.00,Cinema'].join('\n');
    const res = await preview(token, 'plain.csv', csv);
    expect(res.status).toBe(200);
    expect(res.body.csv?.mapping).toMatchObject({
      hasHeader: false,
      date: 0,
      amount: 1,
      name: 2,
      dateFormat: 'YYYYMMDD',
    });
    expect(res.body.csv?.columns).toEqual(['Column 1', 'Column 2', 'Column 3']);
  });
});

describe('OFX and QFX', () => {
  it('when an SGML OFX 1.x file is imported, then its rows land on an account named after its bank', async () => {
    const token = await s.register();
    const ofx = sgmlOfx([
      { id: 'F1', date: '20250105', amount: '-20.00', name: 'Electric Co' },
      { id: 'F2', date: '20250106', amount: '100.00', name: 'Interest &amp; bonus' },
    ]);
    const p = await preview(token, 'statement.ofx', ofx);
    expect(p.body).toMatchObject({
      format: 'ofx',
      bankName: 'First Test Bank',
      suggestedAccountName: 'First Test Bank •••• 7766',
    });
    const res = await importFile(token, 'statement.ofx', ofx);
    expect(res.status).toBe(201);
    expect(res.body.import).toMatchObject({ accountName: 'First Test Bank •••• 7766', rowCount: 2 });
    expect(await rowsOf(token)).toEqual([
      ['2025-01-05', 'Electric Co', 20],
      ['2025-01-06', 'Interest & bonus', -100],
    ]);
    const accounts = (
      await s.req<{ name: string; subtype: string; source: string; institutionName: string }[]>(
        'GET',
        '/api/plaid/accounts',
        undefined,
        token,
      )
    ).body;
    expect(accounts).toEqual([
      expect.objectContaining({
        name: 'First Test Bank •••• 7766',
        subtype: 'savings',
        source: 'import',
        institutionName: 'First Test Bank',
      }),
    ]);
  });

  it('when an XML OFX 2.x credit-card file and the same as QFX are imported, then the second adds nothing', async () => {
    const token = await s.register();
    const res = await importFile(token, 'card.ofx', XML_OFX, { accountName: 'My card' });
    expect(res.status).toBe(201);
    expect(res.body.import?.accountName).toBe('My card');
    expect(await rowsOf(token)).toEqual([
      ['2025-01-10', 'Grocery & More', 45.1],
      ['2025-01-12', 'Refund', -20],
    ]);
    const again = await importFile(token, 'card.qfx', XML_OFX);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ import: null, added: 0, duplicateCount: 2 });
    expect((await list(token)).length).toBe(2);
  });
});

describe('duplicates and undo', () => {
  it('when the same CSV is imported twice, then every row is stored once, identical rows of one day included', async () => {
    const token = await s.register();
    expect((await importFile(token, 'a.csv', SIGNED)).body.added).toBe(5);
    const p = await preview(token, 'a.csv', SIGNED);
    expect(p.body).toMatchObject({ newCount: 0, duplicateCount: 5 });
    expect(p.body.rows.every((r) => r.duplicate)).toBe(true);
    expect((await importFile(token, 'a.csv', SIGNED)).body.added).toBe(0);
    expect((await list(token)).filter((t) => t.name === 'Coffee Cart')).toHaveLength(2);
  });

  it('when an overlapping file follows, then only its new rows are stored', async () => {
    const token = await s.register();
    await importFile(
      token,
      'jan.ofx',
      sgmlOfx([
        { id: 'A', date: '20250110', amount: '-1.00', name: 'One' },
        { id: 'B', date: '20250111', amount: '-2.00', name: 'Two' },
      ]),
    );
    const res = await importFile(
      token,
      'jan-feb.ofx',
      sgmlOfx([
        { id: 'B', date: '20250111', amount: '-2.00', name: 'Two' },
        { id: 'C', date: '20250201', amount: '-3.00', name: 'Three' },
      ]),
    );
    expect(res.body).toMatchObject({ added: 1, duplicateCount: 1 });
    expect((await rowsOf(token)).map((r) => r[1])).toEqual(['One', 'Two', 'Three']);
  });

  it('when an import is undone, then its rows and its account go and a later import of it works again', async () => {
    const token = await s.register();
    const first = await importFile(token, 'a.csv', SIGNED, { accountName: 'Credit union' });
    const id = first.body.import!.id;
    expect((await s.req('GET', '/api/statement-imports', undefined, token)).body).toEqual([
      expect.objectContaining({ id, fileName: 'a.csv', accountName: 'Credit union', rowCount: 5 }),
    ]);
    const undo = await s.req('DELETE', `/api/statement-imports/${id}`, undefined, token);
    expect(undo.status).toBe(200);
    expect(undo.body).toEqual({ success: true, removed: 5 });
    expect(await list(token)).toEqual([]);
    // Nothing linked or imported any more: the accounts list is empty (200, DECISIONS.md).
    const accounts = await s.req<unknown[]>('GET', '/api/plaid/accounts', undefined, token);
    expect(accounts.status).toBe(200);
    expect(accounts.body).toEqual([]);
    expect((await s.req('DELETE', `/api/statement-imports/${id}`, undefined, token)).status).toBe(404);
    expect((await importFile(token, 'a.csv', SIGNED)).body.added).toBe(5);
  });

  it("when another user undoes or previews against someone's import, then nothing of the owner's changes", async () => {
    const owner = await s.register();
    const stranger = await s.register();
    const id = (await importFile(owner, 'a.csv', SIGNED)).body.import!.id;
    expect((await s.req('DELETE', `/api/statement-imports/${id}`, undefined, stranger)).status).toBe(404);
    expect((await s.req('GET', '/api/statement-imports', undefined, stranger)).body).toEqual([]);
    // The stranger's own import of the same file is theirs: nothing counts as a duplicate.
    expect((await preview(stranger, 'a.csv', SIGNED)).body.newCount).toBe(5);
    expect((await list(owner)).length).toBe(5);
  });
});

describe('labels and the budget', () => {
  it('when the user labelled a merchant before, then its imported rows take that label', async () => {
    const token = await s.register();
    await importFile(
      token,
      'old.csv',
      ['Date,Description,Amount', '2025-01-02,Starbucks,-5.00', '2025-01-03,Rent February,-1200'].join('\n'),
    );
    const old = await list(token);
    const categories = old.map((t) => ({
      plaidId: t.plaidId,
      budget_category: t.name === 'Starbucks' ? 'Want' : 'Need',
    }));
    expect(
      (await s.req('POST', '/api/plaid/update-transaction-categories', { categories }, token)).status,
    ).toBe(200);
    const p = await preview(token, 'feb.csv', SIGNED);
    expect(p.body.rows.find((r) => r.name.startsWith('STARBUCKS'))?.label).toBe('Want');
    await importFile(token, 'feb.csv', SIGNED);
    const labels = Object.fromEntries(
      (await list(token)).filter((t) => t.date >= '2025-02-01').map((t) => [t.name, t.budget_category]),
    );
    expect(labels).toEqual({
      'Payroll ACME': null,
      'STARBUCKS STORE 1234, SEATTLE': 'Want',
      'Rent February': 'Need',
      'Coffee Cart': null,
    });
  });

  it('when a bank reset runs, then imported rows stay', async () => {
    const token = await s.register();
    await importFile(token, 'a.csv', SIGNED);
    expect((await s.req('POST', '/api/plaid/reset-transactions', {}, token)).status).toBe(200);
    expect((await list(token)).length).toBe(5);
  });
});

describe('bad files', () => {
  it('when a date cannot be read, then the answer names the line and nothing is stored', async () => {
    const token = await s.register();
    const csv = ['Date,Description,Amount', '2025-02-01,Ok,-1.00', '2025-02-31,Bad day,-2.00'].join('\n');
    const res = await importFile(token, 'bad.csv', csv);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Line 3: "2025-02-31" is not a date in the format YYYY-MM-DD.');
    expect(res.body.line).toBe(3);
    expect(await list(token)).toEqual([]);
    expect(await s.countRows('statement_imports')).toBeGreaterThanOrEqual(0);
    expect((await s.req('GET', '/api/statement-imports', undefined, token)).body).toEqual([]);
  });

  it('when an amount is not a number, or a quote is never closed, then the line is named', async () => {
    const token = await s.register();
    const amount = await preview(
      token,
      'x.csv',
      ['Date,Description,Amount', '2025-02-01,Ok,-1.00', '2025-02-02,Bad,abc'].join('\n'),
    );
    expect(amount.body.error).toBe('Line 3: "abc" is not an amount.');
    const quote = await preview(
      token,
      'q.csv',
      [
        'Date,Description,Amount',
        '2025-02-01,Ok,-1.00',
        '2025-02-02,"Open,-1.00',
        '2025-02-03,Next,-1.00',
      ].join('\n'),
    );
    expect(quote.status).toBe(400);
    expect(quote.body.error).toMatch(/^Line 3: .*closing quote/);
  });

  it('when an OFX section is never closed or a TRNAMT is not a number, then its line is named', async () => {
    const token = await s.register();
    const good = sgmlOfx([{ id: 'A', date: '20250110', amount: '-1.00', name: 'One' }]);
    const broken = good.replace('</STMTTRN>', '');
    const res = await importFile(token, 'broken.ofx', broken);
    expect(res.status).toBe(400);
    const stmtLine = broken.split('\n').findIndex((l) => l.startsWith('<STMTTRN>')) + 1;
    expect(res.body.error).toBe(`Line ${stmtLine}: The <STMTTRN> section that starts here is never closed.`);
    const badAmount = good.replace('<TRNAMT>-1.00', '<TRNAMT>one');
    const amountLine = badAmount.split('\n').findIndex((l) => l.startsWith('<TRNAMT>')) + 1;
    expect((await importFile(token, 'amount.ofx', badAmount)).body.error).toBe(
      `Line ${amountLine}: "one" is not an amount.`,
    );
    expect(await list(token)).toEqual([]);
  });

  it('when the file is binary, empty, or not a statement, then the message says so', async () => {
    const token = await s.register();
    expect((await preview(token, 'x.csv', 'PK\u0003\u0004\u0000\u0000')).body.error).toBe(
      IMPORT_MESSAGES.notText,
    );
    expect((await preview(token, 'x.csv', '   ')).body.error).toBe(IMPORT_MESSAGES.empty);
    expect((await preview(token, 'x.ofx', '<html><body>hi</body></html>')).body.error).toBe(
      IMPORT_MESSAGES.unknownFormat,
    );
    expect((await preview(token, 'x.csv', 'Date,Description,Amount\n')).body.error).toBe(
      IMPORT_MESSAGES.empty,
    );
  });

  it('when the mapping names a column twice or is malformed, then it is refused', async () => {
    const token = await s.register();
    const mapping = {
      hasHeader: true,
      date: 0,
      dateFormat: 'YYYY-MM-DD',
      name: 0,
      amount: 2,
      debit: null,
      credit: null,
      sign: 'negative-is-spent',
      decimal: '.',
    };
    expect((await preview(token, 'a.csv', SIGNED, { mapping })).body.error).toBe(
      'Each column can be used for one thing only.',
    );
    expect(
      (await preview(token, 'a.csv', SIGNED, { mapping: { ...mapping, name: 1, dateFormat: 'YY' } })).body
        .error,
    ).toBe('Unknown date format');
    expect(
      (await preview(token, 'a.csv', SIGNED, { mapping: { ...mapping, name: 1, amount: 9 } })).body.error,
    ).toBe('This file has only 3 columns.');
    expect(
      (await s.req('POST', '/api/statement-imports', { fileName: 'a.csv', content: 5 }, token)).status,
    ).toBe(400);
    expect(
      (await s.req('POST', '/api/statement-imports', { fileName: 'a.csv', content: SIGNED, extra: 1 }, token))
        .body.error,
    ).toBe('Unknown field: extra');
    expect((await s.req('DELETE', '/api/statement-imports/abc', undefined, token)).status).toBe(400);
  });
});

describe('limits', () => {
  it('when a file is larger than the limit, then it is refused with the size message', async () => {
    const token = await s.register();
    const big = `Date,Description,Amount\n${'2025-02-01,x,-1.00\n'.repeat(Math.ceil(IMPORT_LIMITS.maxFileBytes / 19) + 1)}`;
    const res = await preview(token, 'big.csv', big);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(IMPORT_MESSAGES.tooLarge);
  });

  it('when a file holds more rows than the limit, then it is refused with the rows message', async () => {
    const token = await s.register();
    const rows = Array.from({ length: IMPORT_LIMITS.maxRows + 1 }, (_, i) => `2025-02-01,r${i},-1`);
    const res = await importFile(token, 'many.csv', ['Date,Description,Amount', ...rows].join('\n'));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(IMPORT_MESSAGES.tooManyRows);
    expect(await list(token)).toEqual([]);
  });

  it('when a user has imported the hourly number of files, then the next is refused until the hour passes', async () => {
    const token = await s.register();
    const other = await s.register();
    const file = (i: number) => `Date,Description,Amount\n2025-02-01,Item ${i},-1.00`;
    // A failing file does not use up the budget.
    expect((await importFile(token, 'bad.csv', 'Date,Description,Amount\nnope,x,1')).status).toBe(400);
    for (let i = 0; i < IMPORT_LIMITS.importsPerHour; i++)
      expect((await importFile(token, `f${i}.csv`, file(i))).status).toBe(201);
    const refused = await importFile(token, 'one-more.csv', file(99));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(IMPORT_MESSAGES.tooMany);
    expect((await importFile(other, 'theirs.csv', file(1))).status).toBe(201);
    s.clock.advance(60 * 60_000 + 1);
    expect((await importFile(token, 'later.csv', file(99))).status).toBe(201);
  });
});
