// The quests on the app store: how a quest reads now, check-in, the budget answers of the modal
// quests, the bank check of the 24-hour quests when they expire, and what the dev admin page
// shows of a quest's keys. Quest state is written only by the progression module (start, stop,
// complete, the dev tools' local states); this module reads it. Every function takes the clock
// and the store last, so tests pass their own.
import { appStore } from './store';
import { notify } from './events';
import { questKey, questTimerKey } from './storage-keys';
import {
  budgetFrequencyAtom,
  budgetIncomeAtom,
  monthlySpendingGuessAtom,
  yearlyIncomeAtom,
  yearlyIncomeBudgetAtom,
} from './atoms';
import { completeQuest, questStateValueAtom, questTimerValueAtom } from './progression';
import type { ProgressState } from '@/domain/progress-events';
import type { BudgetFrequency } from '@/domain/categories';
import type { Reward } from '@/domain/progression';
import {
  TIMED_QUESTS,
  parseQuestTimer,
  parseStoredQuest,
  questEndsAt,
  questView,
  yearlyIncomeBreakdown,
  type QuestId,
  type QuestView,
  type TimedQuestId,
} from '@/domain/quests';

type Store = typeof appStore;
type Clock = () => number;
const systemClock: Clock = () => Date.now();

/** How quest `id` reads at `now`. */
export function readQuest(id: QuestId, now: number, store: Store = appStore): QuestView {
  return questView(id, store.get(questStateValueAtom(id)), store.get(questTimerValueAtom(id)), now);
}

/** Weekly check-in: completed at once (7 lives, once until reset). */
export const checkIn = (store: Store = appStore): Reward => completeQuest('weekly-check-in', store);

// ---- The modal quests' answers ---------------------------------------------------------------

/**
 * Track spending's budget (DECISIONS.md): income and pay frequency. The settings travel to the
 * server, which unlocks Budget Master when it stores a budget.
 */
export function saveBudget(income: number, frequency: BudgetFrequency, store: Store = appStore): void {
  store.set(budgetIncomeAtom, income);
  store.set(budgetFrequencyAtom, frequency);
}

/** Yearly income and its 50/30/20 breakdown; a budget too, so the server unlocks Budget Master. */
export function saveYearlyIncome(yearly: number, store: Store = appStore): void {
  store.set(yearlyIncomeAtom, yearly);
  store.set(yearlyIncomeBudgetAtom, yearlyIncomeBreakdown(yearly));
}

export function saveSpendingGuess(midpoint: number, store: Store = appStore): void {
  store.set(monthlySpendingGuessAtom, midpoint);
}

// ---- The 24-hour quests' check on expiry -----------------------------------------------------

export { QUEST_MESSAGES } from '@/domain/quests';
export const CHECK_FAILED_MESSAGE =
  'Your quest could not be checked against your bank just now. Use Check Now on the Quests page to try again.';

/**
 * How the check reaches the server, which judges the quests on its own stored transactions
 * (DECISIONS: the referee): a fresh sync, then its progress (mirrored by the caller).
 */
export interface BankReader {
  /** Whether a bank is connected; without one nothing is checked. */
  hasBank(): Promise<boolean>;
  sync(): Promise<unknown>;
  progress(): Promise<ProgressState>;
}

export type CheckOutcome = 'passed' | 'failed';
const checking = new Set<TimedQuestId>();

/**
 * Checks every 24-hour quest whose time is over (also one that ended while the app was closed):
 * after a fresh sync the server has judged it on the non-pending transactions of its 24 hours
 * (completed and paid, or back to not started); this reads its verdict and says it. A quest
 * already being checked is left alone, so its message is never said twice.
 */
export async function checkExpiredQuests(
  bank: BankReader,
  clock: Clock = systemClock,
  store: Store = appStore,
): Promise<Partial<Record<TimedQuestId, CheckOutcome>>> {
  const due = TIMED_QUESTS.filter(
    (id) => !checking.has(id) && readQuest(id, clock(), store).status === 'expired',
  );
  if (due.length === 0) return {};
  due.forEach((id) => checking.add(id));
  const outcomes: Partial<Record<TimedQuestId, CheckOutcome>> = {};
  try {
    if (!(await bank.hasBank())) return outcomes;
    await bank.sync();
    const state = await bank.progress();
    for (const id of due) {
      const q = state.quests[id];
      // Not judged yet (the server's clock is behind this one's): the next check will say it.
      if (q?.isStarted) continue;
      const passed = q?.completed === true;
      // The verdict is announced by the progression module when it mirrors the server's state.
      outcomes[id] = passed ? 'passed' : 'failed';
    }
  } catch {
    notify(CHECK_FAILED_MESSAGE, 'error');
  } finally {
    due.forEach((id) => checking.delete(id));
  }
  return outcomes;
}

/** When the next running 24-hour quest ends (epoch ms), or null when none runs. */
export function nextQuestEnd(now: number, store: Store = appStore): number | null {
  const ends = TIMED_QUESTS.flatMap((id) => {
    const startedAt = store.get(questTimerValueAtom(id));
    return startedAt !== null && readQuest(id, now, store).status === 'started'
      ? [questEndsAt(startedAt)]
      : [];
  });
  return ends.length ? Math.min(...ends) : null;
}

// ---- Development tools (the test quest and dev admin pages) ----------------------------------

export interface RawQuestStorage {
  state: string | null;
  timer: string | null;
  /** Either key holds something that does not read back (the dev admin's 'Invalid JSON data'). */
  invalid: boolean;
}

const readRaw = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

/** What a quest's keys hold as text, and whether that text is unusable. */
export function rawQuestStorage(id: QuestId): RawQuestStorage {
  const state = readRaw(questKey(id));
  const timer = readRaw(questTimerKey(id));
  let stateOk = state === null;
  if (state !== null) {
    try {
      stateOk = parseStoredQuest(JSON.parse(state)) !== null;
    } catch {
      stateOk = false;
    }
  }
  const timerOk = timer === null || parseQuestTimer(timer) !== null;
  return { state, timer, invalid: !stateOk || !timerOk };
}
