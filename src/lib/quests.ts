// The quests' intents on the app store: start, stop, check-in, the budget answers of the modal
// quests, the dev tools' forced states, and the bank check of the 24-hour quests when they
// expire. Quest state changes only through the quest atoms here and the progression module
// (which alone pays rewards). Every function takes the clock and the store last, so tests pass
// their own.
import { appStore } from './store';
import { notify } from './events';
import { RESET, removeStoredKeys } from './persisted-atom';
import { questKey, questTimerKey } from './storage-keys';
import {
  budgetFrequencyAtom,
  budgetIncomeAtom,
  monthlySpendingGuessAtom,
  questStateAtom,
  questTimerAtom,
  yearlyIncomeAtom,
  yearlyIncomeBudgetAtom,
} from './atoms';
import { completeQuest, resetQuest } from './progression';
import { muteWatch } from './progress-sync/watch';
import type { ProgressState } from '@/domain/progress-events';
import type { BudgetFrequency } from '@/domain/categories';
import type { Reward } from '@/domain/progression';
import {
  TIMED_QUESTS,
  TIMED_QUEST_SECONDS,
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
  return questView(id, store.get(questStateAtom(id)), store.get(questTimerAtom(id)), now);
}

/** Start of a 24-hour quest: the state with its duration, and the start time. */
export function startTimedQuest(id: TimedQuestId, now: number = Date.now(), store: Store = appStore): void {
  store.set(questStateAtom(id), { isStarted: true, timeRemaining: TIMED_QUEST_SECONDS });
  store.set(questTimerAtom(id), now);
}

/**
 * Start of a quest without a timer that has its own page (financial-guru, emergency-fund): stored
 * as started (SPEC 4 "Quest": "then started"), so its card reads in progress until it is
 * completed, here and, through the server, on the player's other devices.
 */
export function startPageQuest(id: QuestId, store: Store = appStore): void {
  const state = store.get(questStateAtom(id));
  if (state?.isStarted) return;
  store.set(questStateAtom(id), { isStarted: true, timeRemaining: 0 });
}

/** The action button of a running 24-hour quest: the timer is cleared, the quest not started. */
export function stopQuest(id: TimedQuestId, store: Store = appStore): void {
  resetQuest(id, store);
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
    const startedAt = store.get(questTimerAtom(id));
    return startedAt !== null && readQuest(id, now, store).status === 'started'
      ? [questEndsAt(startedAt)]
      : [];
  });
  return ends.length ? Math.min(...ends) : null;
}

// ---- Development tools (the test quest and dev admin pages) ----------------------------------

/**
 * Returns a quest to not started in this browser only (development tools): nothing is sent, so
 * what the server pays never changes (DECISIONS: the referee).
 */
export function resetQuestLocally(id: QuestId, store: Store = appStore): void {
  muteWatch(() => {
    store.set(questStateAtom(id), RESET);
    store.set(questTimerAtom(id), RESET);
  });
}

/**
 * Sets a quest's state in this browser only, without paying or sending anything (development
 * tools: DECISIONS, the referee).
 */
export function forceQuestState(
  id: QuestId,
  state: 'started' | 'completed',
  now: number = Date.now(),
  store: Store = appStore,
): void {
  muteWatch(() => forceQuestStateNow(id, state, now, store));
}

function forceQuestStateNow(id: QuestId, state: 'started' | 'completed', now: number, store: Store): void {
  if (state === 'completed') {
    store.set(questStateAtom(id), { isStarted: false, timeRemaining: 0 });
    store.set(questTimerAtom(id), RESET);
  } else {
    store.set(questStateAtom(id), { isStarted: true, timeRemaining: TIMED_QUEST_SECONDS });
    store.set(questTimerAtom(id), now);
  }
}

/** The spec's dev "started" state: `{isStarted: true, timeRemaining: 86400}`, no start time. */
export function forceStartedState(id: QuestId, store: Store = appStore): void {
  muteWatch(() => {
    store.set(questStateAtom(id), { isStarted: true, timeRemaining: TIMED_QUEST_SECONDS });
    store.set(questTimerAtom(id), RESET);
  });
}

/** Removes a quest's stored keys as they are, readable or not. */
export function clearQuestStorage(id: QuestId, store: Store = appStore): void {
  muteWatch(() => removeStoredKeys(store, [questKey(id), questTimerKey(id)]));
}

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
