// Rules for amounts and dates that client and server share: manual expenses as typed, and bank
// transactions as they arrive. Each check returns the rule that failed (a user-facing text) or null.

/** The largest manual expense, in dollars. */
export const MANUAL_AMOUNT_MAX = 1_000_000;
/** The largest amount a bank transaction may carry, in dollars (either sign). */
export const BANK_AMOUNT_MAX = 1_000_000_000;
/** The first date anything may carry. */
export const DATE_MIN = '1970-01-01';
export const NAME_MAX = 50;

export const AMOUNT_RULES = {
  notNumber: 'Amount must be a number',
  notPositive: 'Amount must be greater than 0',
  tooPrecise: 'Amount can have at most 2 decimal places',
  tooLarge: `Amount must be at most $${MANUAL_AMOUNT_MAX.toLocaleString('en-US')}`,
} as const;

/** True when `n` has at most two decimals exactly as given (1e-9 and 100.10000000001 do not). */
export const hasAtMostTwoDecimals = (n: number): boolean => Number(n.toFixed(2)) === n;

/** The first amount rule a manual expense breaks, or null. */
export function manualAmountProblem(n: unknown): string | null {
  if (typeof n !== 'number' || !Number.isFinite(n)) return AMOUNT_RULES.notNumber;
  if (n <= 0) return AMOUNT_RULES.notPositive;
  if (!hasAtMostTwoDecimals(n)) return AMOUNT_RULES.tooPrecise;
  if (n > MANUAL_AMOUNT_MAX) return AMOUNT_RULES.tooLarge;
  return null;
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/;

/** ISO 8601's offsets run from -23:59 to +23:59; a browser reads anything else as Invalid Date. */
export const OFFSET_RULE = 'Time-zone offset must be between -23:59 and +23:59';

/** `YYYY-MM-DD` of the calendar day `years` after `now` (UTC). */
export function dayAfterYears(now: Date, years: number): string {
  const d = new Date(now.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

/** True when y-m-d names a real calendar day (no 2024-02-30, no month 13). */
function isRealDay(y: number, m: number, d: number): boolean {
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d); // unlike Date.UTC, keeps years 0 to 99 as they are
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/**
 * The rule an ISO 8601 date or date-time breaks, or null. Its calendar day must be real and lie
 * between 1970-01-01 and `latest` (YYYY-MM-DD), both included.
 */
export function dateProblem(value: string, latest: string): string | null {
  const m = ISO.exec(value);
  const bad = 'Date must be an ISO 8601 date (YYYY-MM-DD or a date-time)';
  if (!m) return bad;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((x) => (x === undefined ? 0 : Number(x)));
  if (h > 23 || mi > 59 || s > 59) return bad;
  const [oh, om] = m.slice(7, 9).map((x) => (x === undefined ? 0 : Number(x)));
  if (oh > 23 || om > 59) return OFFSET_RULE;
  if (!isRealDay(y, mo, d)) return 'Date must be a real calendar date';
  const day = value.slice(0, 10);
  if (day < DATE_MIN || day > latest) return `Date must be between ${DATE_MIN} and ${latest}`;
  return null;
}
