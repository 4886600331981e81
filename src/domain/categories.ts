// Budget categories and the 50/30/20 constants shared by the whole app.
export const BUDGET_CATEGORIES = ['Need', 'Want', 'Savings', 'Income'] as const;
export type BudgetCategory = (typeof BUDGET_CATEGORIES)[number];
export const MANUAL_CATEGORIES = ['Want', 'Need', 'Savings'] as const;
export type ManualCategory = (typeof MANUAL_CATEGORIES)[number];

export const isBudgetCategory = (v: unknown): v is BudgetCategory =>
  typeof v === 'string' && (BUDGET_CATEGORIES as readonly string[]).includes(v);

export const BUDGET_FREQUENCIES = ['weekly', 'biweekly', 'monthly', 'yearly'] as const;
export type BudgetFrequency = (typeof BUDGET_FREQUENCIES)[number];

export const LIVES_MAX = 5;
export const LIVES_MIN = 0;
export const DAILY_USAGE_KEEP = 40;
export const LOGIN_DATES_KEEP = 10;
