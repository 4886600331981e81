// The only writer of XP, lives, achievements and quest state in the browser. The server is the
// referee (DECISIONS): it pays from what it saw, and this module mirrors its answers. Pages, the
// session code and game scenes call these intents on the one Jotai store; what only the browser
// knows (a game start, a modal quest's answer, the tour) is shown at once and sent to the server,
// whose answer then replaces the local figures. Each change is announced (xpChanged,
// levelReached, achievementUnlocked in events.ts) for the UI's moments; lives are read from the
// store (livesValueAtom), the one path by which they reach pages and game scenes. Every
// function takes the store last, defaulting to `appStore`, so tests use a fresh one.
import { atom, type Atom } from 'jotai';
import { appStore } from './store';
import { emit, notify } from './events';
import { pendingProgress, recordProgress } from './progress-sync/sender';
import { RESET, isStored, removeStoredKeys, type PersistedAtom } from './persisted-atom';
import { questKey, questTimerKey } from './storage-keys';
import {
  accountMasterUnlockedAtom,
  budgetMasterUnlockedAtom,
  budgetProUnlockedAtom,
  subscriptionSlayerUnlockedAtom,
  livesAtom,
  onboardingCompletedAtom,
  questStateAtom,
  questTimerAtom,
  streakStarterUnlockedAtom,
  xpAtom,
  type StoredQuestState,
} from './atoms';
import { achievementById, type AchievementId } from '@/domain/achievements';
import type { Game } from '@/domain/games';
import {
  QUEST_IDS,
  QUEST_MESSAGES,
  TIMED_QUESTS,
  TIMED_QUEST_SECONDS,
  isCompleted,
  isTimedQuest,
  questView,
  type QuestId,
  type TimedQuestId,
} from '@/domain/quests';
import {
  FIXED_REWARDS,
  NOTHING,
  achievementXp,
  applyReward,
  gameStart,
  levelReached,
  questReward,
  type GameRewardKind,
  type ProgressReason,
  type Reward,
  type StartResult,
} from '@/domain/progression';
import { questPeriod } from '@/domain/referee';
import { livesKeptText } from '@/domain/reward-text';
import type { ProgressState, RewardNotice } from '@/domain/progress-events';

type Store = typeof appStore;

const ACHIEVEMENT_FLAGS: Record<AchievementId, PersistedAtom<boolean>> = {
  'budget-master': budgetMasterUnlockedAtom,
  'streak-starter': streakStarterUnlockedAtom,
  'account-master': accountMasterUnlockedAtom,
  'budget-pro': budgetProUnlockedAtom,
  'subscription-slayer': subscriptionSlayerUnlockedAtom,
};

// ---- Read-only views: components read these; only this module writes what is behind them ----

export const xpValueAtom = atom((get) => get(xpAtom));
export const livesValueAtom = atom((get) => get(livesAtom));
/** Set once the server's progress has been put in place in this page. */
const serverHeardAtom = atom(false);
/**
 * The lives shown are a real figure: the server's, or one this browser kept from before. Until
 * then a page holds back what only 0 lives would show (a game's out-of-lives help), so it does not
 * appear and vanish when the server's figure arrives (issue 33: Breakout's layout shift).
 */
export const livesKnownAtom = atom((get) => {
  get(livesAtom);
  return get(serverHeardAtom) || isStored(livesAtom.storageKey);
});
export const unlockedAchievementsAtom = atom(
  (get) =>
    Object.fromEntries(Object.entries(ACHIEVEMENT_FLAGS).map(([id, flag]) => [id, get(flag)])) as Record<
      AchievementId,
      boolean
    >,
);

/** A read-only view of `source`, one per id, so a component reads the same atom on every render. */
function views<T>(source: (id: QuestId) => Atom<T>): (id: QuestId) => Atom<T> {
  const cache = new Map<QuestId, Atom<T>>();
  return (id) => {
    let view = cache.get(id);
    if (!view) {
      view = atom((get) => get(source(id)));
      cache.set(id, view);
    }
    return view;
  };
}
/** Quest `id`'s stored state, `{ isStarted, timeRemaining }` or null (not started). */
export const questStateValueAtom = views<StoredQuestState | null>(questStateAtom);
/** When 24-hour quest `id` started (epoch ms), or null. */
export const questTimerValueAtom = views<number | null>(questTimerAtom);

// ---- The one place XP and lives change ---------------------------------------------------------

/**
 * Applies `reward` (XP never below 0, lives within 0..5) and announces what actually changed.
 * Every change of XP or lives passes here; what goes to the server is recorded by the intents
 * (recordProgress), and the server's answers come back through mirrorServer.
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
    // Lives reach the UI (and the games, through their bridge) through the store alone.
    store.set(livesAtom, after.lives);
  }
}

/** Shows an achievement the server unlocked: its flag, its event and the spec's alert, once. */
function showUnlocked(id: AchievementId, store: Store): void {
  const flag = ACHIEVEMENT_FLAGS[id];
  if (!flag || store.get(flag)) return;
  store.set(flag, true);
  emit('achievementUnlocked', { id, xp: achievementXp(id) });
  notify(achievementById(id).message, 'success');
}

// ---- The server's answers ----------------------------------------------------------------------

/** The last progress the server answered in this tab: its book of what was paid, for the UI. */
let server: ProgressState | null = null;

/**
 * Sets the quests' stored state to the server's (completed, started with its start, or none), and
 * says the server's verdict on a 24-hour quest this browser was running: passed (it completed),
 * or failed (its time was over here and the server ended it unpaid).
 */
function mirrorQuests(state: ProgressState, store: Store, now: number = Date.now()): void {
  for (const id of TIMED_QUESTS) {
    const before = questView(id, store.get(questStateAtom(id)), store.get(questTimerAtom(id)), now).status;
    const q = state.quests?.[id];
    if (q?.completed && (before === 'started' || before === 'expired'))
      notify(QUEST_MESSAGES[id].passed, 'success');
    else if (!q && before === 'expired') notify(QUEST_MESSAGES[id].failed, 'info');
  }
  for (const id of QUEST_IDS) {
    const q = state.quests?.[id];
    if (q?.completed) {
      store.set(questStateAtom(id), { isStarted: false, timeRemaining: 0 });
      store.set(questTimerAtom(id), RESET);
    } else if (q?.isStarted) {
      const timed = isTimedQuest(id);
      store.set(questStateAtom(id), { isStarted: true, timeRemaining: timed ? TIMED_QUEST_SECONDS : 0 });
      if (timed && q.startedAt !== null) store.set(questTimerAtom(id), q.startedAt);
    } else if (store.get(questStateAtom(id)) !== null) {
      store.set(questStateAtom(id), RESET);
      store.set(questTimerAtom(id), RESET);
    }
  }
}

/**
 * Puts the server's answer in place: XP, lives (announced as they change), achievements (each
 * announced once) and quests. While events are still waiting to be sent (offline play), the
 * local figures stay: the server judges those first, and its next answer is mirrored.
 */
export function mirrorServer(
  state: ProgressState,
  store: Store = appStore,
  opts: { announce?: boolean; reward?: RewardNotice | null } = {},
): void {
  server = state;
  store.set(serverHeardAtom, true);
  if (pendingProgress() > 0) return;
  if (opts.announce === false) {
    // The app's start: the figures are brought in line quietly; only what this answer itself
    // paid (`reward`: Budget Pro on the 30th day, a quest that ended while away) is celebrated.
    const paid = opts.reward ?? null;
    store.set(xpAtom, Math.max(0, state.xp - (paid?.xp ?? 0)));
    store.set(livesAtom, Math.max(0, state.lives - (paid?.lives ?? 0)));
    for (const id of state.achievements)
      if (!paid?.achievements.includes(id) && ACHIEVEMENT_FLAGS[id]) store.set(ACHIEVEMENT_FLAGS[id], true);
  }
  commit(store, { xp: state.xp - store.get(xpAtom), lives: state.lives - store.get(livesAtom) }, 'server');
  for (const id of state.achievements) showUnlocked(id, store);
  if (state.onboardingCompleted) store.set(onboardingCompletedAtom, true);
  // The server's own quest states: nothing is sent back.
  mirrorQuests(state, store);
}

/**
 * A fact the server paid for (an expense, a link, a sync, labels, a sign-in), answered with its
 * progress: shown at once, with what the lives cap kept.
 */
export function receiveReward(
  answer: { reward?: RewardNotice | null; progress?: ProgressState | null },
  store: Store = appStore,
): void {
  const { reward, progress } = answer;
  if (reward && reward.livesOffered > reward.lives && reward.livesOffered > 0)
    notify(livesKeptText(reward.lives), 'info');
  if (progress) mirrorServer(progress, store);
  else if (reward) {
    commit(store, { xp: reward.xp, lives: reward.lives }, 'server');
    for (const id of reward.achievements) showUnlocked(id, store);
  }
}

/** Forgets the last server answer (sign-out, a new account): it belonged to another session. */
export function forgetServerProgress(): void {
  server = null;
}

/** Whether the server already paid quest `id` for its current period (then it pays nothing now). */
function paidAlready(id: QuestId, now: number): boolean {
  if (!server) return false;
  return server.paid?.quests?.[id] === questPeriod(server, id, now);
}

// ---- Intents ---------------------------------------------------------------------------------

/**
 * Finishing the onboarding tour: +50 XP once (its flag is the marker), shown now and sent to the
 * server, which pays it once per account.
 */
export function award(kind: 'onboarding', store: Store = appStore): Reward {
  if (store.get(onboardingCompletedAtom)) return NOTHING;
  store.set(onboardingCompletedAtom, true);
  recordProgress({ type: 'award', kind });
  const reward = FIXED_REWARDS[kind];
  commit(store, reward, kind);
  return reward;
}

// ---- Quest state: starts, the sign-in start, stops and the development tools ------------------

/** Stores quest `id` as started and tells the server (it records the start and, for a 24-hour
 *  quest, its own clock's start time). Nothing is sent for a quest already started. */
function setStarted(id: QuestId, timer: number | null, store: Store): void {
  const wasStarted = store.get(questStateAtom(id))?.isStarted === true;
  store.set(questStateAtom(id), { isStarted: true, timeRemaining: timer === null ? 0 : TIMED_QUEST_SECONDS });
  if (timer !== null) store.set(questTimerAtom(id), timer);
  if (!wasStarted) recordProgress({ type: 'quest-start', quest: id });
}

/** Start of a 24-hour quest: the state with its duration, and the start time. */
export function startTimedQuest(id: TimedQuestId, now: number = Date.now(), store: Store = appStore): void {
  setStarted(id, now, store);
}

/**
 * Start of a quest without a timer that has its own page (financial-guru, emergency-fund): stored
 * as started (SPEC 4 "Quest": "then started"), so its card reads in progress until it is
 * completed, here and, through the server, on the player's other devices.
 */
export function startPageQuest(id: QuestId, store: Store = appStore): void {
  if (store.get(questStateAtom(id))?.isStarted) return;
  setStarted(id, null, store);
}

/**
 * Auto-start of yearly-income on login. Stored states (SPEC 4 "Quest"): absent = not started,
 * {isStarted: false, timeRemaining: 0} = completed. The quest is set to {isStarted: true,
 * timeRemaining: 0} unless it is already in that state or completed, so a login never undoes a
 * completion; any other stored state is overwritten.
 */
export function startYearlyIncomeOnSignIn(store: Store = appStore): void {
  const s = store.get(questStateAtom('yearly-income'));
  if ((s !== null && s.isStarted && s.timeRemaining === 0) || isCompleted(s)) return;
  setStarted('yearly-income', null, store);
}

/** The action button of a running 24-hour quest: the timer is cleared, the quest not started. */
export const stopQuest = (id: TimedQuestId, store: Store = appStore): void => resetQuest(id, store);

/**
 * Development tools (the test quest and dev admin pages): set quest `id` in this browser only,
 * without paying or sending anything, so what the server pays never changes (DECISIONS: the
 * referee). 'reset' = not started; 'started' = running from `now`; 'started-untimed' = the
 * spec's dev state `{isStarted: true, timeRemaining: 86400}` with no start time; 'completed'.
 */
export function setQuestLocally(
  id: QuestId,
  to: 'reset' | 'started' | 'started-untimed' | 'completed',
  now: number = Date.now(),
  store: Store = appStore,
): void {
  const state: StoredQuestState | typeof RESET =
    to === 'reset'
      ? RESET
      : to === 'completed'
        ? { isStarted: false, timeRemaining: 0 }
        : { isStarted: true, timeRemaining: TIMED_QUEST_SECONDS };
  store.set(questStateAtom(id), state);
  store.set(questTimerAtom(id), to === 'started' ? now : RESET);
}

/** Development tools: removes a quest's stored keys as they are, readable or not. */
export function clearQuestStorage(id: QuestId, store: Store = appStore): void {
  removeStoredKeys(store, [questKey(id), questTimerKey(id)]);
}

/**
 * Completes quest `id` (stored as {isStarted: false, timeRemaining: 0}, its timer cleared) and
 * shows its lives and 50 XP, unless the server already paid it for this period: then it shows as
 * completed and pays nothing. The server judges the claim; the 24-hour quests are completed only
 * by its own bank check.
 */
export function completeQuest(id: QuestId, store: Store = appStore, now: number = Date.now()): Reward {
  const state = store.get(questStateAtom(id));
  if (isCompleted(state)) return NOTHING;
  store.set(questStateAtom(id), { isStarted: false, timeRemaining: 0 });
  store.set(questTimerAtom(id), RESET);
  recordProgress({ type: 'quest-complete', quest: id });
  if (isTimedQuest(id) || paidAlready(id, now)) return NOTHING;
  const reward = questReward(id);
  commit(store, reward, 'quest');
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
 * refusal when no life is left (spending nothing). The Category Matcher costs no life. Below the
 * game's unlock XP the route guard keeps the player out, and the server refuses the start.
 */
export function startGame(gameId: Game['id'], store: Store = appStore): StartResult {
  const { result, cost } = gameStart(gameId, store.get(livesAtom));
  if (cost > 0) {
    commit(store, { xp: 0, lives: -cost }, 'game-start');
    recordProgress({ type: 'game-start', game: gameId });
  }
  return result;
}

/**
 * A play began without spending a life (Breakout's launch; its lives go per missed ball): the
 * server records when, so it can judge a later win.
 */
export function playBegan(gameId: Game['id']): void {
  recordProgress({ type: 'game-play', game: gameId });
}

/**
 * A game's own reward, e.g. 'breakout-win' (+3 lives): claimed from the server, which pays it
 * only for a start it saw long enough ago; its answer shows what was paid (or why not).
 */
export function gameReward(kind: GameRewardKind): Reward {
  recordProgress({ type: 'game-reward', kind });
  return NOTHING;
}

/** A new account starts at 0 XP (SPEC 4 "Auth"). */
export function startNewPlayer(store: Store = appStore): void {
  commit(store, { xp: -store.get(xpAtom), lives: 0 }, 'new-player');
  // Stored even when it already reads 0 ("XP set to 0"); this changes no progress.
  store.set(xpAtom, 0);
}

/**
 * Puts the server's copy of the player's progress in place (after a sign-in, before its login
 * effects). XP and lives are set, not announced: nothing was earned now.
 */
export function restoreProgression(state: ProgressState, store: Store = appStore): void {
  server = state;
  store.set(serverHeardAtom, true);
  store.set(xpAtom, state.xp);
  store.set(livesAtom, state.lives);
  for (const id of state.achievements) if (id in ACHIEVEMENT_FLAGS) store.set(ACHIEVEMENT_FLAGS[id], true);
  if (state.onboardingCompleted) store.set(onboardingCompletedAtom, true);
  mirrorQuests(state, store);
}

/** Announces what a sign-in paid (its state is already in place): the +10 and any achievement. */
export function announceSignIn(reward: RewardNotice | null | undefined, store: Store = appStore): void {
  if (!reward) return;
  const total = store.get(xpAtom);
  if (reward.xp > 0) {
    emit('xpChanged', { delta: reward.xp, total, reason: 'login' });
    const level = levelReached(total - reward.xp, total);
    if (level) emit('levelReached', { level });
  }
  // Its flag may already be set by the restore: the alert is still this sign-in's to show.
  for (const id of reward.achievements) {
    store.set(ACHIEVEMENT_FLAGS[id], false);
    showUnlocked(id, store);
  }
}
