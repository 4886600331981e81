// Progression rules without a store: what each intent pays, how a payment applies (XP never
// below 0, lives clamped to 0..5), which level a change reaches, and whether a game may start.
import type { AchievementId } from './achievements';
import { gameById, type Game } from './games';
import { levelForXp, type Level } from './levels';
import { applyLivesDelta, canPlay, NO_LIVES_MESSAGE } from './lives';
import { QUEST_REWARD_LIVES, type QuestId } from './quests';
import {
  ACHIEVEMENT_XP,
  BANK_REFRESH_XP,
  CONNECT_BANK_XP,
  FIRST_ACCOUNT_XP,
  LOGIN_XP,
  ONBOARDING_XP,
  QUEST_COMPLETION_XP,
  addXp,
} from './xp';

export interface Progress {
  xp: number;
  lives: number;
}
/** What an intent pays: XP (may be negative) and lives, before clamping. */
export interface Reward {
  xp: number;
  lives: number;
}
export const NOTHING: Reward = { xp: 0, lives: 0 };

/** Why XP or lives changed, carried by the change events. */
export type ProgressReason =
  | AwardKind
  | 'achievement'
  | 'quest'
  | 'game-start'
  | GameRewardKind
  | 'matcher'
  | 'new-player'
  /** The server's answer changed the figures (a reward it paid, or a claim it did not count). */
  | 'server';

/**
 * The intents `award` knows. Paid every time: login, manual-expense, bank-connected,
 * bank-refresh. Paid once: onboarding (its flag), budget-created (Budget Master), and the
 * Account Master part of bank-connected; bank-reconnected pays only while Account Master is
 * still locked (the first connection never completed).
 */
export type AwardKind =
  | 'login'
  | 'onboarding'
  | 'manual-expense'
  | 'bank-connected'
  | 'bank-reconnected'
  | 'bank-refresh'
  | 'budget-created';

/** The fixed payments of the intents that have one (manual-expense is drawn, see xp.ts). */
export const FIXED_REWARDS = {
  login: { xp: LOGIN_XP, lives: 0 },
  onboarding: { xp: ONBOARDING_XP, lives: 0 },
  'bank-connected': { xp: CONNECT_BANK_XP, lives: 0 },
  'bank-reconnected': { xp: CONNECT_BANK_XP, lives: 0 },
  'bank-refresh': { xp: BANK_REFRESH_XP, lives: 0 },
  'budget-created': NOTHING,
} as const satisfies Record<Exclude<AwardKind, 'manual-expense'>, Reward>;

/** SPEC 9: the first account pays FIRST_ACCOUNT_XP, every other achievement ACHIEVEMENT_XP. */
export function achievementXp(id: AchievementId): number {
  return id === 'account-master' ? FIRST_ACCOUNT_XP : ACHIEVEMENT_XP;
}

/** Completing a quest: its lives (DECISIONS.md) and 50 XP. */
export function questReward(id: QuestId): Reward {
  return { xp: QUEST_COMPLETION_XP, lives: QUEST_REWARD_LIVES[id] };
}

export type GameRewardKind = 'breakout-win';
/** SPEC 4 "Breakout": clearing all bricks gives +3 lives. */
export const GAME_REWARDS: Record<GameRewardKind, Reward> = { 'breakout-win': { xp: 0, lives: 3 } };

export function applyReward(p: Progress, r: Reward): Progress {
  return { xp: addXp(p.xp, r.xp), lives: applyLivesDelta(p.lives, r.lives) };
}

/** The level a change from `beforeXp` to `afterXp` reaches, or null when the level stays or drops. */
export function levelReached(beforeXp: number, afterXp: number): Level | null {
  const after = levelForXp(afterXp);
  return after.level > levelForXp(beforeXp).level ? after : null;
}

export type StartResult = 'started' | typeof NO_LIVES_MESSAGE;

/** Whether a play may start with `lives`, and the lives it costs (the matcher costs none). */
export function gameStart(gameId: Game['id'], lives: number): { result: StartResult; cost: number } {
  const { lifeCost } = gameById(gameId);
  if (lifeCost === 0) return { result: 'started', cost: 0 };
  if (!canPlay(lives)) return { result: NO_LIVES_MESSAGE, cost: 0 };
  return { result: 'started', cost: lifeCost };
}
