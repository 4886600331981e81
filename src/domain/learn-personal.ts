// Questions about the player's own money (issue 34), built from their transactions: "Need or
// Want?" for one of their merchants, and the share of last month's income that went to Wants,
// measured as Home measures it (domain/budget-view.ts, with the one income rule of
// domain/income.ts). Pure: the rows, the stated income and the time are passed in. Each builder
// answers null when the player's data cannot support the question (then a general one is asked).
import { budgetView, periodMoney, type ViewItem } from './budget-view';
import { formatMoney } from './format';
import { isRestaurantLike } from './quests';
import { periodRange } from './spending';
import { findOwnTransfers } from './transfers';

/** A bank or manual row as the question builders read it. */
export interface LearnTx {
  id: string;
  name: string;
  merchant?: string | null;
  /** Dollars; positive is money out (Plaid's sign). */
  amount: number;
  /** YYYY-MM-DD (bank) or an ISO timestamp (manual). */
  date: string;
  /** The player's own label: Need | Want | Savings | Income, or none. */
  label?: string | null;
  /** Plaid's legacy categories. */
  categories?: readonly string[];
  /** Plaid's personal finance category (primary). */
  pfc?: string | null;
  accountId?: string | null;
  accountSubtype?: string | null;
  pending?: boolean;
}

/** A question with its answer: it stays on the server until the player has answered. */
export interface BuiltQuestion {
  id: string;
  prompt: string;
  choices: string[];
  answer: number;
  explanation: string;
  personal: boolean;
}

type Kind = { group: 'Need' | 'Want'; why: string };

const WHY = {
  eatingOut: 'Eating out is a Want: groceries cover the Need to eat, a restaurant or cafe meal is the extra.',
  groceries: 'Groceries are a Need: food you cook at home keeps you fed and working.',
  housing: 'Housing and utilities are Needs: you must pay them to live and work.',
  fun: 'Streaming and entertainment are Wants: life goes on without them, however much you enjoy them.',
} as const;

const has = (list: readonly string[] | undefined, word: RegExp) => (list ?? []).some((c) => word.test(c));

/** Whether a row is clearly a Need or a Want (ambiguous ones, like fuel or shopping, are not asked). */
export function classifyMerchant(tx: LearnTx): Kind | null {
  const name = `${tx.name} ${tx.merchant ?? ''}`.toLowerCase();
  const pfc = (tx.pfc ?? '').toUpperCase();
  if (has(tx.categories, /^restaurants?$/i) || isRestaurantLike({ name: tx.name, category: null }))
    return { group: 'Want', why: WHY.eatingOut };
  if (has(tx.categories, /supermarkets and groceries/i) || /grocer|supermarket/.test(name))
    return { group: 'Need', why: WHY.groceries };
  if (pfc === 'RENT_AND_UTILITIES' || has(tx.categories, /^(rent|utilities)$/i) || /\brent\b/.test(name))
    return { group: 'Need', why: WHY.housing };
  if (pfc === 'ENTERTAINMENT' || has(tx.categories, /^subscription$/i) || /netflix|spotify|cinema/.test(name))
    return { group: 'Want', why: WHY.fun };
  return null;
}

function transfersOf(txs: readonly LearnTx[]): Set<string> {
  return findOwnTransfers(
    txs.map((t) => ({
      plaidId: t.id,
      account_id: t.accountId ?? null,
      amount: t.amount,
      date: t.date,
      personal_finance_category: t.pfc ?? null,
    })),
  );
}

/** "Was your $14.20 at Chipotle a Need or a Want?" for the player's latest clear-cut expense. */
export function merchantQuestion(txs: readonly LearnTx[], id: string): BuiltQuestion | null {
  const transfers = transfersOf(txs);
  const candidates = txs
    .filter((t) => !t.pending && t.amount > 0 && !transfers.has(t.id))
    .map((t) => ({ t, kind: classifyMerchant(t) }))
    .filter((c): c is { t: LearnTx; kind: Kind } => c.kind !== null)
    .sort((a, b) => b.t.date.localeCompare(a.t.date) || a.t.id.localeCompare(b.t.id));
  const pick = candidates[0];
  if (!pick) return null;
  const where = (pick.t.merchant || pick.t.name).trim();
  return {
    id,
    prompt: `Was your ${formatMoney(pick.t.amount)} at ${where} a Need or a Want?`,
    choices: ['Need', 'Want'],
    answer: pick.kind.group === 'Need' ? 0 : 1,
    explanation: pick.kind.why,
    personal: true,
  };
}

/** Which others are offered first, by the share: so the right one is not always in one place. */
const OFFSETS = [
  [10, -10, 20, -20, 30, 40],
  [10, 20, -10, 30, -20, 40],
  [-10, -20, 10, -30, 20, 30],
] as const;

/** The four choices around the right share: the right one and three others, in order. */
export function shareChoices(share: number): { choices: string[]; answer: number } {
  const picks = [share];
  for (const offset of OFFSETS[share % 3]!) {
    const n = share + offset;
    if (n >= 0 && !picks.includes(n) && picks.length < 4) picks.push(n);
  }
  picks.sort((a, b) => a - b);
  return { choices: picks.map((n) => `${n}%`), answer: picks.indexOf(share) };
}

/**
 * "What share of your income went to Wants last month?" from the player's own labels and income
 * base (their stated income for a month, else what the bank received last month); null when
 * last month has no income known or nothing was sorted.
 */
export function wantsShareQuestion(
  txs: readonly LearnTx[],
  statedYearlyCents: number | null,
  now: Date,
  timeZone: string | undefined,
  id: string,
): BuiltQuestion | null {
  const range = periodRange('last-month', now, timeZone);
  const transfers = transfersOf(txs);
  const items: ViewItem[] = txs
    .filter((t) => !t.pending)
    .map((t) => ({
      amount: t.amount,
      date: t.date,
      label: t.label,
      transfer: transfers.has(t.id),
      accountSubtype: t.accountSubtype ?? null,
    }));
  const money = periodMoney(items, range, timeZone);
  const view = budgetView(money, 'last-month', range, statedYearlyCents);
  const sorted = money.groups.Needs + money.groups.Wants + Math.max(0, money.groups.Savings);
  if (view.basis !== 'income' || sorted <= 0) return null;
  const wants = view.lines.find((l) => l.group === 'Wants')!;
  const { choices, answer } = shareChoices(wants.sharePercent);
  const base = view.incomeSource === 'stated' ? 'your stated income' : 'what your bank received';
  return {
    id,
    prompt: 'What share of your income went to Wants last month?',
    choices,
    answer,
    explanation:
      `Last month your Wants came to ${formatMoney(wants.cents / 100)} of ${formatMoney(view.incomeCents / 100)} ` +
      `(${base}): ${wants.sharePercent}%. The method’s target is 30% at most.`,
    personal: true,
  };
}
