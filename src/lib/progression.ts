// The only writer of XP, lives, achievements and quest rewards. Pages, the session code and game
// scenes call these intents on the one Jotai store; each applies the spec's amounts, clamping and
// pay-once rules, then announces what changed (xpChanged, levelReached, achievementUnlocked,
// livesChanged in events.ts) for the UI's moments. Every function takes the store last,
// defaulting to `appStore`, so tests use a fresh one.
import { atom } from 'jotai';
import { appStore } from './store';
import { emit, notify } from './events';
import { recordProgress } from './progress-sync/sender';
import { RESET, type PersistedAtom } from './persisted-atom';
import {
  accountMasterUnlockedAtom,
  budgetMasterUnlockedAtom,
  budgetProUnlockedAtom,
  dailyUsageDatesAtom,
  livesAtom,
  loginDatesAtom,
  onboardingCompletedAtom,
  questStateAtom,
  questTimerAtom,
  streakStarterUnlockedAtom,
  xpAtom,
} from './atoms';
import { achievementById, hasLoginStreak, hasUsageDays, type AchievementId } from '@/domain/achievements';
import type { BudgetCategory } from '@/domain/categories';
import type { Game } from '@/domain/games';
import { isCompleted, type QuestId } from '@/domain/quests';
import { manualExpenseReward } from '@/domain/xp';
import {
  FIXED_REWARDS,
  GAME_REWARDS,
  NOTHING,
  achievementXp,
  applyReward,
  gameStart,
  levelReached,
  questReward,
  type AwardKind,
  type GameRewardKind,
  type ProgressReason,
  type Reward,
  type StartResult,
} from '@/domain/progression';
import type { ProgressState } from '@/domain/progress-events';

type Store = typeof appStore;

const ACHIEVEMENT_FLAGS: Record<AchievementId, PersistedAtom<boolean>> = {
  'budget-master': budgetMasterUnlockedAtom,
  'streak-starter': streakStarterUnlockedAtom,
  'account-master': accountMasterUnlockedAtom,
  'budget-pro': budgetProUnlockedAtom,
};

// ---- Read-only views: components read these; only this module writes what is behind them ----

export const xpValueAtom = atom((get) => get(xpAtom));
export const livesValueAtom = atom((get) => get(livesAtom));
export const unlockedAchievementsAtom = atom(
  (get) =>
    Object.fromEntries(Object.entries(ACHIEVEMENT_FLAGS).map(([id, flag]) => [id, get(flag)])) as Record<
      AchievementId,
      boolean
    >,
);

// ---- The one place XP and lives change ---------------------------------------------------------

/**
 * Applies `reward` (XP never below 0, lives within 0..5) and announces what actually changed.
 * Every change of XP or lives passes here, so backing progress up to the server later is one
 * call at the end of this function.
 */
function commit(store: Store, reward: Reward, reason: ProgressReason): void {
  const before = { xp: store.get(xpAtom), lives: store.get(livesAtom) };
  const after = applyReward(before, reward);
  if (after.xp !== before.xp) {
    store.set(xpAtom, after.xp);
    emit('xpChanged', { delta: after.xp - before.xp, total: after.xp, reason });
    const level = levelReached(before.xp, after.xp);
    if (level) emit('levelReached', { level });
  }
  if (after.lives !== before.lives) {
    store.set(livesAtom, after.lives);
    emit('livesChanged', { delta: after.lives - before.lives, total: after.lives, reason });
  }
}

/** Unlocks `id` once: its flag, its XP, its event and the spec's alert. True if it unlocked now. */
function unlock(id: AchievementId, store: Store): boolean {
  const flag = ACHIEVEMENT_FLAGS[id];
  if (store.get(flag)) return false;
  store.set(flag, true);
  const xp = achievementXp(id);
  commit(store, { xp, lives: 0 }, 'achievement');
  emit('achievementUnlocked', { id, xp });
  notify(achievementById(id).message, 'success');
  return true;
}

// ---- Intents ---------------------------------------------------------------------------------

export interface AwardResult extends Reward {
  /** Achievements this award unlocked (their XP is included in `xp`). */
  achievements: AchievementId[];
}

function paid(reward: Reward, achievements: AchievementId[] = []): AwardResult {
  const xp = reward.xp + achievements.reduce((sum, id) => sum + achievementXp(id), 0);
  return { xp, lives: reward.lives, achievements };
}

/**
 * Pays an intent's reward by the spec's rules (see AwardKind for which pay once) and returns
 * what it paid; lives are reported before the 0..5 clamp, as the celebration shows them.
 */
export function award(kind: AwardKind, store: Store = appStore): AwardResult {
  switch (kind) {
    case 'manual-expense': {
      const reward = manualExpenseReward();
      commit(store, reward, kind);
      recordProgress({ type: 'award', kind, xp: reward.xp, lives: reward.lives });
      return paid(reward);
    }
    case 'onboarding':
      // The onboarding flag is also the marker that its 50 XP was paid.
      if (store.get(onboardingCompletedAtom)) return paid(NOTHING);
      store.set(onboardingCompletedAtom, true);
      break;
    case 'bank-reconnected':
      // Update mode pays only when the first connection never completed (DECISIONS).
      if (store.get(accountMasterUnlockedAtom)) return paid(NOTHING);
      break;
    case 'budget-created': {
      const unlocked = unlock('budget-master', store);
      if (unlocked) recordProgress({ type: 'award', kind });
      return paid(NOTHING, unlocked ? ['budget-master'] : []);
    }
  }
  // The server recomputes what the intent pays, once-only parts included.
  recordProgress({ type: 'award', kind });
  const reward = FIXED_REWARDS[kind];
  commit(store, reward, kind);
  const firstAccount = kind === 'bank-connected' || kind === 'bank-reconnected';
  return paid(reward, firstAccount && unlock('account-master', store) ? ['account-master'] : []);
}

/** Unlocks Streak Starter and Budget Pro when the stored dates earn them; returns those unlocked now. */
export function checkAchievements(store: Store = appStore): AchievementId[] {
  const unlocked: AchievementId[] = [];
  if (hasLoginStreak(store.get(loginDatesAtom)) && unlock('streak-starter', store))
    unlocked.push('streak-starter');
  if (hasUsageDays(store.get(dailyUsageDatesAtom)) && unlock('budget-pro', store))
    unlocked.push('budget-pro');
  for (const id of unlocked)
    if (id === 'streak-starter' || id === 'budget-pro')
      recordProgress({ type: 'achievement', achievement: id });
  return unlocked;
}

/**
 * Completes quest `id` (stored as {isStarted: false, timeRemaining: 0}, its timer cleared) and
 * pays its lives and 50 XP, once: completing a completed quest pays nothing until it is reset.
 */
export function completeQuest(id: QuestId, store: Store = appStore): Reward {
  const state = store.get(questStateAtom(id));
  if (isCompleted(state)) return NOTHING;
  store.set(questStateAtom(id), { isStarted: false, timeRemaining: 0 });
  store.set(questTimerAtom(id), RESET);
  const reward = questReward(id);
  commit(store, reward, 'quest');
  recordProgress({ type: 'quest-complete', quest: id });
  return reward;
}

/** Returns quest `id` to not started: its stored state and its timer are removed. Pays nothing. */
export function resetQuest(id: QuestId, store: Store = appStore): void {
  store.set(questStateAtom(id), RESET);
  store.set(questTimerAtom(id), RESET);
  recordProgress({ type: 'quest-reset', quest: id });
}

/**
 * Starts a play of `gameId`: spends its life and returns 'started', or returns the spec's
 * refusal when no life is left (spending nothing). The Category Matcher costs no life.
 */
export function startGame(gameId: Game['id'], store: Store = appStore): StartResult {
  const { result, cost } = gameStart(gameId, store.get(livesAtom));
  if (cost > 0) {
    commit(store, { xp: 0, lives: -cost }, 'game-start');
    recordProgress({ type: 'game-start', game: gameId });
  }
  return result;
}

/** A game's own reward, e.g. 'breakout-win' (+3 lives). */
export function gameReward(kind: GameRewardKind, store: Store = appStore): Reward {
  const reward = GAME_REWARDS[kind];
  commit(store, reward, kind);
  recordProgress({ type: 'game-reward', kind });
  return reward;
}

/**
 * The XP a Category Matcher round earned (+10 a pick, -5 a timeout) for the categories it
 * assigned (by transaction id); the total stays >= 0.
 */
export function matcherResult(
  xp: number,
  results: Record<string, BudgetCategory> = {},
  store: Store = appStore,
): Reward {
  const reward = { xp: Number.isFinite(xp) ? Math.round(xp) : 0, lives: 0 };
  commit(store, reward, 'matcher');
  recordProgress({ type: 'matcher', xp: reward.xp, results });
  return reward;
}

/** A new account starts at 0 XP (SPEC 4 "Auth"). */
export function startNewPlayer(store: Store = appStore): void {
  commit(store, { xp: -store.get(xpAtom), lives: 0 }, 'new-player');
  // Stored even when it already reads 0 ("XP set to 0"); this changes no progress.
  store.set(xpAtom, 0);
}

/**
 * Puts the server's copy of the player's progress in place (after a sign-in, before its login
 * effects). XP and lives are set, not announced: nothing was earned now. Only achievements the
 * server knows are unlocked; a local flag it does not know stays (its event is still queued).
 */
export function restoreProgression(state: ProgressState, store: Store = appStore): void {
  store.set(xpAtom, state.xp);
  store.set(livesAtom, state.lives);
  for (const id of state.achievements) if (id in ACHIEVEMENT_FLAGS) store.set(ACHIEVEMENT_FLAGS[id], true);
  if (state.onboardingCompleted) store.set(onboardingCompletedAtom, true);
}
