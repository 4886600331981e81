// The emergency-fund goal (SPEC 5 "Emergency fund"): months of cover times monthly expenses,
// and the checks on the expenses a user types. Sums run in whole cents.
import { MANUAL_AMOUNT_MAX } from './money-rules';

/** SPEC 9 "Fund strength options". */
export const FUND_STRENGTH_MONTHS = [3, 6, 12] as const;
export type FundStrength = (typeof FUND_STRENGTH_MONTHS)[number];

/** SPEC 5: the alert when Set Goal is triggered while the goal is 0 or less. */
export const EMERGENCY_FUND_INCOMPLETE = 'Please enter your monthly expenses and select a fund strength.';

/** The largest monthly expenses accepted, in dollars (the manual-expense cap). */
export const MONTHLY_EXPENSES_MAX = MANUAL_AMOUNT_MAX;

export const EXPENSES_RULES = {
  notNumber: 'Monthly expenses must be a number',
  negative: 'Monthly expenses cannot be negative',
  tooPrecise: 'Monthly expenses can have at most 2 decimal places',
  tooLarge: `Monthly expenses must be at most $${MONTHLY_EXPENSES_MAX.toLocaleString('en-US')}`,
} as const;

export const isFundStrength = (v: unknown): v is FundStrength =>
  FUND_STRENGTH_MONTHS.includes(v as FundStrength);

export interface ExpensesReading {
  /** The amount in dollars, or null while the text is empty or breaks a rule. */
  amount: number | null;
  /** The rule the text breaks (user-facing), or null. Empty text breaks none. */
  problem: string | null;
}

/**
 * Reads typed monthly expenses: plain decimal text (no exponent; a leading minus is read only to
 * say that it is negative), at least 0, at most 2 decimals, at most MONTHLY_EXPENSES_MAX.
 */
export function readMonthlyExpenses(text: string): ExpensesReading {
  const t = text.trim();
  if (t === '') return { amount: null, problem: null };
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(t)) return { amount: null, problem: EXPENSES_RULES.notNumber };
  const n = Number(t) + 0; // + 0 turns "-0" into 0
  if (n < 0) return { amount: null, problem: EXPENSES_RULES.negative };
  if (/\.\d{3,}$/.test(t)) return { amount: null, problem: EXPENSES_RULES.tooPrecise };
  if (n > MONTHLY_EXPENSES_MAX) return { amount: null, problem: EXPENSES_RULES.tooLarge };
  return { amount: n, problem: null };
}

/**
 * The goal: `months` times `monthlyExpenses`, to the cent; 0 when either is missing or unusable
 * (so Set Goal stays disabled).
 */
export function emergencyFundGoal(months: number | null, monthlyExpenses: number | null): number {
  if (!isFundStrength(months) || monthlyExpenses === null) return 0;
  if (!Number.isFinite(monthlyExpenses) || monthlyExpenses <= 0) return 0;
  return (Math.round(monthlyExpenses * 100) * months) / 100;
}
