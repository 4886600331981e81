// Which money counts (issue 9): spending in a period grouped by label, income apart, and the
// periods themselves (this month, last month, last 90 days) as calendar days in the user's zone.
import {
  BUDGET_GROUPS,
  BUDGET_TARGETS,
  varianceVerdict,
  wholePercentages,
  type BudgetGroup,
  type Verdict,
} from './budget';

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

/** What a bank or manual transaction brings to the sums. */
export interface MoneyItem {
  /** Positive is money out, negative money in (Plaid's sign). */
  amount: number;
  date: string;
  /** 'Need' | 'Want' | 'Savings' | 'Income', or anything else (unlabelled). */
  label: string | null | undefined;
  /** One side of a transfer between the user's own accounts (domain/transfers): not counted. */
  transfer?: boolean;
}

export type SpendingGroup = BudgetGroup | 'Uncategorized';
const GROUP_OF: Record<string, BudgetGroup> = { Need: 'Needs', Want: 'Wants', Savings: 'Savings' };

export interface SpendingSummary {
  /** Dollars per group, to the cent. */
  groups: Record<SpendingGroup, number>;
  /** How many unlabelled transactions were counted (the matcher can sort them). */
  uncategorizedCount: number;
  /** All spending in the period, Uncategorized included. */
  total: number;
  /** Money in during the period (negative amounts or labelled Income), as a positive sum. */
  income: number;
}

/** Sums the items whose day lies in `range`; sums run in cents so they never drift. */
export function summarizeSpending(
  items: readonly MoneyItem[],
  range: DayRange,
  timeZone?: string,
): SpendingSummary {
  const cents: Record<SpendingGroup, number> = { Needs: 0, Wants: 0, Savings: 0, Uncategorized: 0 };
  let incomeCents = 0;
  let uncategorizedCount = 0;
  for (const item of items) {
    if (!Number.isFinite(item.amount) || item.amount === 0 || item.transfer) continue;
    const day = transactionDay(item.date, timeZone);
    if (day === null || day < range.start || day > range.end) continue;
    const c = Math.round(Math.abs(item.amount) * 100);
    if (item.amount < 0 || item.label === 'Income') {
      incomeCents += c;
      continue;
    }
    const group = GROUP_OF[item.label ?? ''];
    if (group) cents[group] += c;
    else {
      cents.Uncategorized += c;
      uncategorizedCount += 1;
    }
  }
  const groups = Object.fromEntries(Object.entries(cents).map(([k, v]) => [k, v / 100])) as Record<
    SpendingGroup,
    number
  >;
  const total = (cents.Needs + cents.Wants + cents.Savings + cents.Uncategorized) / 100;
  return { groups, uncategorizedCount, total, income: incomeCents / 100 };
}

/** A pie slice (SPEC 3: label, value, color) with its whole percentage of the pie. */
export interface Slice {
  label: string;
  value: number;
  color: string;
  percent: number;
}

/** SPEC 9's colours for the groups; Uncategorized is a neutral grey. */
export const GROUP_COLORS: Record<SpendingGroup, string> = {
  Needs: 'hsl(260 80% 74%)',
  Wants: '#dc3545',
  Savings: '#28a745',
  Uncategorized: '#8a8f98',
};

/** The chart's slices: every group with money, in a fixed order, percentages adding to 100. */
export function spendingSlices(summary: SpendingSummary): Slice[] {
  const order: SpendingGroup[] = ['Needs', 'Wants', 'Savings', 'Uncategorized'];
  const present = order.filter((g) => summary.groups[g] > 0);
  const pct = wholePercentages(present.map((g) => summary.groups[g]));
  return present.map((g, i) => ({
    label: g,
    value: summary.groups[g],
    color: GROUP_COLORS[g],
    percent: pct[i],
  }));
}

/** One row of the budget analysis table. */
export interface AnalysisRow {
  group: BudgetGroup;
  /** Whole percent of the period's Needs + Wants + Savings. */
  actualPercent: number;
  target: number;
  /** actualPercent - target, in percentage points. */
  variance: number;
  verdict: Verdict;
}

/**
 * The table's rows: each group's share of the labelled spending against its target. Empty when
 * nothing labelled was spent (there is no share to compare).
 */
export function budgetAnalysis(summary: SpendingSummary): AnalysisRow[] {
  const values = BUDGET_GROUPS.map((g) => summary.groups[g]);
  if (!values.some((v) => v > 0)) return [];
  const pct = wholePercentages(values);
  return BUDGET_GROUPS.map((group, i) => ({
    group,
    actualPercent: pct[i],
    target: BUDGET_TARGETS[group],
    variance: pct[i] - BUDGET_TARGETS[group],
    verdict: varianceVerdict(group, pct[i]),
  }));
}
