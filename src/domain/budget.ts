// The 50/30/20 maths (SPEC 5 and 9): targets, the split of an income, pay-frequency conversion,
// the good/bad variance rules, the spending-versus-income colour rule and whole percentages.
import type { BudgetFrequency } from './categories';

export const BUDGET_GROUPS = ['Needs', 'Wants', 'Savings'] as const;
export type BudgetGroup = (typeof BUDGET_GROUPS)[number];

/** Target share of income per group, in percent. */
export const BUDGET_TARGETS: Record<BudgetGroup, number> = { Needs: 50, Wants: 30, Savings: 20 };

const toCents = (n: number) => Math.round(n * 100);
const fromCents = (c: number) => c / 100;

/** Rounds a dollar amount to whole cents. */
export const roundCents = (n: number): number => fromCents(toCents(n));

/** The three targets in dollars for a monthly income (cents; the savings take the rounding rest). */
export function splitIncome(monthlyIncome: number): Record<BudgetGroup, number> {
  const total = Number.isFinite(monthlyIncome) && monthlyIncome > 0 ? toCents(monthlyIncome) : 0;
  const needs = Math.round(total * 0.5);
  const wants = Math.round(total * 0.3);
  return { Needs: fromCents(needs), Wants: fromCents(wants), Savings: fromCents(total - needs - wants) };
}

/** Pay periods in a year for each frequency. */
export const PERIODS_PER_YEAR: Record<BudgetFrequency, number> = {
  weekly: 52,
  biweekly: 26,
  monthly: 12,
  yearly: 1,
};

/** The monthly equivalent of an income paid at `frequency`, to the cent. */
export function toMonthly(amount: number, frequency: BudgetFrequency): number {
  return roundCents((amount * PERIODS_PER_YEAR[frequency]) / 12);
}

export type Verdict = 'good' | 'bad' | 'on-target' | 'over-needs';

/**
 * SPEC 5: good is Savings above target, Wants below, Needs below; bad is Savings below target
 * or Wants above. Needs is never bad: above target it is only 'over-needs' (a neutral note).
 */
export function varianceVerdict(group: BudgetGroup, actualPercent: number): Verdict {
  const diff = actualPercent - BUDGET_TARGETS[group];
  if (diff === 0) return 'on-target';
  if (group === 'Savings') return diff > 0 ? 'good' : 'bad';
  if (group === 'Wants') return diff < 0 ? 'good' : 'bad';
  return diff < 0 ? 'good' : 'over-needs';
}

export const VERDICT_TEXT: Record<Verdict, string> = {
  good: 'Good',
  bad: 'Needs attention',
  'on-target': 'On target',
  'over-needs': 'Above target',
};

/**
 * Whole percentages of `values` that add up to exactly 100 (largest remainder), or all zeros
 * when nothing is positive. Negative or non-finite values count as 0.
 */
export function wholePercentages(values: readonly number[]): number[] {
  const clean = values.map((v) => (Number.isFinite(v) && v > 0 ? v : 0));
  const total = clean.reduce((a, b) => a + b, 0);
  if (total <= 0) return clean.map(() => 0);
  const exact = clean.map((v) => (v / total) * 100);
  const floors = exact.map(Math.floor);
  let rest = 100 - floors.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, r: e - floors[i] }))
    .sort((a, b) => b.r - a.r || clean[b.i] - clean[a.i] || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    floors[i] += 1;
    rest -= 1;
  }
  return floors;
}

export type IndicatorLevel = 'red' | 'orange' | 'green';

/**
 * SPEC 5: red when spending exceeds income; orange when what is left is below 20% of income;
 * otherwise green. Compared in whole cents so $800.00 of $1,000.00 is exactly on the edge.
 */
export function spendingIndicator(spending: number, income: number): IndicatorLevel {
  const s = toCents(spending);
  const i = toCents(income);
  if (s > i) return 'red';
  // left < 20% of income  <=>  5 * left < income (integers, no rounding error)
  if (5 * (i - s) < i) return 'orange';
  return 'green';
}

export const INDICATOR_TEXT: Record<IndicatorLevel, string> = {
  red: 'Spending is above your income',
  orange: 'Less than 20% of your income is left',
  green: 'On track: at least 20% of your income is left',
};
