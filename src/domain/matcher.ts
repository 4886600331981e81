// The Category Matcher's rules (SPEC 4 "Category Matcher", 9 "Timers"): the per-card countdown,
// the XP of a pick, a timeout or a skip, progress, the end-of-round summary that may change a
// label before saving, which transactions are cards (never a transfer between the user's own
// accounts, issue 24) and the suggested category (the user's own earlier label for the merchant,
// else Plaid's personal_finance_category). Full names are shown whole and wrap (issue 24 departs
// from SPEC 9's three words: docs/decisions.md).
import { isBudgetCategory, type BudgetCategory } from './categories';
import { isImportedRow } from './statement-import';

export const CARD_SECONDS = 5;
/** The countdown turns red at this many seconds or fewer. */
export const URGENT_SECONDS = 2;
export const PICK_XP = 10;
export const TIMEOUT_XP = -5;
export const TIMEOUT_CATEGORY: BudgetCategory = 'Want';

/** Whole seconds left on a card `elapsedMs` after it showed (5, 4, ... 0). */
export function secondsLeft(elapsedMs: number): number {
  const elapsed = Number.isFinite(elapsedMs) ? Math.max(0, elapsedMs) : 0;
  return Math.max(0, CARD_SECONDS - Math.floor(elapsed / 1000));
}

export const isUrgent = (seconds: number): boolean => seconds <= URGENT_SECONDS;

/** 'n / total', n counting from 1 for the card on screen. */
export const progressText = (index: number, total: number): string => `${index + 1} / ${total}`;

// ---- A round ---------------------------------------------------------------------------------

export interface MatcherPick {
  plaidId: string;
  /** Null: skipped (not sent, pays nothing). */
  category: BudgetCategory | null;
  timedOut: boolean;
}
export interface Round {
  /** Index of the card on screen; equals the card count once the round is over. */
  index: number;
  picks: MatcherPick[];
  xp: number;
}

export const newRound = (): Round => ({ index: 0, picks: [], xp: 0 });

/** The user picked `category` for card `plaidId`: +10 XP. */
export function pick(round: Round, plaidId: string, category: BudgetCategory): Round {
  return {
    index: round.index + 1,
    picks: [...round.picks, { plaidId, category, timedOut: false }],
    xp: round.xp + PICK_XP,
  };
}

/** Card `plaidId` ran out of time: it becomes Want and costs 5 XP. */
export function timeOut(round: Round, plaidId: string): Round {
  return {
    index: round.index + 1,
    picks: [...round.picks, { plaidId, category: TIMEOUT_CATEGORY, timedOut: true }],
    xp: round.xp + TIMEOUT_XP,
  };
}

/** The card was skipped: nothing is sent for it and it pays nothing. */
export function skip(round: Round, plaidId: string): Round {
  return {
    index: round.index + 1,
    picks: [...round.picks, { plaidId, category: null, timedOut: false }],
    xp: round.xp,
  };
}

/**
 * In the end-of-round summary the player changes card `plaidId` to `category` (null skips it). A
 * card that timed out stays a timeout (its 5 XP is lost): only its label changes.
 */
export function relabelPick(
  picks: readonly MatcherPick[],
  plaidId: string,
  category: BudgetCategory | null,
): MatcherPick[] {
  return picks.map((p) => (p.plaidId === plaidId ? { ...p, category } : p));
}

/** XP the picks are worth (the server decides; this is the same rule, for the summary). */
export function picksXp(picks: readonly MatcherPick[]): number {
  return picks.reduce((xp, p) => (p.category === null ? xp : xp + (p.timedOut ? TIMEOUT_XP : PICK_XP)), 0);
}

/** What is sent when the round is saved: every card but the skipped ones. */
export function picksToSave(
  picks: readonly MatcherPick[],
): { plaidId: string; category: BudgetCategory; timedOut: boolean }[] {
  return picks.flatMap((p) =>
    p.category === null ? [] : [{ plaidId: p.plaidId, category: p.category, timedOut: p.timedOut }],
  );
}

// ---- Which transactions are cards, and their suggestions ---------------------------------------

export interface MatchableTransaction {
  plaidId: string;
  name: string;
  merchant_name: string | null;
  amount: number;
  category: string[] | string | null;
  personal_finance_category?: string | null;
  budget_category?: string | null;
  /** One side of a transfer between the user's own accounts (domain/transfers). */
  transfer?: boolean;
}

/**
 * One card per transaction the user has not labelled yet, except a transfer between the user's
 * own accounts: it is neither spending nor income, so there is nothing to sort; nor a row imported
 * from a statement file (issue 29), which pays no matcher XP.
 */
export function uncategorised<T extends MatchableTransaction>(txs: readonly T[]): T[] {
  return txs.filter((t) => !isBudgetCategory(t.budget_category) && !t.transfer && !isImportedRow(t.plaidId));
}

const merchantKey = (t: MatchableTransaction): string =>
  (t.merchant_name?.trim() || t.name.trim()).toLowerCase();

/** The user's labels by merchant: the most used one wins (on a tie, the one seen first). */
export function labelsByMerchant(txs: readonly MatchableTransaction[]): Map<string, BudgetCategory> {
  const counts = new Map<string, Map<BudgetCategory, number>>();
  for (const t of txs) {
    if (!isBudgetCategory(t.budget_category)) continue;
    const key = merchantKey(t);
    const forKey = counts.get(key) ?? new Map<BudgetCategory, number>();
    forKey.set(t.budget_category, (forKey.get(t.budget_category) ?? 0) + 1);
    counts.set(key, forKey);
  }
  const out = new Map<string, BudgetCategory>();
  for (const [key, forKey] of counts) {
    let top: BudgetCategory | null = null;
    for (const [c, n] of forKey) if (top === null || n > (forKey.get(top) ?? 0)) top = c;
    if (top) out.set(key, top);
  }
  return out;
}

/** Plaid's personal_finance_category primaries and what they usually are in a 50/30/20 budget. */
const PFC_CATEGORY: Record<string, BudgetCategory> = {
  INCOME: 'Income',
  TRANSFER_IN: 'Income',
  TRANSFER_OUT: 'Savings',
  RENT_AND_UTILITIES: 'Need',
  LOAN_PAYMENTS: 'Need',
  MEDICAL: 'Need',
  TRANSPORTATION: 'Need',
  BANK_FEES: 'Need',
  GOVERNMENT_AND_NON_PROFIT: 'Need',
  GENERAL_SERVICES: 'Need',
  HOME_IMPROVEMENT: 'Need',
  FOOD_AND_DRINK: 'Want',
  ENTERTAINMENT: 'Want',
  GENERAL_MERCHANDISE: 'Want',
  PERSONAL_CARE: 'Want',
  TRAVEL: 'Want',
};

const legacyText = (c: MatchableTransaction['category']): string =>
  (Array.isArray(c) ? c.join(' ') : (c ?? '')).toLowerCase();

/** Plaid's own category as a budget category, or null when it says nothing useful. */
export function plaidSuggestion(t: MatchableTransaction): BudgetCategory | null {
  const pfc = t.personal_finance_category?.toUpperCase() ?? '';
  // Groceries share FOOD_AND_DRINK with restaurants; the legacy category tells them apart.
  if (pfc === 'FOOD_AND_DRINK' && /grocer|supermarket/.test(legacyText(t.category))) return 'Need';
  return PFC_CATEGORY[pfc] ?? null;
}

/** The card's suggestion: the user's own label for this merchant first, else Plaid's category. */
export function suggestCategory(
  t: MatchableTransaction,
  ownLabels: ReadonlyMap<string, BudgetCategory>,
): BudgetCategory | null {
  return ownLabels.get(merchantKey(t)) ?? plaidSuggestion(t);
}
