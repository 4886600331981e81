// The server's judgement of the events a browser sends (DECISIONS, "The server is the referee"):
// a new player's state, and what one event does to it. Each event is judged on its own, by the
// referee's rules on the server's clock; what a browser can no longer claim (rewards the server
// pays from facts it saw itself) is refused with the reason, never paid.
import type { ProgressEvent, ProgressState } from './progress-events';
import {
  bestScore,
  breakoutWon,
  gamePlayed,
  gameStarted,
  onboardingFinished,
  questComplete,
  questReset,
  questStart,
  settingChanged,
  type GameLimits,
  type Verdict,
} from './referee';

export { describeChange, recordHistory } from './referee';

export function newProgressState(): ProgressState {
  return {
    xp: 0,
    lives: 0,
    achievements: [],
    onboardingCompleted: false,
    quests: {},
    settings: {},
    bestScores: {},
    loginDates: [],
    usageDates: [],
    history: [],
  };
}

/** What the server knows when it judges: its clock, whether a bank is linked, the games' limits. */
export interface JudgeContext {
  now: number;
  hasBank: boolean;
  limits: GameLimits;
}

/** Reasons for the kinds the server now pays from what it sees itself. */
export const SERVER_PAID: Record<string, string> = {
  login: 'Sign-in rewards are paid by the server when you sign in',
  'manual-expense': 'Expense rewards are paid by the server when it stores the expense',
  'bank-connected': 'Bank rewards are paid by the server when it links the bank',
  'bank-reconnected': 'Bank rewards are paid by the server when it links the bank',
  'bank-refresh': 'Refresh rewards are paid by the server when it syncs your bank',
  'budget-created': 'Budget Master is unlocked by the server when it saves your budget',
  achievement: 'Achievements are unlocked by the server from the days it recorded',
  matcher: 'Matcher rewards are paid by the server when it saves your labels',
  day: 'Login and usage days are recorded by the server',
};

/** Judges one event against `state` (a copy the caller owns), on the server's clock. */
export function judgeEvent(state: ProgressState, event: ProgressEvent, ctx: JudgeContext): Verdict {
  const t = ctx.now;
  switch (event.type) {
    case 'award':
      if (event.kind === 'onboarding') return onboardingFinished(state);
      return { counted: false, reason: SERVER_PAID[event.kind] ?? 'Not accepted' };
    case 'achievement':
    case 'matcher':
    case 'day':
      return { counted: false, reason: SERVER_PAID[event.type] };
    case 'quest-start':
      return questStart(state, event.quest, t, ctx);
    case 'quest-complete':
      return questComplete(state, event.quest, t, ctx);
    case 'quest-reset':
      return questReset(state, event.quest);
    case 'game-start':
      return gameStarted(state, event.game, t);
    case 'game-play':
      return gamePlayed(state, event.game, t);
    case 'game-reward':
      return breakoutWon(state, t, ctx.limits);
    case 'best-score':
      return bestScore(state, event.game, event.score, t, ctx.limits);
    case 'setting':
      return settingChanged(state, event.key, event.value);
  }
  return { counted: false, reason: 'Unknown event' };
}
