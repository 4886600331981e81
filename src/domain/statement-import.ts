// Importing a bank statement file (issue 29): the limits and their messages, and the pure rules
// that turn a CSV's cells into transactions: which column is which (detected from the header or
// the cells), the date formats, amounts (signed, or debit and credit columns; decimal point or
// comma) and the sign. The server parses files with these rules; the client shows the same
// mapping for the user to confirm or change.

/** Every limit of an import, in one place (README "Import a statement"). */
export const IMPORT_LIMITS = {
  /** The largest file accepted, in bytes (512 KB: a year of a busy account in any format). */
  maxFileBytes: 512 * 1024,
  /** The most transactions one file may hold. */
  maxRows: 3000,
  /** Imports one user may store per hour (a file that fails does not count). */
  importsPerHour: 20,
  /** Previews one user may ask for per hour (each reads a whole file). */
  previewsPerHour: 120,
  /** Rows a preview shows. */
  previewRows: 20,
  /** The longest file name and account name kept. */
  fileNameMax: 200,
  accountNameMax: 60,
} as const;

export const IMPORT_MESSAGES = {
  tooLarge: 'This file is larger than 512 KB. Export a shorter period from your bank and import each part.',
  tooManyRows: `This file holds more than ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} transactions. Export a shorter period from your bank and import each part.`,
  tooMany: `You have imported ${IMPORT_LIMITS.importsPerHour} statements in the last hour. Please wait a while before importing another.`,
  tooManyPreviews: 'Too many statement previews in the last hour. Please wait a while and try again.',
  empty: 'This file holds no transactions.',
  unknownFormat:
    'This file is not a bank statement we can read. Choose a CSV, OFX or QFX file downloaded from your bank.',
  notText: 'This file is not a text file. Choose a CSV, OFX or QFX file downloaded from your bank.',
} as const;

/** An imported row's id is this prefix and its fingerprint (Plaid's ids never start with it). */
export const IMPORTED_ROW_PREFIX = 'imp-';
/**
 * Whether a transaction came from an imported file. A file is the user's own claim, so its rows
 * are labelled in the list (or take the merchant's label) but are no Category Matcher card and
 * pay no matcher XP (docs/decisions.md, "Imported statements").
 */
export const isImportedRow = (plaidId: string): boolean => plaidId.startsWith(IMPORTED_ROW_PREFIX);

export const IMPORT_FORMATS = ['csv', 'ofx', 'qfx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const DATE_FORMATS = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'YYYYMMDD'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/**
 * How a single amount column reads: most banks write money spent as a negative number
 * ('negative-is-spent'); some card statements write purchases as positive ('positive-is-spent').
 */
export const AMOUNT_SIGNS = ['negative-is-spent', 'positive-is-spent'] as const;
export type AmountSign = (typeof AMOUNT_SIGNS)[number];

/** Which CSV column holds what (0-based indexes), and how to read it. */
export interface CsvMapping {
  hasHeader: boolean;
  date: number;
  dateFormat: DateFormat;
  name: number;
  /** The one signed amount column; null when the file has debit and credit columns. */
  amount: number | null;
  debit: number | null;
  credit: number | null;
  sign: AmountSign;
  decimal: '.' | ',';
}

/** One transaction read from a file, with the file line it starts on. */
export interface StatementRow {
  line: number;
  /** YYYY-MM-DD. */
  date: string;
  name: string;
  /** Plaid's sign: positive is money spent, negative is money received. */
  amountCents: number;
  /** The bank's own id for the row (OFX FITID), when the file has one. */
  bankId: string | null;
}

/** A file that cannot be imported, with the line at fault when there is one. */
export class StatementError extends Error {
  constructor(
    message: string,
    public readonly line: number | null = null,
  ) {
    super(line === null ? message : `Line ${line}: ${message}`);
  }
}

// ---- Dates --------------------------------------------------------------------------------------

const DATE_PATTERNS: Record<DateFormat, RegExp> = {
  'YYYY-MM-DD': /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/,
  'MM/DD/YYYY': /^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})$/,
  'DD/MM/YYYY': /^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})$/,
  'DD.MM.YYYY': /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/,
  YYYYMMDD: /^(\d{4})(\d{2})(\d{2})$/,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A real calendar date as YYYY-MM-DD, or null. Two-digit years are 2000 to 2099. */
function calendarDay(y: number, m: number, d: number): string | null {
  const year = y < 100 ? 2000 + y : y;
  if (year < 1970 || year > 2199 || m < 1 || m > 12 || d < 1) return null;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return d > last ? null : `${year}-${pad(m)}-${pad(d)}`;
}

/** Reads `text` in `format`; null when it is not a real date in that format. */
export function parseDate(text: string, format: DateFormat): string | null {
  const m = DATE_PATTERNS[format].exec(text.trim());
  if (!m) return null;
  const [a, b, c] = [Number(m[1]), Number(m[2]), Number(m[3])];
  switch (format) {
    case 'YYYY-MM-DD':
    case 'YYYYMMDD':
      return calendarDay(a, b, c);
    case 'MM/DD/YYYY':
      return calendarDay(c, a, b);
    default:
      return calendarDay(c, b, a);
  }
}

/**
 * The formats every one of `cells` reads in, US order first (month before day) when both do:
 * the preview then says the dates are ambiguous and lets the user switch.
 */
export function dateFormatsOf(cells: readonly string[]): DateFormat[] {
  const filled = cells.filter((c) => c.trim() !== '');
  if (filled.length === 0) return [];
  return DATE_FORMATS.filter((f) => filled.every((c) => parseDate(c, f) !== null));
}

/**
 * The format most of `cells` read in (at least 80% of them), US order first on a tie; a stray bad
 * date then fails on its own line instead of hiding the column.
 */
export function likelyDateFormat(cells: readonly string[]): DateFormat | null {
  const filled = cells.filter((c) => c.trim() !== '');
  if (filled.length === 0) return null;
  let best: { f: DateFormat; n: number } | null = null;
  for (const f of DATE_FORMATS) {
    const n = filled.filter((c) => parseDate(c, f) !== null).length;
    if (n / filled.length >= 0.8 && (!best || n > best.n)) best = { f, n };
  }
  return best?.f ?? null;
}

// ---- Amounts ------------------------------------------------------------------------------------

/**
 * Whole cents of an amount cell: '-12.34', '1,234.56', '$12', '(12.00)' (negative), '12.00-',
 * '+5', and with `decimal` ',' '1.234,56' or '-12,5'. Null for an empty cell; NaN for text that is
 * no amount or has more than two decimals.
 */
export function parseAmountCents(text: string, decimal: '.' | ','): number | null {
  let s = text.trim().replace(/[\s\u00a0]/g, '');
  if (s === '') return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1);
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  s = s.replace(/^[$€£]|[$€£]$|^(USD|EUR|GBP|CAD)|(USD|EUR|GBP|CAD)$/gi, '');
  const group = decimal === '.' ? ',' : '.';
  const re =
    decimal === '.'
      ? /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$|^\.(\d{1,2})$/
      : /^(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$|^,(\d{1,2})$/;
  const m = re.exec(s);
  if (!m) return Number.NaN;
  const [whole, frac = ''] = s.split(decimal);
  const units = Number((whole ?? '').split(group).join('') || '0');
  const cents = units * 100 + Number(frac.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents)) return Number.NaN;
  return negative ? -cents : cents;
}

/** Whether `cells` read as amounts with a decimal comma rather than a point. */
export function guessDecimal(cells: readonly string[]): '.' | ',' {
  const commaDecimals = cells.filter((c) => /\d,\d{1,2}\)?-?$/.test(c.trim())).length;
  const pointDecimals = cells.filter((c) => /\d\.\d{1,2}\)?-?$/.test(c.trim())).length;
  return commaDecimals > pointDecimals ? ',' : '.';
}

// ---- Columns ------------------------------------------------------------------------------------

const HEADER_WORDS: Record<'date' | 'name' | 'amount' | 'debit' | 'credit', RegExp[]> = {
  date: [/^(transaction |trans\.? |posted |posting |post |booking |value )?date$/, /date/],
  name: [
    /^(description|payee|merchant|name|details|narrative)$/,
    /description|payee|merchant|name|details/,
    /memo|reference|transaction/,
  ],
  amount: [/^(amount|value|sum)( \(.*\))?$/, /amount/],
  debit: [
    /^(debit|debits|withdrawal|withdrawals|money out|paid out|outflow|spent)( amount)?$/,
    /debit|withdrawal|money out|paid out/,
  ],
  credit: [
    /^(credit|credits|deposit|deposits|money in|paid in|inflow|received)( amount)?$/,
    /credit|deposit|money in|paid in/,
  ],
};

/** The first column whose header matches the strongest pattern that any header matches. */
function findColumn(
  headers: readonly string[],
  field: keyof typeof HEADER_WORDS,
  taken: Set<number>,
): number | null {
  const norm = headers.map((h) => h.trim().toLowerCase().replace(/[_]+/g, ' '));
  for (const re of HEADER_WORDS[field]) {
    const i = norm.findIndex((h, idx) => !taken.has(idx) && re.test(h));
    if (i >= 0) return i;
  }
  return null;
}

const column = (rows: readonly string[][], i: number) => rows.map((r) => r[i] ?? '');
const isAmounts = (cells: readonly string[]) => {
  const filled = cells.filter((c) => c.trim() !== '');
  if (filled.length === 0) return false;
  const decimal = guessDecimal(filled);
  return filled.every((c) => Number.isFinite(parseAmountCents(c, decimal)));
};

/**
 * A first guess at the mapping of a CSV from its first rows (header included if there is one):
 * a header is a first row whose date column does not read as a date. Null when no date and
 * amount columns can be found: the user then picks them in the preview.
 */
export function detectMapping(rows: readonly string[][]): CsvMapping | null {
  if (rows.length === 0) return null;
  const width = Math.max(...rows.map((r) => r.length));
  const first = rows[0]!;
  const body = rows.slice(1);
  const dateCols = (sample: readonly string[][]) =>
    Array.from({ length: width }, (_, i) => i).filter((i) => likelyDateFormat(column(sample, i)) !== null);
  const hasHeader = !dateCols([first]).some((i) => dateCols(body.length ? body : [first]).includes(i));
  const data = hasHeader ? body : rows;
  if (data.length === 0) return null;
  const taken = new Set<number>();
  let date: number | null = null;
  let name: number | null = null;
  let amount: number | null = null;
  let debit: number | null = null;
  let credit: number | null = null;
  if (hasHeader) {
    date = findColumn(first, 'date', taken);
    if (date !== null) taken.add(date);
    debit = findColumn(first, 'debit', taken);
    if (debit !== null) taken.add(debit);
    credit = findColumn(first, 'credit', taken);
    if (credit !== null) taken.add(credit);
    if (debit === null || credit === null) {
      if (debit !== null) taken.delete(debit);
      if (credit !== null) taken.delete(credit);
      debit = credit = null;
      amount = findColumn(first, 'amount', taken);
      if (amount !== null) taken.add(amount);
    }
    name = findColumn(first, 'name', taken);
  }
  // Columns the header did not name are found from their cells.
  if (date === null) date = dateCols(data)[0] ?? null;
  if (date !== null) taken.add(date);
  if (amount === null && (debit === null || credit === null)) {
    amount =
      Array.from({ length: width }, (_, i) => i).find((i) => !taken.has(i) && isAmounts(column(data, i))) ??
      null;
    if (amount !== null) taken.add(amount);
  }
  if (name === null) {
    // The column of longest text that is neither a date nor an amount.
    let best = -1;
    for (let i = 0; i < width; i++) {
      if (taken.has(i) || isAmounts(column(data, i))) continue;
      const len = column(data, i).reduce((n, c) => n + c.length, 0);
      if (len > best) {
        best = len;
        name = i;
      }
    }
  }
  if (date === null || name === null || (amount === null && (debit === null || credit === null))) return null;
  const dateFormat = likelyDateFormat(column(data, date)) ?? 'YYYY-MM-DD';
  const moneyCells = [amount, debit, credit].flatMap((i) => (i === null ? [] : column(data, i)));
  const decimal = guessDecimal(moneyCells);
  return {
    hasHeader,
    date,
    dateFormat,
    name,
    amount,
    debit,
    credit,
    sign: guessSign(data, amount, decimal),
    decimal,
  };
}

/**
 * A single amount column where most rows are positive reads as a card statement (purchases
 * positive); otherwise money spent is negative, as most bank exports write it.
 */
export function guessSign(rows: readonly string[][], amount: number | null, decimal: '.' | ','): AmountSign {
  if (amount === null) return 'negative-is-spent';
  const values = column(rows, amount)
    .map((c) => parseAmountCents(c, decimal))
    .filter((v): v is number => v !== null && Number.isFinite(v) && v !== 0);
  const positive = values.filter((v) => v > 0).length;
  return values.length > 0 && positive / values.length > 0.7 ? 'positive-is-spent' : 'negative-is-spent';
}

/** Why `mapping` cannot read a table of `width` columns, or null when it can. */
export function mappingProblem(mapping: CsvMapping, width: number): string | null {
  const cols = [mapping.date, mapping.name, mapping.amount, mapping.debit, mapping.credit].filter(
    (c): c is number => c !== null,
  );
  if (cols.some((c) => c >= width)) return `This file has only ${width} columns.`;
  if (new Set(cols).size !== cols.length) return 'Each column can be used for one thing only.';
  if (mapping.amount === null && (mapping.debit === null || mapping.credit === null))
    return 'Choose an amount column, or both a debit and a credit column.';
  if (mapping.amount !== null && (mapping.debit !== null || mapping.credit !== null))
    return 'Choose either one amount column or debit and credit columns, not both.';
  return null;
}

/**
 * One CSV record as a transaction, or the reason it cannot be one. `line` is the file line the
 * record starts on. A record with every cell empty is skipped (null).
 */
export function csvRecordToRow(
  cells: readonly string[],
  line: number,
  mapping: CsvMapping,
): StatementRow | null {
  if (cells.every((c) => c.trim() === '')) return null;
  const cell = (i: number | null) => (i === null ? '' : (cells[i] ?? '').trim());
  const rawDate = cell(mapping.date);
  const date = parseDate(rawDate, mapping.dateFormat);
  if (!date) {
    throw new StatementError(
      rawDate
        ? `"${clip(rawDate)}" is not a date in the format ${mapping.dateFormat}.`
        : 'The date is missing.',
      line,
    );
  }
  const name = cell(mapping.name).replace(/\s+/g, ' ');
  if (!name) throw new StatementError('The description is missing.', line);
  let amountCents: number;
  if (mapping.amount !== null) {
    const v = parseAmountCents(cell(mapping.amount), mapping.decimal);
    if (v === null) throw new StatementError('The amount is missing.', line);
    if (!Number.isFinite(v))
      throw new StatementError(`"${clip(cell(mapping.amount))}" is not an amount.`, line);
    amountCents = mapping.sign === 'negative-is-spent' ? -v : v;
  } else {
    const debit = parseAmountCents(cell(mapping.debit), mapping.decimal);
    const credit = parseAmountCents(cell(mapping.credit), mapping.decimal);
    if (debit !== null && !Number.isFinite(debit))
      throw new StatementError(`"${clip(cell(mapping.debit))}" is not an amount.`, line);
    if (credit !== null && !Number.isFinite(credit))
      throw new StatementError(`"${clip(cell(mapping.credit))}" is not an amount.`, line);
    if (debit === null && credit === null)
      throw new StatementError('Both the debit and the credit are empty.', line);
    amountCents = Math.abs(debit ?? 0) - Math.abs(credit ?? 0);
  }
  return {
    line,
    date,
    name: name.slice(0, 300),
    amountCents: amountCents === 0 ? 0 : amountCents,
    bankId: null,
  };
}

const clip = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** Whether `name` looks like a statement file this app reads, by its extension. */
export function formatOfFileName(name: string): ImportFormat | null {
  const ext = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase();
  return ext === 'csv' || ext === 'txt' ? 'csv' : ext === 'ofx' ? 'ofx' : ext === 'qfx' ? 'qfx' : null;
}
