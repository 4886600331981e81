// @vitest-environment jsdom
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applySignIn,
  completeOnboarding,
  recordAppUsage,
  restoreOnboarding,
  signOut,
  skipOnboarding,
} from '@/lib/session';
import { mirrorServer } from '@/lib/progression';
import { watchProgress } from '@/lib/progress-sync/watch';
import { nextBatch } from '@/lib/progress-sync/outbox';
import { newProgressState } from '@/domain/progress-ledger';
import {
  accountMasterUnlockedAtom,
  budgetProUnlockedAtom,
  dailyUsageDatesAtom,
  goalAtom,
  livesAtom,
  loginDatesAtom,
  onboardingCompletedAtom,
  onboardingRequiredAtom,
  questStateAtom,
  streakStarterUnlockedAtom,
  xpAtom,
} from '@/lib/atoms';
import { hasSignedInAtom, tokenAtom } from '@/lib/shell-atoms';
import { on } from '@/lib/events';

let store: ReturnType<typeof createStore>;
let notes: { message: string; tone?: string }[];
let unsubscribe: () => void;

beforeEach(() => {
  store = createStore();
  notes = [];
  unsubscribe = on('notify', (d) => notes.push(d));
});
afterEach(() => unsubscribe());

// Noon local time, so the day key is the same in every time zone the tests might run in.
const day = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12);
const NOW = day(2024, 5, 10);

/** Progress a previous user left on this browser. */
function seedProgress() {
  localStorage.setItem('user_xp', '420');
  localStorage.setItem('userLives', '4');
  localStorage.setItem('userGoal', 'Reduce Expenses');
  localStorage.setItem('onboarding_completed', 'true');
  localStorage.setItem('login_dates', JSON.stringify(['2024-05-01']));
  localStorage.setItem('daily_usage_dates', JSON.stringify(['2024-05-01']));
  localStorage.setItem('streak_starter_unlocked', 'true');
  localStorage.setItem('budget_income', '3000');
  localStorage.setItem('category_matcher_results', JSON.stringify({ p1: 'Need' }));
  localStorage.setItem('quest_savings', JSON.stringify({ isStarted: true, timeRemaining: 500 }));
  localStorage.setItem('quest_timer_savings', '1715000000000');
  localStorage.setItem('quests_instructions_dismissed', 'true');
}

describe('applySignIn for a new user (registration)', () => {
  it('when a new user signs in, then earlier progress is cleared, XP is 0 and onboarding is required', () => {
    seedProgress();
    // The atoms have already cached the old values, as a running app would have.
    expect(store.get(xpAtom)).toBe(420);
    expect(store.get(livesAtom)).toBe(4);

    applySignIn('tok-new', 'new', NOW, store);

    expect(store.get(tokenAtom)).toBe('tok-new');
    expect(localStorage.getItem('token')).toBe('tok-new');
    expect(store.get(xpAtom)).toBe(0);
    expect(localStorage.getItem('user_xp')).toBe('0');
    expect(store.get(livesAtom)).toBe(0);
    expect(store.get(goalAtom)).toBeNull();
    expect(store.get(onboardingCompletedAtom)).toBe(false);
    expect(store.get(onboardingRequiredAtom)).toBe(true);
    expect(store.get(questStateAtom('savings'))).toBeNull();
    for (const k of [
      'userLives',
      'userGoal',
      'onboarding_completed',
      'streak_starter_unlocked',
      'budget_income',
      'category_matcher_results',
      'quest_savings',
      'quest_timer_savings',
      'quests_instructions_dismissed',
    ])
      expect(localStorage.getItem(k), k).toBeNull();
  });

  it('when a new user signs in, then only today is in the login and usage histories', () => {
    seedProgress();
    applySignIn('tok-new', 'new', NOW, store);
    expect(store.get(loginDatesAtom)).toEqual(['2024-05-10']);
    expect(store.get(dailyUsageDatesAtom)).toEqual(['2024-05-10']);
    expect(JSON.parse(localStorage.getItem('login_dates')!)).toEqual(['2024-05-10']);
  });

  it('when a new user signs in, then the yearly-income quest is not auto-started', () => {
    applySignIn('tok-new', 'new', NOW, store);
    expect(store.get(questStateAtom('yearly-income'))).toBeNull();
  });

  it('when the token is empty, then sign-in is refused and nothing changes', () => {
    seedProgress();
    expect(() => applySignIn('', 'new', NOW, store)).toThrow();
    expect(localStorage.getItem('user_xp')).toBe('420');
  });
});

describe('applySignIn for an existing user (login)', () => {
  it('when an existing user logs in, then progress is kept and no XP is added here (the server pays the +10)', () => {
    seedProgress();
    applySignIn('tok', 'existing', NOW, store);
    expect(store.get(tokenAtom)).toBe('tok');
    expect(store.get(xpAtom)).toBe(420);
    expect(localStorage.getItem('user_xp')).toBe('420');
    expect(store.get(livesAtom)).toBe(4);
    expect(store.get(goalAtom)).toBe('Reduce Expenses');
  });

  it('when the onboarding flag is stored, then onboarding is not required', () => {
    seedProgress();
    applySignIn('tok', 'existing', NOW, store);
    expect(store.get(onboardingRequiredAtom)).toBe(false);
  });

  it('when the onboarding flag is missing, then onboarding is required', () => {
    applySignIn('tok', 'existing', NOW, store);
    expect(store.get(onboardingRequiredAtom)).toBe(true);
    expect(store.get(xpAtom)).toBe(0);
  });

  it('when an existing user logs in, then today is added to the login and usage histories', () => {
    seedProgress();
    applySignIn('tok', 'existing', NOW, store);
    expect(store.get(loginDatesAtom)).toEqual(['2024-05-01', '2024-05-10']);
    expect(store.get(dailyUsageDatesAtom)).toEqual(['2024-05-01', '2024-05-10']);
  });

  it('when the same user logs in twice on one day, then the day is recorded once and no XP is given here', () => {
    applySignIn('tok', 'existing', NOW, store);
    applySignIn('tok2', 'existing', new Date(2024, 4, 10, 18), store);
    expect(store.get(loginDatesAtom)).toEqual(['2024-05-10']);
    expect(store.get(xpAtom)).toBe(0);
  });

  it('when the yearly-income quest was never started, then login starts it with no time remaining', () => {
    applySignIn('tok', 'existing', NOW, store);
    expect(store.get(questStateAtom('yearly-income'))).toEqual({ isStarted: true, timeRemaining: 0 });
    expect(JSON.parse(localStorage.getItem('quest_yearly-income')!)).toEqual({
      isStarted: true,
      timeRemaining: 0,
    });
  });

  it('when the yearly-income quest is completed, then login does not restart it', () => {
    localStorage.setItem('quest_yearly-income', JSON.stringify({ isStarted: false, timeRemaining: 0 }));
    applySignIn('tok', 'existing', NOW, store);
    expect(store.get(questStateAtom('yearly-income'))).toEqual({ isStarted: false, timeRemaining: 0 });
  });

  it('when the yearly-income quest holds another state or garbage, then login sets it to started', () => {
    localStorage.setItem('quest_yearly-income', JSON.stringify({ isStarted: true, timeRemaining: 90 }));
    applySignIn('tok', 'existing', NOW, store);
    expect(store.get(questStateAtom('yearly-income'))).toEqual({ isStarted: true, timeRemaining: 0 });

    localStorage.setItem('quest_yearly-income', 'garbage');
    applySignIn('tok', 'existing', NOW, createStore());
    expect(JSON.parse(localStorage.getItem('quest_yearly-income')!)).toEqual({
      isStarted: true,
      timeRemaining: 0,
    });
  });
});

describe("achievements are the server's", () => {
  it('when a login completes a 3-day streak, then the day is recorded but Streak Starter is left to the server', () => {
    localStorage.setItem('login_dates', JSON.stringify(['2024-04-29', '2024-04-30']));
    applySignIn('tok', 'existing', day(2024, 5, 1), store);
    expect(store.get(loginDatesAtom)).toEqual(['2024-04-29', '2024-04-30', '2024-05-01']);
    expect(store.get(streakStarterUnlockedAtom)).toBe(false);
    expect(localStorage.getItem('streak_starter_unlocked')).toBeNull();
    expect(store.get(xpAtom)).toBe(0);
    expect(notes).toEqual([]);
  });

  it('when app usage reaches 30 distinct days, then the day is recorded but Budget Pro is left to the server', () => {
    const days = Array.from({ length: 29 }, (_, i) => `2024-04-${String(i + 1).padStart(2, '0')}`);
    localStorage.setItem('daily_usage_dates', JSON.stringify(days));
    recordAppUsage(day(2024, 4, 29), store); // a day already there: still 29
    expect(store.get(dailyUsageDatesAtom)).toHaveLength(29);

    recordAppUsage(day(2024, 4, 30), store);
    expect(store.get(dailyUsageDatesAtom)).toHaveLength(30);
    expect(store.get(dailyUsageDatesAtom).at(-1)).toBe('2024-04-30');
    expect(store.get(budgetProUnlockedAtom)).toBe(false);
    expect(store.get(xpAtom)).toBe(0);
    expect(notes).toEqual([]);
  });
});

describe('signOut', () => {
  it('when the user logs out, then progress, token and onboarding flag are gone and onboarding counts as done', () => {
    seedProgress();
    applySignIn('tok', 'existing', NOW, store);
    signOut(store);

    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(xpAtom)).toBe(0);
    expect(store.get(livesAtom)).toBe(0);
    expect(store.get(goalAtom)).toBeNull();
    expect(store.get(onboardingCompletedAtom)).toBe(false);
    expect(store.get(onboardingRequiredAtom)).toBe(false);
    expect(store.get(loginDatesAtom)).toEqual([]);
    expect(store.get(questStateAtom('yearly-income'))).toBeNull();
    // Only the marker that someone has signed in on this browser is left.
    expect(Object.keys(localStorage)).toEqual(['has_signed_in']);
  });

  it('when the user logs out, then the browser still knows someone signed in here (the sign-in screen says "Welcome back")', () => {
    expect(store.get(hasSignedInAtom)).toBe(false);
    applySignIn('tok', 'new', NOW, store);
    expect(store.get(hasSignedInAtom)).toBe(true);
    signOut(store);
    expect(store.get(hasSignedInAtom)).toBe(true);
    expect(localStorage.getItem('has_signed_in')).toBe('true');
  });

  it('when someone logs in again after logout, then old achievements do not hide new ones', () => {
    localStorage.setItem('account_master_unlocked', 'true');
    const unlocked = { ...newProgressState(), xp: 125, achievements: ['account-master' as const] };
    mirrorServer(unlocked, store);
    expect(notes).toEqual([]);
    signOut(store);
    expect(store.get(accountMasterUnlockedAtom)).toBe(false);
    mirrorServer(unlocked, store);
    expect(store.get(accountMasterUnlockedAtom)).toBe(true);
    expect(notes.map((n) => n.message)).toEqual([
      'Achievement Unlocked: Account Master! You earned 100 XP for connecting your first account!',
    ]);
  });

  it('when a watched player logs out, then clearing the browser sends no setting changes to the server', () => {
    const token = `x.${btoa(JSON.stringify({ sub: '7' })).replace(/=+$/, '')}.y`;
    applySignIn(token, 'existing', NOW, store);
    const stop = watchProgress(store);
    try {
      store.set(goalAtom, 'Save for a trip');
      // The sign-in's start of yearly-income is sent by the progression module; the watch sees
      // a real setting change (so it is running)...
      expect(nextBatch('7').map((e) => e.type)).toEqual(['quest-start', 'setting']);
      signOut(store);
      // ...but not the logout's clearing: no "setting = null" follows it.
      expect(nextBatch('7')).toEqual([
        expect.objectContaining({ type: 'quest-start', quest: 'yearly-income' }),
        expect.objectContaining({ type: 'setting', key: 'userGoal', value: 'Save for a trip' }),
      ]);
      expect(store.get(goalAtom)).toBeNull();
    } finally {
      stop();
    }
  });
});

describe('onboarding', () => {
  it('when onboarding completes, then the goal and flag are saved, it is no longer required and 50 XP is given', () => {
    applySignIn('tok', 'new', NOW, store);
    completeOnboarding('Build an emergency fund', store);
    expect(store.get(goalAtom)).toBe('Build an emergency fund');
    expect(localStorage.getItem('userGoal')).toBe('Build an emergency fund');
    expect(localStorage.getItem('onboarding_completed')).toBe('true');
    expect(store.get(onboardingRequiredAtom)).toBe(false);
    expect(store.get(xpAtom)).toBe(50);
  });

  it('when onboarding is completed twice, then the 50 XP is given once', () => {
    completeOnboarding('Learn budgeting basics', store);
    completeOnboarding('Learn budgeting basics', store);
    expect(store.get(xpAtom)).toBe(50);
  });

  it('when no goal is given, then the default "Track and reduce spending" is saved', () => {
    completeOnboarding('  ', store);
    expect(store.get(goalAtom)).toBe('Track and reduce spending');
  });

  it('when the tour is skipped, then the default goal and the flag are saved, with no XP', () => {
    applySignIn('tok', 'new', NOW, store);
    skipOnboarding(store);
    expect(localStorage.getItem('userGoal')).toBe('Track and reduce spending');
    expect(localStorage.getItem('onboarding_completed')).toBe('true');
    expect(store.get(onboardingRequiredAtom)).toBe(false);
    expect(store.get(xpAtom)).toBe(0);
    // A later completion (a second tab) pays nothing either: the flag marks the tour as done.
    completeOnboarding('Learn budgeting basics', store);
    expect(store.get(xpAtom)).toBe(0);
  });

  it('when the app restarts signed in without the flag, then onboarding is required again', () => {
    localStorage.setItem('token', 'tok');
    restoreOnboarding(store);
    expect(store.get(onboardingRequiredAtom)).toBe(true);
  });

  it('when the app restarts with the flag stored or signed out, then onboarding is not required', () => {
    store.set(onboardingRequiredAtom, true);
    restoreOnboarding(store);
    expect(store.get(onboardingRequiredAtom)).toBe(false);

    localStorage.setItem('token', 'tok');
    localStorage.setItem('onboarding_completed', 'true');
    store.set(onboardingRequiredAtom, true);
    restoreOnboarding(store);
    expect(store.get(onboardingRequiredAtom)).toBe(false);
  });
});
