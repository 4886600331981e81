// The income Home compares spending with, and the stored budget values it may come from. A stored
// value that does not make sense reads as "no budget" instead of breaking Home.
import { BUDGET_FREQUENCIES, type BudgetFrequency } from './categories';
import { PERIODS_PER_YEAR, roundCents, toMonthly } from './budget';
import type { BillStream } from './bills';

/** A stored `budget_income`: a positive, finite number of dollars, else null. */
export function parseBudgetIncome(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** A stored `budget_frequency`: one of the four the budget modal offers, else null. */
export function parseBudgetFrequency(raw: string | null): BudgetFrequency | null {
  return (BUDGET_FREQUENCIES as readonly string[]).includes(raw ?? '') ? (raw as BudgetFrequency) : null;
}

export interface YearlyIncomeBudget {
  monthly: number;
  needs: number;
  wants: number;
  savings: number;
}

const amount = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);

/**
 * A `yearly_income_budget` object (already JSON-parsed): a positive monthly income and three
 * non-negative parts, else null.
 */
export function checkYearlyIncomeBudget(v: unknown): YearlyIncomeBudget | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const [monthly, needs, wants, savings] = [
    amount(o.monthly),
    amount(o.needs),
    amount(o.wants),
    amount(o.savings),
  ];
  if (monthly === null || monthly <= 0 || needs === null || wants === null || savings === null) return null;
  return { monthly, needs, wants, savings };
}

/** The stored budget's monthly equivalent, or null when either half is missing or bad. */
export function monthlyBudget(income: number | null, frequency: BudgetFrequency | null): number | null {
  if (income === null || !Number.isFinite(income) || income <= 0 || frequency === null) return null;
  return toMonthly(income, frequency);
}

/**
 * A stream's name that reads as pay: `BillStream` carries no Plaid category (yet), so an inflow
 * stream the user has not labelled counts as pay by its name, or by a `category` of INCOME when
 * the server sends one.
 */
const PAY_NAME = /\b(payroll|salary|salaries|paycheck|pay ?check|direct dep(osit)?|wages?)\b/i;

/**
 * Issue 28: the monthly pay the bank's income streams show, the pay schedule of a user who has
 * stated none. Active MATURE inflow streams labelled Income, or unlabelled with a payroll-like
 * name, each as `monthlyAmount`; null when there is none.
 */
export function payStreamsMonthly(
  streams: readonly (Pick<BillStream, 'direction' | 'status' | 'isActive' | 'label' | 'name' | 'monthly'> & {
    /** Plaid's personal_finance_category primary of the stream, when known. */
    category?: string | null;
  })[],
): number | null {
  let total = 0;
  for (const s of streams) {
    if (s.direction !== 'inflow' || !s.isActive || s.status !== 'MATURE') continue;
    if (s.monthly === null || !Number.isFinite(s.monthly) || s.monthly <= 0) continue;
    const payLike = s.category === 'INCOME' || PAY_NAME.test(s.name);
    if (s.label === 'Income' || (s.label === null && payLike)) total += s.monthly;
  }
  return total > 0 ? roundCents(total) : null;
}

export type IncomeSource = 'budget' | 'yearly-budget' | 'pay-streams' | 'bank';
export interface ResolvedIncome {
  monthly: number;
  source: IncomeSource;
}

/**
 * Issue 9: the stored budget income (monthly equivalent), else the yearly-income budget's
 * monthly figure, else (issue 28) the pay the bank's income streams show (`payStreamsMonthly`),
 * else the bank's income in the period; null when none is known.
 */
export function resolveIncome(input: {
  budgetIncome: number | null;
  budgetFrequency: BudgetFrequency | null;
  yearlyIncomeBudget: YearlyIncomeBudget | null;
  payStreamsMonthly?: number | null;
  bankIncome: number;
}): ResolvedIncome | null {
  const stated = statedIncome(input);
  if (stated)
    return {
      monthly: monthlyCents(stated.yearlyCents) / 100,
      source: stated.from === 'budget' ? 'budget' : 'yearly-budget',
    };
  const pay = input.payStreamsMonthly;
  if (pay != null && Number.isFinite(pay) && pay > 0) return { monthly: pay, source: 'pay-streams' };
  if (Number.isFinite(input.bankIncome) && input.bankIncome > 0)
    return { monthly: input.bankIncome, source: 'bank' };
  return null;
}

/** The stated income as a yearly figure in cents, or null when no budget is stated. */
export interface StatedIncome {
  yearlyCents: number;
  /** Which setting it came from. */
  from: 'budget' | 'yearly-income';
}

/**
 * The one income rule (quests, Home, the article): the Track Spending budget (income and pay
 * frequency), else the Yearly Income quest's budget; null when neither is stated.
 */
export function statedIncome(input: {
  budgetIncome: number | null;
  budgetFrequency: BudgetFrequency | null;
  yearlyIncomeBudget: YearlyIncomeBudget | null;
}): StatedIncome | null {
  const { budgetIncome, budgetFrequency } = input;
  if (budgetIncome !== null && Number.isFinite(budgetIncome) && budgetIncome > 0 && budgetFrequency) {
    return {
      yearlyCents: Math.round(budgetIncome * 100) * PERIODS_PER_YEAR[budgetFrequency],
      from: 'budget',
    };
  }
  const yearly = checkYearlyIncomeBudget(input.yearlyIncomeBudget);
  if (yearly && yearly.monthly > 0)
    return { yearlyCents: Math.round(yearly.monthly * 100) * 12, from: 'yearly-income' };
  return null;
}

/** A stated yearly income in cents for one month, to the cent. */
export const monthlyCents = (yearlyCents: number): number => Math.round(yearlyCents / 12);
