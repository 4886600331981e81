// Settings that pages write straight to their atoms become ledger events here (login and usage
// days are the server's own record; quest starts are sent by the progression module, which alone
// writes quest state), by watching those atoms in the one store: no page has to remember to
// report it. Restoring from the server is muted so it does not echo back.
import { appStore } from '@/lib/store';
import {
  budgetFrequencyAtom,
  budgetIncomeAtom,
  emergencyFundGoalAmountAtom,
  goalAtom,
  monthlySpendingGuessAtom,
  yearlyIncomeAtom,
  yearlyIncomeBudgetAtom,
} from '@/lib/atoms';
import type { PersistedAtom } from '@/lib/persisted-atom';
import type { ProgressSettingKey } from '@/domain/progress-events';
import { recordProgress } from './sender';

type Store = typeof appStore;

export const SETTING_ATOMS: Record<ProgressSettingKey, PersistedAtom<unknown>> = {
  userGoal: goalAtom,
  budget_income: budgetIncomeAtom,
  budget_frequency: budgetFrequencyAtom,
  yearly_income: yearlyIncomeAtom,
  yearly_income_budget: yearlyIncomeBudgetAtom,
  monthly_spending_guess: monthlySpendingGuessAtom,
  emergency_fund_goal_amount: emergencyFundGoalAmountAtom,
} as Record<ProgressSettingKey, PersistedAtom<unknown>>;

let muted = 0;
/** Runs `work` (a restore) without recording what it writes. */
export function muteWatch<T>(work: () => T): T {
  muted++;
  try {
    return work();
  } finally {
    muted--;
  }
}

function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Starts watching `store`; returns the function that stops it. */
export function watchProgress(store: Store = appStore): () => void {
  const stops: (() => void)[] = [];
  for (const [key, a] of Object.entries(SETTING_ATOMS) as [ProgressSettingKey, PersistedAtom<unknown>][]) {
    let last = readRaw(a.storageKey);
    stops.push(
      store.sub(a, () => {
        // The stored text is what the codec accepted, so it is what a restore writes back.
        const now = readRaw(a.storageKey);
        if (now === last) return;
        last = now;
        if (!muted) recordProgress({ type: 'setting', key, value: now === null ? null : now.slice(0, 200) });
      }),
    );
  }
  return () => stops.forEach((stop) => stop());
}
