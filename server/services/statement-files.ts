// Reads a bank statement file into transactions (issue 29). CSV goes through csv-parse (quoting,
// embedded line breaks and byte-order marks, with each record's line), OFX 1.x (SGML), OFX 2.x
// (XML) and QFX through ofx-js; the rules that turn cells into amounts and dates are the domain's
// (src/domain/statement-import.ts). Every failure is a StatementError naming the line at fault.
import { createHash } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { parseSync as parseOfx } from 'ofx-js';
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  StatementError,
  csvRecordToRow,
  dateFormatsOf,
  detectMapping,
  mappingProblem,
  type CsvMapping,
  type DateFormat,
  type ImportFormat,
  type StatementRow,
} from '../../src/domain/statement-import';
import { BANK_AMOUNT_MAX } from '../../src/domain/money-rules';

/** What the file says about the account it came from. */
export interface AccountHint {
  type: string;
  subtype: string | null;
  mask: string | null;
}

export interface ParsedStatement {
  format: ImportFormat;
  /** The bank as the file names it (OFX <FI><ORG>), if it does. */
  bankName: string | null;
  account: AccountHint;
  rows: (StatementRow & { fingerprint: string })[];
  /** CSV only: the header (or 'Column n'), the first rows as cells, the mapping used, and the date
   * formats the date column reads in. */
  csv?: { columns: string[]; sample: string[][]; mapping: CsvMapping; dateFormats: DateFormat[] };
}

const DEFAULT_ACCOUNT: AccountHint = { type: 'depository', subtype: 'checking', mask: null };
const SAMPLE_ROWS = 5;
const lineOf = (text: string, offset: number) => {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) n++;
  return n;
};

/** Which parser reads `content`: OFX and QFX by their header or root element, else CSV. */
export function formatOf(content: string, fileName: string): ImportFormat {
  const head = content.slice(0, 2000);
  if (/^\s*OFXHEADER\s*:/i.test(head) || /<OFX>/i.test(head) || /<\?OFX\s/i.test(head)) {
    return /\.qfx$/i.test(fileName) ? 'qfx' : 'ofx';
  }
  if (/^\s*</.test(head)) throw new StatementError(IMPORT_MESSAGES.unknownFormat);
  return 'csv';
}

export function readStatement(content: string, fileName: string, mapping?: CsvMapping): ParsedStatement {
  const text = content.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new StatementError(IMPORT_MESSAGES.empty);
  const format = formatOf(text, fileName);
  const parsed = format === 'csv' ? readCsv(text, mapping) : readOfx(text, format);
  if (parsed.rows.length === 0) throw new StatementError(IMPORT_MESSAGES.empty);
  if (parsed.rows.length > IMPORT_LIMITS.maxRows) throw new StatementError(IMPORT_MESSAGES.tooManyRows);
  return parsed;
}

// ---- CSV ----------------------------------------------------------------------------------------

const DELIMITERS = [',', ';', '\t', '|'] as const;

interface CsvRecord {
  cells: string[];
  line: number;
}

function csvRecords(text: string, delimiter: string, toLine?: number): CsvRecord[] {
  let lastLine = 0;
  const out: CsvRecord[] = [];
  try {
    parseCsv(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      ...(toLine ? { to_line: toLine } : {}),
      // Each record is kept here with its line: where it starts is where it ends, less the line
      // breaks inside its cells. Nothing is left for the parser's own result.
      on_record: (record: string[], context: { lines: number }) => {
        lastLine = context.lines;
        out.push({
          cells: record,
          line: context.lines - record.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0),
        });
        return null;
      },
    });
    return out;
  } catch (err) {
    const e = err as { code?: string; lines?: number };
    const line = lastLine + 1;
    if (e.code === 'CSV_QUOTE_NOT_CLOSED')
      throw new StatementError('A quoted value starts here and its closing quote (") is missing.', line);
    if (e.code === 'CSV_INVALID_CLOSING_QUOTE')
      throw new StatementError(
        'A quoted value is followed by other text before the next separator.',
        e.lines ?? line,
      );
    throw new StatementError('This line cannot be read as CSV.', e.lines ?? line);
  }
}

/** The separator that splits the first lines into the same number (2 or more) of columns most often. */
function detectDelimiter(text: string): string {
  let best: { d: string; score: number } = { d: ',', score: -1 };
  for (const d of DELIMITERS) {
    let records: CsvRecord[];
    try {
      records = csvRecords(text, d, 20);
    } catch {
      continue;
    }
    const widths = records.map((r) => r.cells.length).filter((w) => w > 1);
    if (widths.length === 0) continue;
    const counts = new Map<number, number>();
    for (const w of widths) counts.set(w, (counts.get(w) ?? 0) + 1);
    const [width, times] = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]!;
    const score = times * 100 + width;
    if (score > best.score) best = { d, score };
  }
  return best.d;
}

function readCsv(text: string, given?: CsvMapping): ParsedStatement {
  const records = csvRecords(text, detectDelimiter(text));
  if (records.length === 0) throw new StatementError(IMPORT_MESSAGES.empty);
  // One header and the limit's rows: anything longer is refused before any row is read.
  if (records.length > IMPORT_LIMITS.maxRows + 1) throw new StatementError(IMPORT_MESSAGES.tooManyRows);
  const width = Math.max(...records.map((r) => r.cells.length));
  const detected = detectMapping(records.slice(0, 50).map((r) => r.cells));
  const mapping = given ?? detected;
  if (!mapping && records.length < 2) throw new StatementError(IMPORT_MESSAGES.empty);
  if (!mapping) {
    throw new StatementError(
      'We could not find a date column and an amount column in this file. Check that it is the CSV your bank exported.',
    );
  }
  const problem = mappingProblem(mapping, width);
  if (problem) throw new StatementError(problem);
  const columns = mapping.hasHeader
    ? Array.from({ length: width }, (_, i) => records[0]!.cells[i]?.trim() || `Column ${i + 1}`)
    : Array.from({ length: width }, (_, i) => `Column ${i + 1}`);
  const data = mapping.hasHeader ? records.slice(1) : records;
  const rows: StatementRow[] = [];
  for (const r of data) {
    const row = csvRecordToRow(r.cells, r.line, mapping);
    if (row) rows.push(checkAmount(row));
  }
  return {
    format: 'csv',
    bankName: null,
    account: DEFAULT_ACCOUNT,
    rows: withFingerprints(rows),
    csv: {
      columns,
      sample: data.slice(0, SAMPLE_ROWS).map((r) => r.cells),
      mapping,
      dateFormats: dateFormatsOf(data.map((r) => r.cells[mapping.date] ?? '')),
    },
  };
}

function checkAmount<T extends StatementRow>(row: T): T {
  if (Math.abs(row.amountCents) > BANK_AMOUNT_MAX * 100)
    throw new StatementError('The amount is larger than any bank statement holds.', row.line);
  return row;
}

// ---- OFX and QFX --------------------------------------------------------------------------------

type OfxNode = Record<string, unknown>;
const list = (v: unknown): OfxNode[] =>
  (Array.isArray(v) ? v : v && typeof v === 'object' ? [v] : []) as OfxNode[];
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The line of the first `<tag>` that is not closed before the next one opens. */
function unclosedLine(text: string, tag: string): number | null {
  const re = new RegExp(`<(/?)${tag.replace(/[.]/g, '\\.')}>`, 'gi');
  let open: number | null = null;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1]) open = null;
    else if (open !== null) return lineOf(text, open);
    else open = m.index;
  }
  return open === null ? null : lineOf(text, open);
}

const ACCOUNT_TYPES: Record<string, AccountHint['subtype']> = {
  CHECKING: 'checking',
  SAVINGS: 'savings',
  MONEYMRKT: 'money market',
  CD: 'cd',
  CREDITLINE: 'line of credit',
};

function readOfx(text: string, format: ImportFormat): ParsedStatement {
  let doc: { OFX: unknown };
  try {
    doc = parseOfx(text);
  } catch (err) {
    const tag = /closing tag for ([\w.]+)/i.exec((err as Error).message)?.[1];
    const line = tag ? unclosedLine(text, tag) : null;
    throw new StatementError(
      tag ? `The <${tag}> section that starts here is never closed.` : 'This OFX file cannot be read.',
      line,
    );
  }
  if (!doc.OFX || typeof doc.OFX !== 'object') throw new StatementError(IMPORT_MESSAGES.unknownFormat);
  const ofx = doc.OFX as OfxNode;
  const sonrs = (ofx.SIGNONMSGSRSV1 as OfxNode | undefined)?.SONRS as OfxNode | undefined;
  const bankName = str((sonrs?.FI as OfxNode | undefined)?.ORG) || null;
  const bankStatements = list((ofx.BANKMSGSRSV1 as OfxNode | undefined)?.STMTTRNRS).flatMap((t) =>
    list(t.STMTRS),
  );
  const cardStatements = list((ofx.CREDITCARDMSGSRSV1 as OfxNode | undefined)?.CCSTMTTRNRS).flatMap((t) =>
    list(t.CCSTMTRS),
  );
  if (bankStatements.length + cardStatements.length === 0) throw new StatementError(IMPORT_MESSAGES.empty);
  const first = (bankStatements[0]?.BANKACCTFROM ?? cardStatements[0]?.CCACCTFROM) as OfxNode | undefined;
  const acctId = str(first?.ACCTID);
  const account: AccountHint = bankStatements.length
    ? {
        type: str(first?.ACCTTYPE) === 'CREDITLINE' ? 'credit' : 'depository',
        subtype: ACCOUNT_TYPES[str(first?.ACCTTYPE).toUpperCase()] ?? 'checking',
        mask: acctId ? acctId.slice(-4) : null,
      }
    : { type: 'credit', subtype: 'credit card', mask: acctId ? acctId.slice(-4) : null };

  // The parser keeps the order of <STMTTRN> elements, so the n-th one found starts on the n-th
  // '<STMTTRN>' of the text.
  const starts: number[] = [];
  const startRe = /<STMTTRN>/gi;
  for (let m = startRe.exec(text); m; m = startRe.exec(text)) starts.push(m.index);
  const rows: StatementRow[] = [];
  let index = 0;
  for (const st of [...bankStatements, ...cardStatements]) {
    const from = str(((st.BANKACCTFROM ?? st.CCACCTFROM) as OfxNode | undefined)?.ACCTID);
    const key = `ofx:${createHash('sha256').update(from).digest('hex').slice(0, 16)}`;
    for (const t of list((st.BANKTRANLIST as OfxNode | undefined)?.STMTTRN)) {
      const offset = starts[index++] ?? 0;
      const fieldLine = (tag: string) => {
        const at = text.slice(offset).search(new RegExp(`<${tag}>`, 'i'));
        return lineOf(text, at < 0 ? offset : offset + at);
      };
      rows.push(checkAmount(ofxRow(t, key, lineOf(text, offset), fieldLine)));
    }
  }
  return { format, bankName, account, rows: withFingerprints(rows) };
}

function ofxRow(
  t: OfxNode,
  accountKey: string,
  line: number,
  fieldLine: (tag: string) => number,
): StatementRow {
  const rawDate = str(t.DTPOSTED);
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(rawDate);
  const date = m ? dateOf(+m[1]!, +m[2]!, +m[3]!) : null;
  if (!date) {
    throw new StatementError(
      rawDate
        ? `"${rawDate.slice(0, 30)}" is not an OFX date (YYYYMMDD).`
        : 'The date (DTPOSTED) is missing.',
      fieldLine('DTPOSTED'),
    );
  }
  const rawAmount = str(t.TRNAMT).replace(',', '.');
  if (!/^[-+]?(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(rawAmount)) {
    throw new StatementError(
      rawAmount ? `"${rawAmount.slice(0, 30)}" is not an amount.` : 'The amount (TRNAMT) is missing.',
      fieldLine('TRNAMT'),
    );
  }
  const [whole = '0', frac = ''] = rawAmount.replace(/^[-+]/, '').split('.');
  const cents = Number(whole || '0') * 100 + Number(frac.padEnd(2, '0'));
  const payee = (t.PAYEE as OfxNode | undefined)?.NAME;
  const name = (str(t.NAME) || str(payee) || str(t.MEMO)).replace(/\s+/g, ' ');
  if (!name) throw new StatementError('The transaction has no NAME, PAYEE or MEMO.', line);
  const fitId = str(t.FITID);
  // OFX writes money leaving the account as a negative TRNAMT; Plaid's sign is the opposite.
  const signed = rawAmount.startsWith('-') ? cents : -cents;
  return {
    line,
    date,
    name: name.slice(0, 300),
    amountCents: signed === 0 ? 0 : signed,
    bankId: fitId ? `${accountKey}:${fitId}` : null,
  };
}

function dateOf(y: number, mo: number, d: number): string | null {
  if (y < 1970 || y > 2199 || mo < 1 || mo > 12 || d < 1) return null;
  if (d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

// ---- Fingerprints -------------------------------------------------------------------------------

const normalName = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * A stable fingerprint per row: the bank's own id when the file has one (OFX FITID, with the
 * account it belongs to); otherwise date, cents and description, with the row's rank among rows
 * identical in all three (two coffees of one day stay two rows, and the same two in an
 * overlapping file match them). Files of one account therefore give each transaction one
 * fingerprint, whichever file it comes from.
 */
function withFingerprints(rows: StatementRow[]) {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    let basis: string;
    if (r.bankId) basis = `id|${r.bankId}`;
    else {
      const key = `${r.date}|${r.amountCents}|${normalName(r.name)}`;
      const rank = seen.get(key) ?? 0;
      seen.set(key, rank + 1);
      basis = `row|${key}|${rank}`;
    }
    return { ...r, fingerprint: createHash('sha256').update(basis).digest('hex').slice(0, 40) };
  });
}
