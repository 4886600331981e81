// The nine quests as pure rules (SPEC 3 "Quest", 4 "Quest", 9 "Quest rewards" and "Timers"): what
// each pays in lives (DECISIONS.md: the lives reading; every completion also pays
// QUEST_COMPLETION_XP), how a stored state and start time read at a given moment (status,
// countdown, progress), and the bank checks of the two 24-hour quests. No clock of its own:
// every function that needs "now" takes it.
import { roundCents, splitIncome } from './budget';

export const QUEST_REWARD_LIVES = {
  'eating-out': 3,
  savings: 3,
  'emergency-fund': 10,
  'weekly-check-in': 7,
  'financial-guru': 5,
  'track-spending': 3,
  'top-spending-category': 4,
  'yearly-income': 5,
  'spending-guesstimate': 3,
  /** Issue 28: CHECKUP_LIVES (domain/bills.ts), once per calendar month. */
  'subscription-checkup': 3,
} as const;
export type QuestId = keyof typeof QUEST_REWARD_LIVES;
export const QUEST_IDS = Object.keys(QUEST_REWARD_LIVES) as QuestId[];

/** SPEC 9 "Timers": eating-out and savings last 86400 s. */
export const TIMED_QUEST_SECONDS = 86_400;
const TIMED_QUEST_MS = TIMED_QUEST_SECONDS * 1000;
/** The quests with a 24-hour countdown checked against the bank. */
export const TIMED_QUESTS = ['eating-out', 'savings'] as const satisfies readonly QuestId[];
export type TimedQuestId = (typeof TIMED_QUESTS)[number];
export const isTimedQuest = (id: QuestId): id is TimedQuestId =>
  (TIMED_QUESTS as readonly string[]).includes(id);
/** Shown only when a bank is connected (SPEC 2 "Quests page"). */
export const BANK_ONLY_QUESTS = [
  'eating-out',
  'savings',
  'weekly-check-in',
  'subscription-checkup',
] as const satisfies readonly QuestId[];
export const isBankOnlyQuest = (id: QuestId) => (BANK_ONLY_QUESTS as readonly string[]).includes(id);
/** The quests completed through a modal on the Quests page. */
export const MODAL_QUESTS = [
  'track-spending',
  'top-spending-category',
  'yearly-income',
  'spending-guesstimate',
] as const satisfies readonly QuestId[];
export type ModalQuestId = (typeof MODAL_QUESTS)[number];

// ---- Stored state --------------------------------------------------------------------------

/** What `quest_{id}` holds: `{ isStarted, timeRemaining }` (seconds left). */
export interface StoredQuestState {
  isStarted: boolean;
  timeRemaining: number;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A parsed `quest_{id}` value, or null (not started) when it is not exactly the spec's shape:
 * both fields, no others, and a whole number of seconds within 0..86400. A hand-edited value
 * never reads as completed by accident.
 */
export function parseStoredQuest(v: unknown): StoredQuestState | null {
  if (!isPlainObject(v)) return null;
  const keys = Object.keys(v);
  if (keys.length !== 2 || !('isStarted' in v) || !('timeRemaining' in v)) return null;
  const { isStarted, timeRemaining: t } = v;
  if (typeof isStarted !== 'boolean' || typeof t !== 'number' || !Number.isInteger(t)) return null;
  if (t < 0 || t > TIMED_QUEST_SECONDS) return null;
  return { isStarted, timeRemaining: t };
}

/** A stored `quest_timer_{id}`: epoch milliseconds after 2000-01-01, else null. */
export function parseQuestTimer(raw: string | null): number | null {
  if (raw === null || !/^\d{1,15}$/.test(raw.trim())) return null;
  const n = Number(raw);
  return n >= Date.UTC(2000, 0, 1) ? n : null;
}

export type QuestStatus = 'not-started' | 'started' | 'expired' | 'completed';

export interface QuestView {
  status: QuestStatus;
  /** Whole seconds left on the countdown (0 when none runs). */
  timeRemaining: number;
  /** 0..100. */
  progress: number;
}

const NOT_STARTED: QuestView = { status: 'not-started', timeRemaining: 0, progress: 0 };

export const isCompleted = (s: StoredQuestState | null) =>
  s !== null && !s.isStarted && s.timeRemaining === 0;

/**
 * How quest `id` reads at `now` (epoch ms): completed when stored so; a timed quest runs from its
 * start time for 24 hours and is 'expired' once they are over (waiting for its bank check); a
 * quest started without a countdown (yearly-income's login auto-start) is started at 0%.
 * A timed quest without a usable start time, or one that starts more than a day in the future,
 * reads as not started. A start a little in the future (the clock moved back) counts from now.
 */
export function questView(
  id: QuestId,
  stored: StoredQuestState | null,
  startedAt: number | null,
  now: number,
): QuestView {
  if (stored === null) return NOT_STARTED;
  if (isCompleted(stored)) return { status: 'completed', timeRemaining: 0, progress: 100 };
  if (!stored.isStarted) return NOT_STARTED;
  if (!isTimedQuest(id)) return { status: 'started', timeRemaining: 0, progress: 0 };
  if (startedAt === null || startedAt > now + TIMED_QUEST_MS) return NOT_STARTED;
  const timed = timedProgress(startedAt, now);
  return { status: timed.progress >= 100 ? 'expired' : 'started', ...timed };
}

/** A 24-hour countdown started at `startedAt`, read at `now` (a start in the future counts from now). */
export function timedProgress(startedAt: number, now: number): { timeRemaining: number; progress: number } {
  const elapsed = Math.min(TIMED_QUEST_MS, Math.max(0, now - startedAt));
  return {
    timeRemaining: Math.ceil((TIMED_QUEST_MS - elapsed) / 1000),
    progress: (elapsed / TIMED_QUEST_MS) * 100,
  };
}

/** The moment a timed quest started at `startedAt` ends. */
export const questEndsAt = (startedAt: number) => startedAt + TIMED_QUEST_MS;

/** Seconds as HH:MM:SS (SPEC 9 "Timers"). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

// ---- The bank checks -------------------------------------------------------------------------

/** The transaction fields the checks read (a bank row of the app's API). */
export interface CheckedTransaction {
  name: string;
  merchant_name?: string | null;
  amount: number;
  /** The bank's calendar day, YYYY-MM-DD. */
  date: string;
  /** When the bank gives the time too (ISO 8601). */
  datetime?: string | null;
  category?: string[] | string | null;
  pending: boolean;
  /** The row is on one of the user's own savings-type accounts (issue 24: money landing there is saving). */
  onSavingsAccount?: boolean;
}

const RESTAURANT_WORDS = [
  'restaurant',
  'cafe',
  'diner',
  'bar',
  'grill',
  'pizza',
  'burger',
  'bistro',
  'pub',
  'eatery',
] as const;

/** SPEC 4: category restaurant(s), or a name containing one of the words, in any case. */
export function isRestaurantLike(tx: Pick<CheckedTransaction, 'name' | 'category'>): boolean {
  const categories = Array.isArray(tx.category) ? tx.category : tx.category ? [tx.category] : [];
  if (categories.some((c) => /^restaurants?$/i.test(String(c).trim()))) return true;
  const name = String(tx.name ?? '').toLowerCase();
  return RESTAURANT_WORDS.some((w) => name.includes(w));
}

/** What the player is told when the server has judged a 24-hour quest (SPEC 4 "Quest"). */
export const QUEST_MESSAGES: Record<TimedQuestId, { passed: string; failed: string }> = {
  'eating-out': {
    passed: 'Quest Complete! You did not eat out in the last 24 hours. Points awarded!',
    failed:
      'Quest not completed: a restaurant purchase was found in the last 24 hours. You can start the quest again.',
  },
  savings: {
    passed: 'Quest Complete! You moved at least $5 to savings. Points awarded!',
    failed:
      'Quest not completed: no transfer of at least $5 to savings was found in the last 24 hours. You can start the quest again.',
  },
};

/**
 * The quests that earn lives soonest, quickest first (a short read, a number or two typed, a
 * choice), none needing a bank: what a player with no lives is pointed to (issue 25).
 */
export const SOONEST_LIVES_QUESTS = [
  'financial-guru',
  'yearly-income',
  'spending-guesstimate',
  'track-spending',
  'top-spending-category',
  'emergency-fund',
] as const satisfies readonly QuestId[];

/** The first of SOONEST_LIVES_QUESTS not yet completed, or null when all are. */
export function soonestLivesQuest(isDone: (id: QuestId) => boolean): QuestId | null {
  return SOONEST_LIVES_QUESTS.find((id) => !isDone(id)) ?? null;
}

/** SPEC 9: the savings quest needs an absolute amount of at least 5. */
export const SAVINGS_MIN_AMOUNT = 5;

/**
 * SPEC 4: a name containing transfer, savings or 'to savings' and an absolute amount of at least
 * $5. Money coming in (a negative amount) is income, not a move to savings, so only money out counts.
 */
export function isSavingsTransfer(tx: Pick<CheckedTransaction, 'name' | 'amount'>): boolean {
  const name = String(tx.name ?? '').toLowerCase();
  if (!['transfer', 'savings', 'to savings'].some((w) => name.includes(w))) return false;
  if (!Number.isFinite(tx.amount) || tx.amount <= 0) return false;
  return Math.round(Math.abs(tx.amount) * 100) >= SAVINGS_MIN_AMOUNT * 100;
}

/** YYYY-MM-DD of `t` (epoch ms) in the runtime's zone, as the bank's dates are calendar days. */
function localDay(t: number): string {
  const d = new Date(t);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Whether `tx` happened in the 24 hours ending at `end`, both ends included. With a time, that
 * is exact; a bank row with only a date counts when its calendar day overlaps those hours.
 */
export function inLast24Hours(tx: Pick<CheckedTransaction, 'date' | 'datetime'>, end: number): boolean {
  const start = end - TIMED_QUEST_MS;
  const at = tx.datetime ? Date.parse(tx.datetime) : NaN;
  if (Number.isFinite(at)) return at >= start && at <= end;
  if (typeof tx.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(tx.date)) return false;
  return tx.date >= localDay(start) && tx.date <= localDay(end);
}

/**
 * A timed quest's verdict over the non-pending transactions of the 24 hours ending at `end`:
 * eating-out passes when none is restaurant-like, savings when one moves at least $5 to savings.
 */
export function passesBankCheck(id: TimedQuestId, transactions: readonly CheckedTransaction[], end: number) {
  const window = transactions.filter((tx) => !tx.pending && inLast24Hours(tx, end));
  return id === 'eating-out' ? !window.some(isRestaurantLike) : window.some(isSavingsTransfer);
}

// ---- The modal quests' inputs ----------------------------------------------------------------

export const TOP_CATEGORY_MAX = 50;

/** SPEC 5: trimmed, non-empty, at most 50 characters; the text or an error message. */
export function checkTopCategory(text: string): { ok: true; value: string } | { ok: false; error: string } {
  const value = text.trim();
  if (value === '') return { ok: false, error: 'Please enter your top spending category.' };
  if (value.length > TOP_CATEGORY_MAX)
    return { ok: false, error: `Please keep it to ${TOP_CATEGORY_MAX} characters or fewer.` };
  return { ok: true, value };
}

/** SPEC 5: a yearly income is a number above 0 (the field steps by 1); null otherwise. */
export function parseYearlyIncome(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) && n > 0 && n <= 1e9 ? n : null;
}

/** SPEC 3: the four guesses and the midpoint each stands for. */
export const SPENDING_GUESS_OPTIONS = [
  { label: '$4,000 or less', value: 4000 },
  { label: '$5,000', value: 5000 },
  { label: '$6,000', value: 6000 },
  { label: '$7,000+', value: 7000 },
] as const;

export type GuessStatus = 'gray' | 'red' | 'orange' | 'green';

/**
 * SPEC 4: gray with no known monthly income; red when the guess exceeds it; orange when what is
 * left is under 20% of income; else green (compared in cents, like the spending indicator).
 */
export function guessStatus(guess: number, monthlyIncome: number | null): GuessStatus {
  if (monthlyIncome === null || !Number.isFinite(monthlyIncome) || monthlyIncome <= 0) return 'gray';
  const g = Math.round(guess * 100);
  const i = Math.round(monthlyIncome * 100);
  if (g > i) return 'red';
  if (5 * (i - g) < i) return 'orange';
  return 'green';
}

export const GUESS_STATUS_TEXT: Record<GuessStatus, string> = {
  gray: 'Add your income to compare: no monthly income is known yet.',
  red: 'Your guess is more than your monthly income.',
  orange: 'Less than 20% of your income would be left.',
  green: 'At least 20% of your income would be left. Nice!',
};

/** SPEC 9: yearly income / 12, split 50/30/20 (what `yearly_income_budget` stores). */
export function yearlyIncomeBreakdown(yearlyIncome: number) {
  const monthly = roundCents(yearlyIncome / 12);
  const parts = splitIncome(monthly);
  return { monthly, needs: parts.Needs, wants: parts.Wants, savings: parts.Savings };
}
