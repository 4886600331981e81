// Session side effects of SPEC 4 "Auth" applied to the app store's atoms: sign-in, sign-out,
// onboarding and usage days. XP, lives and achievements change only through progression.ts.
// No React: every function takes the store last, defaulting to `appStore`, so tests use a fresh one.
import type { createStore } from 'jotai';
import { appStore } from '@/lib/store';
import { RESET, removeStoredKeys } from '@/lib/persisted-atom';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import {
  dailyUsageDatesAtom,
  goalAtom,
  loginDatesAtom,
  onboardingCompletedAtom,
  onboardingRequiredAtom,
} from '@/lib/atoms';
import { hasSignedInAtom, tokenAtom } from '@/lib/shell-atoms';
import { award, forgetServerProgress, startNewPlayer, startYearlyIncomeOnSignIn } from '@/lib/progression';
import { muteWatch } from '@/lib/progress-sync/watch';
import type { Reward } from '@/domain/progression';
import { DAILY_USAGE_KEEP, LOGIN_DATES_KEEP } from '@/domain/categories';
import { recordDate } from '@/domain/dates';
import { DEFAULT_ONBOARDING_GOAL } from '@/domain/onboarding';

type Store = ReturnType<typeof createStore>;
type SignInKind = 'new' | 'existing';

/** Removes every local-progress key and makes every atom forget what it had cached. */
function clearProgress(store: Store): void {
  let keys: string[] = [];
  try {
    keys = progressKeys(localStorage);
  } catch {
    // Storage blocked: nothing to remove, but the atoms below are still reset.
  }
  removeStoredKeys(store, keys);
}

/**
 * Keys of local progress that logout (and a new user's first login) clear. The token and the
 * onboarding flag are handled by the auth flow itself.
 */
export function progressKeys(storage: Storage): string[] {
  const fixed = Object.values(STORAGE_KEYS).filter(
    (k) =>
      k !== STORAGE_KEYS.token &&
      k !== STORAGE_KEYS.onboardingCompleted &&
      k !== STORAGE_KEYS.progressOutbox &&
      k !== STORAGE_KEYS.hasSignedIn,
  );
  const dynamic: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (k && (k.startsWith('quest_') || k.endsWith('_dismissed'))) dynamic.push(k);
  }
  // A dismissal key can be both fixed and found in storage: list it once.
  return [...new Set([...fixed, ...dynamic])];
}

// ---- Usage and sign-in -----------------------------------------------------------------------

/**
 * Records today's use of the app in the spec's local key (call on start for a signed-in user).
 * Budget Pro is the server's to unlock, from the days it records itself.
 */
export function recordAppUsage(now: Date = new Date(), store: Store = appStore): void {
  store.set(dailyUsageDatesAtom, (list) => recordDate(list, now, DAILY_USAGE_KEEP));
}

/** Applies a successful login ('existing') or registration ('new') to local state. */
export function applySignIn(
  token: string,
  kind: SignInKind,
  now: Date = new Date(),
  store: Store = appStore,
): void {
  if (token.trim() === '') throw new Error('applySignIn needs the token the server returned');
  if (kind === 'new') {
    // A new account must not inherit the previous user's progress on this browser.
    clearProgress(store);
    forgetServerProgress();
    store.set(goalAtom, RESET);
    store.set(onboardingCompletedAtom, RESET);
    store.set(tokenAtom, token);
    store.set(onboardingRequiredAtom, true);
    startNewPlayer(store);
  } else {
    store.set(tokenAtom, token);
    store.set(onboardingRequiredAtom, !store.get(onboardingCompletedAtom));
    // The day's +10 was paid by the server at sign-in (its state is already in place).
    startYearlyIncomeOnSignIn(store);
  }
  store.set(hasSignedInAtom, true);
  store.set(loginDatesAtom, (list) => recordDate(list, now, LOGIN_DATES_KEEP));
  store.set(dailyUsageDatesAtom, (list) => recordDate(list, now, DAILY_USAGE_KEEP));
}

/** Logout: all local progress, the token and the onboarding flag go; onboarding counts as done. */
export function signOut(store: Store = appStore): void {
  // Clearing this browser is not a change of the player's settings: the server keeps them.
  muteWatch(() => clearProgress(store));
  forgetServerProgress();
  store.set(tokenAtom, RESET);
  store.set(onboardingCompletedAtom, RESET);
  store.set(onboardingRequiredAtom, false);
}

/**
 * After the account is deleted: nothing of it stays on this device. Every key of the app's
 * local storage goes (the origin is the app's own), best scores and the progress queue included,
 * which logout keeps; then the same state as a logout.
 */
export function forgetAccount(store: Store = appStore): void {
  let keys: string[] = [];
  try {
    keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter(
      (k): k is string => k !== null,
    );
  } catch {
    // Storage blocked: nothing is stored to remove.
  }
  removeStoredKeys(store, keys);
  signOut(store);
}

/**
 * The new-user state after a reload: a signed-in user whose onboarding flag is missing still has
 * the tour to finish (the same rule as an existing user's sign-in); nobody signed in has none.
 */
export function restoreOnboarding(store: Store = appStore): void {
  const signedIn = Boolean(store.get(tokenAtom));
  store.set(onboardingRequiredAtom, signedIn && !store.get(onboardingCompletedAtom));
}

/**
 * 'Skip Tutorial': onboarding ends with the spec's default goal and no reward (the 50 XP is for
 * completing the tour). The flag is set, so the tour does not come back and never pays later.
 */
export function skipOnboarding(store: Store = appStore): void {
  store.set(goalAtom, DEFAULT_ONBOARDING_GOAL);
  store.set(onboardingCompletedAtom, true);
  store.set(onboardingRequiredAtom, false);
}

/**
 * Ends onboarding with `goal` (blank = the spec's default). The 50 XP is paid with the flag,
 * once, so a double submit cannot pay twice. Returns what was paid.
 */
export function completeOnboarding(goal: string, store: Store = appStore): Reward {
  store.set(goalAtom, goal.trim() || DEFAULT_ONBOARDING_GOAL);
  const paid = award('onboarding', store);
  store.set(onboardingRequiredAtom, false);
  return paid;
}
