// Atoms for every local-storage key of the specification, stored and validated as
// DECISIONS.md says (plain strings for scalars, JSON for objects, clamped on read). The token and
// the returning-visitor flag are in shell-atoms.ts, which the sign-in screens load without these.
import { atom } from 'jotai';
import { persistedAtom, stringCodec, flagCodec, type PersistedAtom } from './persisted-atom';
import { numberCodec, optionalPositiveNumberCodec, jsonCodec, dateListCodec } from './storage-codecs';
import { STORAGE_KEYS, questKey, questTimerKey } from './storage-keys';
import {
  DAILY_USAGE_KEEP,
  LIVES_MAX,
  LIVES_MIN,
  LOGIN_DATES_KEEP,
  isBudgetCategory,
  type BudgetCategory,
  type BudgetFrequency,
} from '@/domain/categories';
import {
  checkYearlyIncomeBudget,
  parseBudgetFrequency,
  parseBudgetIncome,
  type YearlyIncomeBudget,
} from '@/domain/income';
import { parseQuestTimer, parseStoredQuest, type StoredQuestState } from '@/domain/quests';

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const xpAtom = persistedAtom(STORAGE_KEYS.userXp, numberCodec({ fallback: 0, min: 0, integer: true }));
export const livesAtom = persistedAtom(
  STORAGE_KEYS.userLives,
  numberCodec({ fallback: 0, min: LIVES_MIN, max: LIVES_MAX, integer: true }),
);
export const goalAtom = persistedAtom(STORAGE_KEYS.userGoal, stringCodec());
export const onboardingCompletedAtom = persistedAtom(STORAGE_KEYS.onboardingCompleted, flagCodec);
export const dailyUsageDatesAtom = persistedAtom(
  STORAGE_KEYS.dailyUsageDates,
  dateListCodec(DAILY_USAGE_KEEP),
);
export const loginDatesAtom = persistedAtom(STORAGE_KEYS.loginDates, dateListCodec(LOGIN_DATES_KEEP));
export const budgetProUnlockedAtom = persistedAtom(STORAGE_KEYS.budgetProUnlocked, flagCodec);
export const streakStarterUnlockedAtom = persistedAtom(STORAGE_KEYS.streakStarterUnlocked, flagCodec);
export const accountMasterUnlockedAtom = persistedAtom(STORAGE_KEYS.accountMasterUnlocked, flagCodec);
export const budgetMasterUnlockedAtom = persistedAtom(STORAGE_KEYS.budgetMasterUnlocked, flagCodec);
export const subscriptionSlayerUnlockedAtom = persistedAtom(
  STORAGE_KEYS.subscriptionSlayerUnlocked,
  flagCodec,
);
export const budgetIncomeAtom = persistedAtom(STORAGE_KEYS.budgetIncome, {
  parse: parseBudgetIncome,
  serialize: (v) => (v === null ? null : parseBudgetIncome(String(v)) === null ? null : String(v)),
});
export const budgetFrequencyAtom = persistedAtom<BudgetFrequency | null>(STORAGE_KEYS.budgetFrequency, {
  parse: parseBudgetFrequency,
  serialize: (v) => parseBudgetFrequency(v),
});
export const categoryMatcherResultsAtom = persistedAtom(
  STORAGE_KEYS.categoryMatcherResults,
  jsonCodec<Record<string, BudgetCategory>>(
    {},
    (v) => {
      if (!isObj(v)) return null;
      const out: Record<string, BudgetCategory> = {};
      for (const [k, c] of Object.entries(v)) if (isBudgetCategory(c)) out[k] = c;
      return out;
    },
    (v) => Object.keys(v).length === 0,
  ),
);
export const yearlyIncomeAtom = persistedAtom(STORAGE_KEYS.yearlyIncome, optionalPositiveNumberCodec);
export type { YearlyIncomeBudget };
export const yearlyIncomeBudgetAtom = persistedAtom(
  STORAGE_KEYS.yearlyIncomeBudget,
  jsonCodec<YearlyIncomeBudget | null>(null, checkYearlyIncomeBudget),
);
export const monthlySpendingGuessAtom = persistedAtom(
  STORAGE_KEYS.monthlySpendingGuess,
  optionalPositiveNumberCodec,
);
export const emergencyFundGoalAmountAtom = persistedAtom(
  STORAGE_KEYS.emergencyFundGoalAmount,
  optionalPositiveNumberCodec,
);
export const needsTransactionRefreshAtom = persistedAtom(STORAGE_KEYS.needsTransactionRefresh, flagCodec);

// ---- Per-quest and per-card atoms (created once per id and cached) -------------------------

export type { StoredQuestState };
const questCodec = jsonCodec<StoredQuestState | null>(null, parseStoredQuest);
const timerCodec: import('./persisted-atom').Codec<number | null> = {
  parse: parseQuestTimer,
  serialize: (v) =>
    v === null ? null : parseQuestTimer(String(Math.round(v))) === null ? null : String(Math.round(v)),
};

function family<T>(make: (id: string) => PersistedAtom<T>) {
  const cache = new Map<string, PersistedAtom<T>>();
  return (id: string) => {
    let a = cache.get(id);
    if (!a) {
      a = make(id);
      cache.set(id, a);
    }
    return a;
  };
}
export const questStateAtom = family((id) => persistedAtom(questKey(id), questCodec));
export const questTimerAtom = family((id) => persistedAtom(questTimerKey(id), timerCodec));
/** Dismissal flag of an instruction card, by its storage key. */
export const dismissedAtom = family((key) => persistedAtom(key, flagCodec));

// ---- Session-only state ----------------------------------------------------------------------

/** True after a new user's first sign-in until onboarding completes. */
export const onboardingRequiredAtom = atom(false);

/** The signed-in user from GET /api/auth/me (null until loaded). */
export interface CurrentUser {
  id: number;
  email: string;
  createdAt: string;
}
export const currentUserAtom = atom<CurrentUser | null>(null);
