// The 50/30/20 view measured against income (issue 24, DECISIONS "The 50/30/20 view is measured
// against income"). Everything here runs in whole cents:
// - the period's income base: the stated budget scaled to the period, else the pay the bank's
//   income streams show (issue 28) scaled the same way, else what the bank received in it (own
//   transfers are never income);
// - Savings: what was labelled Savings plus the net money moved into the user's own savings-type
//   accounts (a transfer between own accounts is the saving);
// - each group's share of that income against its target, the SPEC 5 verdict and the dollars left;
// - unsorted money as its own line, never driving a verdict;
// - without any income known, shares of the sorted spending, named as such.
import { BUDGET_GROUPS, BUDGET_TARGETS, wholePercentages, type BudgetGroup, type Verdict } from './budget';
import { monthlyCents } from './income';
import { transactionDay, type DayRange, type Period, type Slice } from './spending';

/** Plaid account subtypes where money put aside counts as saved. */
export const SAVINGS_SUBTYPES: ReadonlySet<string> = new Set([
  'savings',
  'money market',
  'cd',
  'hsa',
  'cash management',
  'isa',
  'tfsa',
]);

/** Whether a Plaid account subtype is a savings-type account (case and `_` insensitive). */
export const isSavingsSubtype = (subtype: string | null | undefined): boolean =>
  SAVINGS_SUBTYPES.has((subtype ?? '').toLowerCase().replace(/_/g, ' ').trim());

/** Days a range covers, both ends included. */
export function rangeDays(range: DayRange): number {
  const t = (k: string) => Date.parse(`${k}T00:00:00Z`) / 86_400_000;
  return Math.round(t(range.end) - t(range.start)) + 1;
}

/**
 * The stated income scaled to a period: a calendar month is a twelfth of the year; any other
 * range (the last 90 days) is its share of a 365-day year.
 */
export function statedIncomeForPeriod(yearlyCents: number, period: Period, range: DayRange): number {
  if (period === 'this-month' || period === 'last-month') return monthlyCents(yearlyCents);
  return Math.round((yearlyCents * rangeDays(range)) / 365);
}

/** A bank or manual row as the view reads it. */
export interface ViewItem {
  /** Positive is money out, negative money in (Plaid's sign), in dollars. */
  amount: number;
  date: string;
  label: string | null | undefined;
  /** One side of a transfer between the user's own accounts (domain/transfers). */
  transfer?: boolean;
  /** The Plaid subtype of the account the row is on, when known. */
  accountSubtype?: string | null;
}

export type ViewGroup = BudgetGroup | 'Unsorted';

export interface PeriodMoney {
  /** Cents per group; Savings may be below 0 when more left savings than came in. */
  groups: Record<ViewGroup, number>;
  /** Of which Savings came from own transfers into savings accounts (net, cents). */
  savedByTransfer: number;
  unsortedCount: number;
  /** Money in (not own transfers), cents. */
  bankIncome: number;
  /** Needs + Wants + labelled Savings + Unsorted, cents (own transfers left out). */
  spent: number;
}

const GROUP_OF: Record<string, BudgetGroup> = { Need: 'Needs', Want: 'Wants', Savings: 'Savings' };

/** Sums a period's rows in cents. */
export function periodMoney(items: readonly ViewItem[], range: DayRange, timeZone?: string): PeriodMoney {
  const groups: Record<ViewGroup, number> = { Needs: 0, Wants: 0, Savings: 0, Unsorted: 0 };
  let savedByTransfer = 0;
  let unsortedCount = 0;
  let bankIncome = 0;
  let labelledSavings = 0;
  for (const item of items) {
    if (!Number.isFinite(item.amount) || item.amount === 0) continue;
    const day = transactionDay(item.date, timeZone);
    if (day === null || day < range.start || day > range.end) continue;
    const cents = Math.round(item.amount * 100);
    if (item.transfer) {
      // Into a savings account (negative there) is saved; out of one is unsaved.
      if (isSavingsSubtype(item.accountSubtype)) savedByTransfer -= cents;
      continue;
    }
    if (cents < 0 || item.label === 'Income') {
      bankIncome += Math.abs(cents);
      continue;
    }
    const group = GROUP_OF[item.label ?? ''];
    if (group === 'Savings') labelledSavings += cents;
    else if (group) groups[group] += cents;
    else {
      groups.Unsorted += cents;
      unsortedCount += 1;
    }
  }
  groups.Savings = labelledSavings + savedByTransfer;
  const spent = groups.Needs + groups.Wants + labelledSavings + groups.Unsorted;
  return { groups, savedByTransfer, unsortedCount, bankIncome, spent };
}

export interface ViewLine {
  group: BudgetGroup;
  cents: number;
  /** Whole percent of the base (income, or sorted spending in the fallback). */
  sharePercent: number;
  target: number;
  /** sharePercent - target, percentage points. */
  variance: number;
  verdict: Verdict;
  /** The target in cents (null in the fallback: there is no income to take it from). */
  targetCents: number | null;
  /** targetCents - cents: left to spend (Needs, Wants) or still to save (Savings). */
  leftCents: number | null;
}

export type IncomeBasis = 'stated' | 'pay' | 'bank';

export interface BudgetView {
  /** 'income': shares of income; 'spending': no income known, shares of sorted spending. */
  basis: 'income' | 'spending';
  incomeSource: IncomeBasis | null;
  /** The income base in cents (0 in the fallback). */
  incomeCents: number;
  lines: ViewLine[];
  unsortedCents: number;
  unsortedCount: number;
  spentCents: number;
}

/** SPEC 5 from the sign of actual - target (exact, in cents). */
function verdictOf(group: BudgetGroup, sign: number): Verdict {
  if (sign === 0) return 'on-target';
  if (group === 'Savings') return sign > 0 ? 'good' : 'bad';
  if (group === 'Wants') return sign < 0 ? 'good' : 'bad';
  return sign < 0 ? 'good' : 'over-needs';
}

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part * 100) / whole) : 0);

/**
 * The view for one period. `statedYearlyCents` is the stated income (null when none); else
 * `payMonthlyCents`, the pay the bank's income streams show a month (issue 28, null when none),
 * scaled to the period like a stated income; else the bank's income in the period; with none,
 * shares of sorted spending.
 */
export function budgetView(
  money: PeriodMoney,
  period: Period,
  range: DayRange,
  statedYearlyCents: number | null,
  payMonthlyCents: number | null = null,
): BudgetView {
  const stated =
    statedYearlyCents !== null && statedYearlyCents > 0
      ? statedIncomeForPeriod(statedYearlyCents, period, range)
      : 0;
  const pay =
    stated === 0 && payMonthlyCents !== null && Number.isFinite(payMonthlyCents) && payMonthlyCents > 0
      ? statedIncomeForPeriod(Math.round(payMonthlyCents) * 12, period, range)
      : 0;
  const incomeCents = stated > 0 ? stated : pay > 0 ? pay : money.bankIncome;
  const incomeSource: IncomeBasis | null =
    stated > 0 ? 'stated' : pay > 0 ? 'pay' : money.bankIncome > 0 ? 'bank' : null;
  const base = {
    unsortedCents: money.groups.Unsorted,
    unsortedCount: money.unsortedCount,
    spentCents: money.spent,
  };
  if (incomeSource === null) {
    const sorted = BUDGET_GROUPS.reduce((s, g) => s + Math.max(0, money.groups[g]), 0);
    const lines = BUDGET_GROUPS.map((group) => {
      const cents = money.groups[group];
      const share = pct(Math.max(0, cents), sorted);
      return {
        group,
        cents,
        sharePercent: share,
        target: BUDGET_TARGETS[group],
        variance: share - BUDGET_TARGETS[group],
        verdict: verdictOf(
          group,
          sorted > 0 ? Math.sign(Math.max(0, cents) * 100 - BUDGET_TARGETS[group] * sorted) : 0,
        ),
        targetCents: null,
        leftCents: null,
      };
    });
    return { basis: 'spending', incomeSource: null, incomeCents: 0, lines: sorted > 0 ? lines : [], ...base };
  }
  const lines = BUDGET_GROUPS.map((group) => {
    const cents = money.groups[group];
    const targetCents = Math.round((incomeCents * BUDGET_TARGETS[group]) / 100);
    const share = pct(cents, incomeCents);
    return {
      group,
      cents,
      sharePercent: share,
      target: BUDGET_TARGETS[group],
      variance: share - BUDGET_TARGETS[group],
      verdict: verdictOf(group, Math.sign(cents * 100 - BUDGET_TARGETS[group] * incomeCents)),
      targetCents,
      leftCents: targetCents - cents,
    };
  });
  return { basis: 'income', incomeSource, incomeCents, lines, ...base };
}

/** The chart's groups and colours: SPEC 9's three and a neutral grey for Unsorted. */
export const VIEW_COLORS: Record<ViewGroup, string> = {
  Needs: 'hsl(260 80% 74%)',
  Wants: '#dc3545',
  Savings: '#28a745',
  Unsorted: '#8a8f98',
};

/** Pie slices of a period (every group above 0, in a fixed order, percentages adding to 100). */
export function viewSlices(money: PeriodMoney): Slice[] {
  const order: ViewGroup[] = ['Needs', 'Wants', 'Savings', 'Unsorted'];
  const present = order.filter((g) => money.groups[g] > 0);
  const pct = wholePercentages(present.map((g) => money.groups[g]));
  return present.map((g, i) => ({
    label: g,
    value: money.groups[g] / 100,
    color: VIEW_COLORS[g],
    percent: pct[i],
  }));
}
