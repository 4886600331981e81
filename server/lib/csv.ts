// Writing CSV that spreadsheet programs open as written (RFC 4180): fields quoted when they hold a
// quote, a separator or a line break, quotes doubled, lines ended by CRLF. A text cell that starts
// with = + - @, a tab or a carriage return is a formula to Excel, LibreOffice and Google Sheets
// ("CSV injection"), so it gets a leading apostrophe, as OWASP advises; numbers are written as
// numbers and are never changed.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell, neutralised and quoted as needed. */
export function csvText(value: string | null | undefined): string {
  let s = value ?? '';
  if (FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV line from cells already written by csvText (or numbers), with its CRLF. */
export const csvLine = (cells: readonly (string | number)[]): string => `${cells.join(',')}\r\n`;

/** The UTF-8 byte-order mark: Excel reads a file without it in the system's legacy code page. */
export const UTF8_BOM = '\uFEFF';
