// The periods Home sums over (this month, last month, last 90 days) as calendar days in the user's
// zone, and the day a transaction belongs to. What counts in them is domain/budget-view.ts.

export const PERIODS = ['this-month', 'last-month', 'last-90-days'] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_LABELS: Record<Period, string> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  'last-90-days': 'Last 90 days',
};

/** First and last calendar day of a period, both included, as YYYY-MM-DD. */
export interface DayRange {
  start: string;
  end: string;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const keyOf = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** YYYY-MM-DD of `date` in `timeZone` (default: the runtime's own zone). */
export function dayKeyIn(date: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return keyOf(get('year'), get('month'), get('day'));
}

/** The day `days` after a YYYY-MM-DD key (negative goes back). */
function addDays(key: string, days: number): string {
  const [y, m, d] = key.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return keyOf(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

function lastDayOfMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The days a period covers when it is `now` in `timeZone`. */
export function periodRange(period: Period, now: Date, timeZone?: string): DayRange {
  const today = dayKeyIn(now, timeZone);
  const [y, m] = today.split('-').map(Number);
  if (period === 'this-month') return { start: keyOf(y, m, 1), end: keyOf(y, m, lastDayOfMonth(y, m)) };
  if (period === 'last-month') {
    const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
    return { start: keyOf(py, pm, 1), end: keyOf(py, pm, lastDayOfMonth(py, pm)) };
  }
  return { start: addDays(today, -89), end: today };
}

/**
 * The calendar day a transaction belongs to: a bank date (YYYY-MM-DD) is already a day; a
 * manual expense's timestamp is the day it was in the user's zone. Null when unreadable.
 */
export function transactionDay(date: string, timeZone?: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  const t = new Date(date);
  return Number.isNaN(t.getTime()) ? null : dayKeyIn(t, timeZone);
}

/** A pie slice (SPEC 3: label, value, color) with its whole percentage of the pie. */
export interface Slice {
  label: string;
  value: number;
  color: string;
  percent: number;
}
