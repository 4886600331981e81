// The five achievements (the spec's four and Subscription Slayer, issue 28), their unlock rules and
// their exact alert texts (SPEC 3 and 4).
import { loginStreak } from './streak';
import { dayNumber } from './dates';

export type AchievementId =
  'budget-master' | 'streak-starter' | 'account-master' | 'budget-pro' | 'subscription-slayer';

export interface Achievement {
  id: AchievementId;
  name: string;
  description: string;
  /** Exact alert text shown when it unlocks. */
  message: string;
}

export const STREAK_DAYS = 3;
export const USAGE_DAYS = 30;

export const ACHIEVEMENTS: readonly Achievement[] = [
  {
    id: 'budget-master',
    name: 'Budget Master',
    description: 'budget created',
    message: 'Achievement Unlocked: Budget Master! You earned 100 XP for creating your first budget!',
  },
  {
    id: 'streak-starter',
    name: 'Streak Starter',
    description: 'log in 3 days in a row',
    message: 'Achievement Unlocked: Streak Starter! You earned 100 XP for logging in 3 days in a row!',
  },
  {
    id: 'account-master',
    name: 'Account Master',
    description: 'connect first account',
    message: 'Achievement Unlocked: Account Master! You earned 100 XP for connecting your first account!',
  },
  {
    id: 'budget-pro',
    name: 'Budget Pro',
    description: 'use the app for 30 days',
    message: 'Achievement Unlocked: Budget Pro! You earned 100 XP for using the app for 30 days!',
  },
  {
    id: 'subscription-slayer',
    name: 'Subscription Slayer',
    description: 'cancel a subscription',
    message: 'Achievement Unlocked: Subscription Slayer! You earned 100 XP for cancelling a subscription!',
  },
];

export function achievementById(id: AchievementId): Achievement {
  const found = ACHIEVEMENTS.find((a) => a.id === id);
  if (!found) throw new Error(`Unknown achievement ${id}`);
  return found;
}

/** Distinct valid calendar days, as day numbers, ascending. */
function distinctDays(dates: readonly string[]): number[] {
  const days = new Set<number>();
  for (const d of dates) {
    const n = dayNumber(d);
    if (n !== null) days.add(n);
  }
  return [...days].sort((a, b) => a - b);
}

/** True when `dates` (any order, duplicates allowed) hold `days` consecutive calendar days. */
export function hasLoginStreak(dates: readonly string[], days = STREAK_DAYS): boolean {
  const sorted = distinctDays(dates);
  if (days <= 1) return sorted.length >= Math.max(0, days);
  let run = 1;
  for (let i = 1; i < sorted.length; i++) {
    run = sorted[i] - sorted[i - 1] === 1 ? run + 1 : 1;
    if (run >= days) return true;
  }
  return false;
}

/** True when `dates` hold at least `days` distinct calendar days. */
export function hasUsageDays(dates: readonly string[], days = USAGE_DAYS): boolean {
  return distinctDays(dates).length >= days;
}

export interface AchievementProgress {
  done: number;
  goal: number;
  /** E.g. '2 of 3 days'. */
  text: string;
}

/**
 * How far a player is along a day-counting achievement (issue 25): Streak Starter counts the login
 * streak that is still alive (today or yesterday), Budget Pro the distinct days of use, each capped
 * at its goal. The other achievements are one step and have none (null). Pure: `now` is passed in.
 */
export function achievementProgress(
  id: AchievementId,
  history: { loginDates: readonly string[]; usageDates: readonly string[] },
  now: Date,
): AchievementProgress | null {
  let done: number;
  let goal: number;
  if (id === 'streak-starter') {
    goal = STREAK_DAYS;
    done = loginStreak(history.loginDates, now);
  } else if (id === 'budget-pro') {
    goal = USAGE_DAYS;
    done = distinctDays(history.usageDates).length;
  } else return null;
  done = Math.min(done, goal);
  return { done, goal, text: `${done} of ${goal} ${goal === 1 ? 'day' : 'days'}` };
}
