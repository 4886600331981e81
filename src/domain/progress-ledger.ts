// The server's progress rules as pure functions: a new player's state and what one ledger event
// does to it. Rewards are recomputed here from the shared rules (progression.ts), never taken
// from the client, and once-only rewards are paid once per account; an event the rules do not
// allow (a game start without lives, a second Account Master) is kept as a no-op.
import type { AchievementId } from './achievements';
import { LOGIN_DATES_KEEP, DAILY_USAGE_KEEP } from './categories';
import { dayNumber } from './dates';
import { gameById } from './games';
import { PICK_XP, TIMEOUT_XP } from './matcher';
import {
  FIXED_REWARDS,
  GAME_REWARDS,
  NOTHING,
  achievementXp,
  applyReward,
  gameStart,
  questReward,
  type Reward,
} from './progression';
import { PROGRESS_HISTORY_SIZE, type ProgressEvent, type ProgressState } from './progress-events';

export function newProgressState(): ProgressState {
  return {
    xp: 0,
    lives: 0,
    achievements: [],
    onboardingCompleted: false,
    quests: {},
    settings: {},
    matcherResults: {},
    bestScores: {},
    loginDates: [],
    usageDates: [],
    history: [],
  };
}

/** What one event changed: the XP and lives actually applied (after clamping) and in words. */
export interface Applied {
  xp: number;
  lives: number;
  text: string;
}

const REASON_TEXT = {
  login: 'daily login',
  onboarding: 'onboarding completed',
  'manual-expense': 'expense added',
  'bank-connected': 'bank connected',
  'bank-reconnected': 'bank reconnected',
  'bank-refresh': 'bank data refreshed',
  'budget-created': 'budget created',
} as const;

const ACHIEVEMENT_NAMES: Record<AchievementId, string> = {
  'budget-master': 'Budget Master',
  'streak-starter': 'Streak Starter',
  'account-master': 'Account Master',
  'budget-pro': 'Budget Pro',
};

/** "+25 XP · bank connected", "−1 life · Breakout started", "+3 lives +50 XP · quest completed". */
export function describeChange(xp: number, lives: number, why: string): string {
  const sign = (n: number) => (n < 0 ? `\u2212${-n}` : `+${n}`);
  const parts: string[] = [];
  if (xp !== 0) parts.push(`${sign(xp)} XP`);
  if (lives !== 0) parts.push(`${sign(lives)} ${Math.abs(lives) === 1 ? 'life' : 'lives'}`);
  return `${parts.join(' ')} \u00b7 ${why}`;
}

/** Keeps a date list as the client does: unique, sorted, only the last `keep`. */
function addDate(list: string[], date: string, keep: number): string[] {
  if (dayNumber(date) === null) return list;
  return [...new Set([...list, date])].sort().slice(-keep);
}

/** Whether `xp` is what a round of `cards` answers can earn (+10 a pick, −5 a timeout). */
export function isMatcherXp(xp: number, cards: number): boolean {
  const span = PICK_XP - TIMEOUT_XP;
  const picks = (xp - TIMEOUT_XP * cards) / span;
  return Number.isInteger(picks) && picks >= 0 && picks <= cards;
}

/**
 * Applies one event to `state` (mutating a copy the caller owns) and returns what it paid.
 * Amounts and ids were validated by the route's schema; the rules that depend on the state are
 * checked here.
 */
export function applyEvent(state: ProgressState, event: ProgressEvent): Applied {
  const pay = (reward: Reward, why: string): Applied => {
    const before = { xp: state.xp, lives: state.lives };
    const after = applyReward(before, reward);
    state.xp = after.xp;
    state.lives = after.lives;
    const xp = after.xp - before.xp;
    const lives = after.lives - before.lives;
    return { xp, lives, text: xp || lives ? describeChange(xp, lives, why) : '' };
  };
  const unlock = (id: AchievementId): Applied | null => {
    if (state.achievements.includes(id)) return null;
    state.achievements.push(id);
    return pay({ xp: achievementXp(id), lives: 0 }, `${ACHIEVEMENT_NAMES[id]} unlocked`);
  };
  const both = (a: Applied, b: Applied | null): Applied =>
    b ? { xp: a.xp + b.xp, lives: a.lives + b.lives, text: [a.text, b.text].filter(Boolean).join('; ') } : a;
  const none: Applied = { xp: 0, lives: 0, text: '' };

  switch (event.type) {
    case 'award': {
      const why = REASON_TEXT[event.kind];
      switch (event.kind) {
        case 'manual-expense':
          return pay({ xp: event.xp ?? 0, lives: event.lives ?? 0 }, why);
        case 'onboarding':
          if (state.onboardingCompleted) return none;
          state.onboardingCompleted = true;
          return pay(FIXED_REWARDS.onboarding, why);
        case 'budget-created':
          return unlock('budget-master') ?? none;
        case 'bank-reconnected':
          // Pays only while the first connection never completed (DECISIONS), like the client.
          if (state.achievements.includes('account-master')) return none;
          return both(pay(FIXED_REWARDS['bank-reconnected'], why), unlock('account-master'));
        case 'bank-connected':
          return both(pay(FIXED_REWARDS['bank-connected'], why), unlock('account-master'));
        default:
          return pay(FIXED_REWARDS[event.kind], why);
      }
    }
    case 'achievement':
      return unlock(event.achievement) ?? none;
    case 'quest-start':
      state.quests[event.quest] = { isStarted: true, completed: false, startedAt: event.at };
      return none;
    case 'quest-complete': {
      if (state.quests[event.quest]?.completed) return none;
      state.quests[event.quest] = { isStarted: false, completed: true, startedAt: null };
      return pay(questReward(event.quest), 'quest completed');
    }
    case 'quest-reset':
      delete state.quests[event.quest];
      return none;
    case 'game-start': {
      const { result, cost } = gameStart(event.game, state.lives);
      if (result !== 'started' || cost === 0) return none;
      if (event.game === 'breakout') state.breakoutPlays = (state.breakoutPlays ?? 0) + 1;
      return pay({ xp: 0, lives: -cost }, `${gameById(event.game).title} started`);
    }
    case 'game-reward': {
      // A win pays only for a Breakout play that has not been rewarded yet.
      if (!state.breakoutPlays) return none;
      state.breakoutPlays -= 1;
      return pay(GAME_REWARDS[event.kind], 'Breakout cleared');
    }
    case 'matcher': {
      const cards = Object.keys(event.results).length;
      if (!isMatcherXp(event.xp, cards)) return none;
      Object.assign(state.matcherResults, event.results);
      return pay({ xp: event.xp, lives: 0 }, 'Category Matcher round');
    }
    case 'best-score':
      state.bestScores[event.game] = Math.max(state.bestScores[event.game] ?? 0, event.score);
      return none;
    case 'setting':
      if (event.value === null) delete state.settings[event.key];
      else state.settings[event.key] = event.value;
      return none;
    case 'day':
      if (event.kind === 'login') state.loginDates = addDate(state.loginDates, event.date, LOGIN_DATES_KEEP);
      else state.usageDates = addDate(state.usageDates, event.date, DAILY_USAGE_KEEP);
      return none;
  }
  return NOTHING_APPLIED;
}

const NOTHING_APPLIED: Applied = { ...NOTHING, text: '' };

/** Adds an applied change to the state's history (newest first, bounded). */
export function recordHistory(state: ProgressState, at: number, applied: Applied): void {
  if (!applied.text) return;
  state.history = [{ at, xp: applied.xp, lives: applied.lives, text: applied.text }, ...state.history].slice(
    0,
    PROGRESS_HISTORY_SIZE,
  );
}
