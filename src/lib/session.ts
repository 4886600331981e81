// Session side effects of SPEC 4 (auth, achievements, lives) applied to the app store's atoms.
// No React: pages, the app shell and Phaser scenes call these directly. Every function takes
// the store last, defaulting to `appStore`, so tests can use a fresh store.
import type { createStore } from 'jotai';
import { appStore } from '@/lib/store';
import { emit } from '@/lib/events';
import { RESET, removeStoredKeys, type PersistedAtom } from '@/lib/persisted-atom';
import { progressKeys } from '@/lib/storage-keys';
import {
  accountMasterUnlockedAtom,
  budgetMasterUnlockedAtom,
  budgetProUnlockedAtom,
  dailyUsageDatesAtom,
  goalAtom,
  livesAtom,
  loginDatesAtom,
  onboardingCompletedAtom,
  onboardingRequiredAtom,
  questStateAtom,
  streakStarterUnlockedAtom,
  tokenAtom,
  xpAtom,
  type StoredQuestState,
} from '@/lib/atoms';
import { DAILY_USAGE_KEEP, LOGIN_DATES_KEEP } from '@/domain/categories';
import { recordDate } from '@/domain/dates';
import { achievementById, hasLoginStreak, hasUsageDays, type AchievementId } from '@/domain/achievements';
import { ACHIEVEMENT_XP, FIRST_ACCOUNT_XP, LOGIN_XP, ONBOARDING_XP, addXp } from '@/domain/xp';
import { applyLivesDelta } from '@/domain/lives';

export type Store = ReturnType<typeof createStore>;
export type SignInKind = 'new' | 'existing';

export const YEARLY_INCOME_QUEST_ID = 'yearly-income';
/** Spec: onboarding completes with this goal when none was chosen. */
export const DEFAULT_ONBOARDING_GOAL = 'Track and reduce spending';

// ---- Small helpers over the atoms ----------------------------------------------------------

/** Adds `delta` XP (never below 0) and returns the new total. */
export function awardXp(delta: number, store: Store = appStore): number {
  store.set(xpAtom, (xp) => addXp(xp, delta));
  return store.get(xpAtom);
}

/** Changes lives by `delta`, clamped to 0..5, and returns the new count. */
export function changeLives(delta: number, store: Store = appStore): number {
  store.set(livesAtom, (lives) => applyLivesDelta(lives, delta));
  return store.get(livesAtom);
}

/** Spec: reset sets 0 and removes the stored value. */
export function resetLives(store: Store = appStore): void {
  store.set(livesAtom, RESET);
}

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

// ---- Achievements --------------------------------------------------------------------------

function unlockOnce(flag: PersistedAtom<boolean>, id: AchievementId, xp: number, store: Store): boolean {
  if (store.get(flag)) return false;
  store.set(flag, true);
  awardXp(xp, store);
  emit('notify', { message: achievementById(id).message, tone: 'success' });
  return true;
}

/** Unlocks Streak Starter and Budget Pro when earned; returns the ones unlocked now. */
export function checkAchievements(store: Store = appStore): AchievementId[] {
  const unlocked: AchievementId[] = [];
  const streak = hasLoginStreak(store.get(loginDatesAtom));
  if (streak && unlockOnce(streakStarterUnlockedAtom, 'streak-starter', ACHIEVEMENT_XP, store))
    unlocked.push('streak-starter');
  const usage = hasUsageDays(store.get(dailyUsageDatesAtom));
  if (usage && unlockOnce(budgetProUnlockedAtom, 'budget-pro', ACHIEVEMENT_XP, store))
    unlocked.push('budget-pro');
  return unlocked;
}

/** The first ever account connection; true if it unlocked now. */
export function unlockAccountMaster(store: Store = appStore): boolean {
  return unlockOnce(accountMasterUnlockedAtom, 'account-master', FIRST_ACCOUNT_XP, store);
}

/** A budget was saved (track-spending modal or yearly-income budget); true if it unlocked now. */
export function unlockBudgetMaster(store: Store = appStore): boolean {
  return unlockOnce(budgetMasterUnlockedAtom, 'budget-master', ACHIEVEMENT_XP, store);
}

// ---- Usage and sign-in -----------------------------------------------------------------------

/** Records today's use of the app (call on start for a signed-in user) and checks achievements. */
export function recordAppUsage(now: Date = new Date(), store: Store = appStore): void {
  store.set(dailyUsageDatesAtom, (list) => recordDate(list, now, DAILY_USAGE_KEEP));
  checkAchievements(store);
}

/**
 * Auto-start of yearly-income on login. Stored states (SPEC 4 "Quest"): absent = not started,
 * {isStarted: false, timeRemaining: 0} = completed. The quest is set to {isStarted: true,
 * timeRemaining: 0} unless it is already in that state or completed, so a login never undoes a
 * completion; any other stored state is overwritten.
 */
function autoStartYearlyIncome(store: Store): void {
  const a = questStateAtom(YEARLY_INCOME_QUEST_ID);
  const s = store.get(a);
  const isTarget = s !== null && s.isStarted && s.timeRemaining === 0;
  const isCompleted = s !== null && !s.isStarted && s.timeRemaining === 0;
  if (isTarget || isCompleted) return;
  const started: StoredQuestState = { isStarted: true, timeRemaining: 0 };
  store.set(a, started);
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
    store.set(goalAtom, RESET);
    store.set(onboardingCompletedAtom, RESET);
    store.set(tokenAtom, token);
    store.set(onboardingRequiredAtom, true);
    store.set(xpAtom, 0);
  } else {
    store.set(tokenAtom, token);
    store.set(onboardingRequiredAtom, !store.get(onboardingCompletedAtom));
    awardXp(LOGIN_XP, store);
    autoStartYearlyIncome(store);
  }
  store.set(loginDatesAtom, (list) => recordDate(list, now, LOGIN_DATES_KEEP));
  store.set(dailyUsageDatesAtom, (list) => recordDate(list, now, DAILY_USAGE_KEEP));
  checkAchievements(store);
}

/** Logout: all local progress, the token and the onboarding flag go; onboarding counts as done. */
export function signOut(store: Store = appStore): void {
  clearProgress(store);
  store.set(tokenAtom, RESET);
  store.set(onboardingCompletedAtom, RESET);
  store.set(onboardingRequiredAtom, false);
}

/**
 * Ends onboarding with `goal` (blank = the spec's default). The 50 XP is given only when the
 * flag was not already set, so a double submit cannot pay twice.
 */
export function completeOnboarding(goal: string, store: Store = appStore): void {
  store.set(goalAtom, goal.trim() || DEFAULT_ONBOARDING_GOAL);
  if (!store.get(onboardingCompletedAtom)) awardXp(ONBOARDING_XP, store);
  store.set(onboardingCompletedAtom, true);
  store.set(onboardingRequiredAtom, false);
}
