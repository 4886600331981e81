// After a sign-in, before its login effects: the user's progress comes back from the server into
// the spec's storage keys (issue 13), after anything they earned offline has been sent.
import { appStore } from '@/lib/store';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/events';
import { reloadPersistedAtoms } from '@/lib/persisted-atom';
import { BEST_SCORE_KEYS } from '@/lib/storage-keys';
import { dailyUsageDatesAtom, loginDatesAtom } from '@/lib/atoms';
import { tokenAtom } from '@/lib/shell-atoms';
import { mirrorServer, restoreProgression } from '@/lib/progression';
import type { ProgressSettingKey, ProgressState, RewardNotice } from '@/domain/progress-events';
import { takeEarlyAnswer } from '@/lib/early-data';
import { flushProgress, pendingProgress } from './sender';
import { SETTING_ATOMS, muteWatch } from './watch';

type Store = typeof appStore;

const RESTORE_TIMEOUT_MS = 8_000;
export const RESTORE_FAILED =
  'Your saved progress could not be loaded. You can keep playing; progress will be saved when the connection is back.';

function setRaw(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the atoms keep what they had.
  }
}

/** Writes `state` into storage; every value goes back through the atoms' codecs when read. */
export function applyServerProgress(state: ProgressState, store: Store = appStore): void {
  muteWatch(() => {
    for (const [key, value] of Object.entries(state.settings ?? {}) as [ProgressSettingKey, string][]) {
      const a = SETTING_ATOMS[key];
      if (a && typeof value === 'string') setRaw(a.storageKey, value);
    }
    for (const [game, key] of Object.entries(BEST_SCORE_KEYS) as [keyof typeof BEST_SCORE_KEYS, string][]) {
      const best = state.bestScores?.[game];
      const local = Number(localStorage.getItem(key) ?? 0) || 0;
      if (Number.isInteger(best) && (best as number) > local) setRaw(key, String(best));
    }
    reloadPersistedAtoms(store);
    store.set(loginDatesAtom, (list) => [...new Set([...list, ...(state.loginDates ?? [])])].sort());
    store.set(dailyUsageDatesAtom, (list) => [...new Set([...list, ...(state.usageDates ?? [])])].sort());
    // Skipping the tour pays nothing, so only its goal setting tells the server it was done.
    restoreProgression(
      { ...state, onboardingCompleted: state.onboardingCompleted || Boolean(state.settings?.userGoal) },
      store,
    );
  });
}

/**
 * Sends what is waiting, then mirrors the server's progress in this browser (XP, lives,
 * achievements, quests), announcing what changed: a quest the server completed while the app was
 * closed, Budget Pro on the 30th day. Answers the server's state, or throws when it is out of
 * reach (the game goes on with the local figures).
 */
export async function refreshProgress(
  store: Store = appStore,
  opts: { announce?: boolean } = {},
): Promise<ProgressState> {
  const session = store.get(tokenAtom);
  const waiting = pendingProgress() > 0;
  // The preload script read the progress as the page opened (app/preload-route.ts): with events
  // still waiting to be sent, that answer counts none of them, so it is not used.
  if (session && waiting) void takeEarlyAnswer('/progress', session)?.catch(() => undefined);
  // With nothing waiting the read is asked for at once, in the caller's task: the day's first
  // answer (the early one) carries what the visit paid (Budget Pro on the 30th day), and a page
  // mounted in the same render that reads the progress too (Profile's history) must not take it
  // first (the session runtime's effects run just before the page's: app/session-slot.tsx).
  if (waiting) await flushProgress();
  const state = await api.get<ProgressState & { reward?: RewardNotice }>('/progress', {
    timeoutMs: RESTORE_TIMEOUT_MS,
  });
  // The session ended while the answer was on its way (a 401 on another request, a logout): what
  // it says belongs to a user who is no longer here, and must not be written back into storage.
  if (store.get(tokenAtom) !== session) return state;
  mirrorServer(state, store, { ...opts, reward: state.reward ?? null });
  return state;
}

/**
 * Sends what `token`'s user has waiting, then loads their server progress into this browser.
 * On failure the sign-in goes on with local progress and a notice says so.
 */
export async function restoreProgress(token: string, store: Store = appStore): Promise<boolean> {
  try {
    if (!(await flushProgress(token))) throw new Error('waiting events could not be sent');
    const state = await api.get<ProgressState>('/progress', { token, timeoutMs: RESTORE_TIMEOUT_MS });
    // Nothing saved yet: what this browser holds (if anything) stays, and is saved from now on.
    if (state.saved) applyServerProgress(state, store);
    return true;
  } catch (err) {
    console.warn('Progress restore failed', err);
    notify(RESTORE_FAILED, 'error');
    return false;
  }
}
