// The game economy's rules as the server applies them (DECISIONS, "The server is the referee"):
// each function takes the user's progress state (a copy the caller owns and then saves), the
// server's own clock reading and the fact the server saw, and answers what it paid or why it
// refused. Amounts are the spec's; nothing here trusts a number a browser sent.
import { hasLoginStreak, hasUsageDays, type AchievementId } from './achievements';
import { DAILY_USAGE_KEEP, LOGIN_DATES_KEEP } from './categories';
import { dayNumber } from './dates';
import { CANCELLED_STREAM_REWARD } from './bills';
import { gameById, type Game } from './games';
import { PICK_XP, TIMEOUT_XP } from './matcher';
import {
  FIXED_REWARDS,
  GAME_REWARDS,
  achievementXp,
  applyReward,
  gameStart,
  questReward,
  type Reward,
} from './progression';
import {
  PROGRESS_HISTORY_SIZE,
  type BestScoreGameId,
  type ProgressSettingKey,
  type ProgressState,
} from './progress-events';
import {
  TIMED_QUEST_SECONDS,
  isTimedQuest,
  isRestaurantLike,
  isSavingsTransfer,
  SAVINGS_MIN_AMOUNT,
  type CheckedTransaction,
  type QuestId,
  type TimedQuestId,
} from './quests';

/** At most this many manual expenses a day pay their drawn reward. */
export const EXPENSE_REWARDS_PER_DAY = 3;
/** Game starts the state remembers per game (what wins and best scores are judged against). */
export const GAME_STARTS_KEPT = 5;
/** How long after a start a win or best score may still be judged against it. */
export const GAME_START_VALID_MS = 24 * 60 * 60_000;
/** The saved progress row never grows past this (it holds only fixed keys and bounded lists). */
export const PROGRESS_STATE_MAX_BYTES = 16 * 1024;
export const DEFAULT_TIME_ZONE = 'UTC';
const TIMED_QUEST_MS = TIMED_QUEST_SECONDS * 1000;

/** What one judged fact did: the XP and lives applied (after clamping), and in words. */
export interface Applied {
  xp: number;
  lives: number;
  text: string;
  /** Achievements unlocked by it (their XP is in `xp`). */
  achievements: AchievementId[];
  /** Lives the rule gave before the 0..5 cap cut them (equal to `lives` when nothing was cut). */
  livesOffered: number;
}
export type Verdict = { counted: true; applied: Applied } | { counted: false; reason: string };

export const NONE: Applied = { xp: 0, lives: 0, text: '', achievements: [], livesOffered: 0 };
const counted = (applied: Applied = NONE): Verdict => ({ counted: true, applied });
const refused = (reason: string): Verdict => ({ counted: false, reason });

const ACHIEVEMENT_NAMES: Record<AchievementId, string> = {
  'budget-master': 'Budget Master',
  'streak-starter': 'Streak Starter',
  'account-master': 'Account Master',
  'budget-pro': 'Budget Pro',
  'subscription-slayer': 'Subscription Slayer',
};

/** "+25 XP · bank connected", "−1 life · Breakout started", "+3 lives +50 XP · quest completed". */
export function describeChange(xp: number, lives: number, why: string): string {
  const sign = (n: number) => (n < 0 ? `\u2212${-n}` : `+${n}`);
  const parts: string[] = [];
  if (xp !== 0) parts.push(`${sign(xp)} XP`);
  if (lives !== 0) parts.push(`${sign(lives)} ${Math.abs(lives) === 1 ? 'life' : 'lives'}`);
  return `${parts.join(' ')} \u00b7 ${why}`;
}

// ---- Days in the user's time zone ---------------------------------------------------------------

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** Whether `tz` is a time zone this runtime knows (an IANA name such as 'Europe/Paris'). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** 'YYYY-MM-DD' of instant `t` in time zone `tz` (UTC when unknown). */
export function dayIn(t: number, tz: string = DEFAULT_TIME_ZONE): string {
  let f = dayFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: isTimeZone(tz) ? tz : DEFAULT_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (dayFormats.size < 500) dayFormats.set(tz, f);
  }
  return f.format(new Date(t));
}

/** The Monday that starts the ISO week of day `day` ('YYYY-MM-DD'): one key per calendar week. */
export function weekOf(day: string): string {
  const n = dayNumber(day) ?? 0;
  // Day 0 (1970-01-01) was a Thursday: (n + 3) % 7 is 0 on Mondays.
  const monday = n - ((n + 3) % 7);
  return new Date(monday * 86_400_000).toISOString().slice(0, 10);
}

/** The calendar month 'YYYY-MM' of day `day` ('YYYY-MM-DD'). */
export const monthOf = (day: string) => day.slice(0, 7);

const today = (state: ProgressState, t: number) => dayIn(t, state.timeZone);

/** Today in the user's time zone ('YYYY-MM-DD'), as the referee counts their days. */
export const userDay = today;

// ---- Paying ----------------------------------------------------------------------------------

/** Applies `reward` (clamped) to `state` and says what it did. */
export function pay(state: ProgressState, reward: Reward, why: string): Applied {
  const before = { xp: state.xp, lives: state.lives };
  const after = applyReward(before, reward);
  state.xp = after.xp;
  state.lives = after.lives;
  const xp = after.xp - before.xp;
  const lives = after.lives - before.lives;
  return {
    xp,
    lives,
    text: xp || lives ? describeChange(xp, lives, why) : '',
    achievements: [],
    livesOffered: reward.lives,
  };
}

/** Two changes as one. */
export function join(a: Applied, b: Applied | null): Applied {
  if (!b) return a;
  return {
    xp: a.xp + b.xp,
    lives: a.lives + b.lives,
    text: [a.text, b.text].filter(Boolean).join('; '),
    achievements: [...a.achievements, ...b.achievements],
    livesOffered: a.livesOffered + b.livesOffered,
  };
}

/** Unlocks `id` once, paying its XP; null when it was already unlocked. */
export function unlock(state: ProgressState, id: AchievementId): Applied | null {
  if (state.achievements.includes(id)) return null;
  state.achievements.push(id);
  const applied = pay(state, { xp: achievementXp(id), lives: 0 }, `${ACHIEVEMENT_NAMES[id]} unlocked`);
  return { ...applied, achievements: [id] };
}

function addDate(list: readonly string[], date: string, keep: number): string[] {
  return [...new Set([...list, date])].sort().slice(-keep);
}

/** Streak Starter and Budget Pro, from the server's own days. */
function dayAchievements(state: ProgressState): Applied | null {
  let out: Applied | null = null;
  if (hasLoginStreak(state.loginDates)) {
    const a = unlock(state, 'streak-starter');
    if (a) out = join(out ?? NONE, a);
  }
  if (hasUsageDays(state.usageDates)) {
    const a = unlock(state, 'budget-pro');
    if (a) out = join(out ?? NONE, a);
  }
  return out;
}

// ---- Sign-in and use -------------------------------------------------------------------------

/**
 * A sign-in the server just accepted: records the login and usage day; an existing account's
 * first sign-in of the day pays LOGIN_XP. Registering pays nothing (a new account starts at 0, SPEC
 * 4 "Auth") and does not use the day's +10: a sign-in later that day still pays it.
 */
export function signIn(
  state: ProgressState,
  t: number,
  kind: 'new' | 'existing',
  timeZone?: string,
): Applied {
  if (timeZone && isTimeZone(timeZone)) state.timeZone = timeZone;
  const day = today(state, t);
  state.loginDates = addDate(state.loginDates, day, LOGIN_DATES_KEEP);
  state.usageDates = addDate(state.usageDates, day, DAILY_USAGE_KEEP);
  state.paid ??= {};
  let applied = NONE;
  if (kind === 'existing' && state.paid.loginDay !== day) {
    state.paid.loginDay = day;
    applied = pay(state, FIXED_REWARDS.login, 'daily login');
  }
  return join(applied, dayAchievements(state));
}

/** The app was used today (a signed-in start): the usage day, and Budget Pro when it is earned. */
export function recordUsage(state: ProgressState, t: number): Applied | null {
  const day = today(state, t);
  if (state.usageDates.includes(day)) return null;
  state.usageDates = addDate(state.usageDates, day, DAILY_USAGE_KEEP);
  return dayAchievements(state) ?? NONE;
}

// ---- Money facts -------------------------------------------------------------------------------

/** A manual expense was stored: its drawn reward is paid while fewer than 3 paid today. */
export function expenseStored(
  state: ProgressState,
  t: number,
  draw: Reward,
): { applied: Applied; day: string } | null {
  const day = today(state, t);
  state.paid ??= {};
  const count = state.paid.expenseDay === day ? (state.paid.expenseCount ?? 0) : 0;
  if (count >= EXPENSE_REWARDS_PER_DAY) return null;
  state.paid.expenseDay = day;
  state.paid.expenseCount = count + 1;
  return { applied: pay(state, draw, 'expense added'), day };
}

/** A rewarded expense was deleted: on the day it paid, its applied reward is taken back. */
export function expenseDeleted(
  state: ProgressState,
  t: number,
  paid: { day: string; xp: number; lives: number },
) {
  const day = today(state, t);
  if (paid.day !== day) return null;
  state.paid ??= {};
  if (state.paid.expenseDay === day)
    state.paid.expenseCount = Math.max(0, (state.paid.expenseCount ?? 1) - 1);
  return pay(state, { xp: -paid.xp, lives: -paid.lives }, 'expense deleted');
}

/** An exchange linked an institution: +25 when it is new to this account; Account Master once. */
export function institutionLinked(state: ProgressState, isNew: boolean): Applied {
  const base = isNew ? pay(state, FIXED_REWARDS['bank-connected'], 'bank connected') : NONE;
  return join(base, unlock(state, 'account-master'));
}

/** A sync of the user's bank: 'Refresh Data' pays once a day. */
export function bankRefreshed(state: ProgressState, t: number): Applied {
  const day = today(state, t);
  state.paid ??= {};
  if (state.paid.refreshDay === day) return NONE;
  state.paid.refreshDay = day;
  return pay(state, FIXED_REWARDS['bank-refresh'], 'bank data refreshed');
}

/** Matcher labels the server stored on the user's own, never-paid, uncategorised transactions. */
export function matcherPaid(state: ProgressState, picks: number, timeouts: number): Applied {
  if (picks === 0 && timeouts === 0) return NONE;
  return pay(state, { xp: picks * PICK_XP + timeouts * TIMEOUT_XP, lives: 0 }, 'Category Matcher round');
}

// ---- Quests ----------------------------------------------------------------------------------

/** The period a quest pays once in: per start for the 24-hour quests, per week, or ever. */
export function questPeriod(state: ProgressState, id: QuestId, t: number): string {
  if (id === 'weekly-check-in') return `week:${weekOf(today(state, t))}`;
  if (id === 'subscription-checkup') return `month:${monthOf(today(state, t))}`;
  if (isTimedQuest(id)) return `start:${state.quests[id]?.startedAt ?? 'none'}`;
  return 'once';
}

/** Completes quest `id` and pays it, unless its period was paid (then it shows completed, for 0). */
export function completeQuestNow(state: ProgressState, id: QuestId, t: number): Applied {
  const period = questPeriod(state, id, t);
  state.quests[id] = { isStarted: false, completed: true, startedAt: null };
  state.paid ??= {};
  const paidQuests = (state.paid.quests ??= {});
  if (paidQuests[id] === period) return NONE;
  paidQuests[id] = period;
  return pay(state, questReward(id), 'quest completed');
}

export interface QuestContext {
  hasBank: boolean;
}

/** A quest's Start, on the server's clock. */
export function questStart(state: ProgressState, id: QuestId, t: number, ctx: QuestContext): Verdict {
  // The check-up has nothing to start: the server completes it from the reviews it stores.
  if (id === 'subscription-checkup')
    return ctx.hasBank ? counted() : refused('This quest needs a connected bank');
  if ((isTimedQuest(id) || id === 'weekly-check-in') && !ctx.hasBank)
    return refused('This quest needs a connected bank');
  if (id === 'weekly-check-in') return completeQuestOnce(state, id, t);
  const q = state.quests[id];
  if (q?.isStarted && !(isTimedQuest(id) && q.startedAt === null)) return counted();
  // A completed quest that pays once ever stays completed: starting it again changes nothing.
  if (q?.completed && questPeriod(state, id, t) === 'once' && state.paid?.quests?.[id] === 'once')
    return counted();
  state.quests[id] = { isStarted: true, completed: false, startedAt: t };
  return counted();
}

function completeQuestOnce(state: ProgressState, id: QuestId, t: number): Verdict {
  return counted(completeQuestNow(state, id, t));
}

/** A browser says it completed quest `id`: only the quests whose answer only it knows. */
export function questComplete(state: ProgressState, id: QuestId, t: number, ctx: QuestContext): Verdict {
  if (isTimedQuest(id)) return refused('This quest is completed by the server when it checks your bank data');
  if (id === 'subscription-checkup')
    return refused('This quest is completed by the server when every subscription is reviewed this month');
  if (id === 'weekly-check-in') {
    if (!ctx.hasBank) return refused('This quest needs a connected bank');
    return completeQuestOnce(state, id, t);
  }
  return completeQuestOnce(state, id, t);
}

// ---- Bills and subscriptions (issue 28) ---------------------------------------------------------

/** How many paid cancelled streams the state remembers (the table's paid_at remembers them all). */
export const CANCELLED_STREAMS_KEPT = 20;

/**
 * Every subscription of month `monthKey` ('YYYY-MM') is reviewed (the server counted the reviews
 * it stores): the Subscription Check-up completes and pays once per calendar month in the user's
 * time zone. A month that is not the current one (a count that straddled midnight) pays nothing.
 */
export function checkupCompleted(state: ProgressState, t: number, monthKey: string): Applied {
  if (monthOf(today(state, t)) !== monthKey) return NONE;
  return completeQuestNow(state, 'subscription-checkup', t);
}

/**
 * A stream the user marked cancel missed its predicted date (the server judged it on its own
 * stored transactions): CANCELLED_STREAM_REWARD once per stream, and Subscription Slayer once.
 */
export function cancelledStreamStopped(state: ProgressState, _t: number, streamId: string): Applied {
  state.paid ??= {};
  const paidStreams = state.paid.streams ?? [];
  if (paidStreams.includes(streamId)) return NONE;
  state.paid.streams = [...paidStreams, streamId].slice(-CANCELLED_STREAMS_KEPT);
  const base = pay(state, { ...CANCELLED_STREAM_REWARD }, 'cancelled subscription stopped');
  return join(base, unlock(state, 'subscription-slayer'));
}

/** Reset (or the timed quests' stop): back to not started; what was paid stays paid. */
export function questReset(state: ProgressState, id: QuestId): Verdict {
  delete state.quests[id];
  return counted();
}

export type QuestOutcome = { quest: TimedQuestId; outcome: 'passed' | 'failed' };

/**
 * The 24-hour quests on the server's clock, against the server's own stored transactions:
 * savings completes as soon as a settled transfer of at least $5 dated on or after its start
 * day is seen; at expiry eating-out passes when no settled restaurant-like transaction fell in
 * its 24 hours, and a quest that did not pass returns to not started. Without a bank nothing
 * can pass.
 */
export function checkTimedQuests(
  state: ProgressState,
  t: number,
  transactions: readonly CheckedTransaction[],
  ctx: QuestContext,
): { outcomes: QuestOutcome[]; applied: Applied } {
  const outcomes: QuestOutcome[] = [];
  let applied = NONE;
  for (const id of ['savings', 'eating-out'] as const) {
    const q = state.quests[id];
    if (!q?.isStarted || q.startedAt === null) continue;
    const start = q.startedAt;
    const end = start + TIMED_QUEST_MS;
    const settled = transactions.filter((tx) => !tx.pending);
    const startDay = dayIn(start, state.timeZone);
    const endDay = dayIn(end, state.timeZone);
    const inWindow = (tx: CheckedTransaction) => {
      const at = tx.datetime ? Date.parse(tx.datetime) : NaN;
      if (Number.isFinite(at)) return at >= start && at <= end;
      return typeof tx.date === 'string' && tx.date >= startDay && tx.date <= endDay;
    };
    let passed: boolean | null = null;
    if (id === 'savings' && ctx.hasBank && settled.some((tx) => inWindow(tx) && movesToSavings(tx)))
      passed = true;
    else if (t >= end)
      passed =
        ctx.hasBank && id === 'eating-out' && !settled.some((tx) => inWindow(tx) && isRestaurantLike(tx));
    if (passed === null) continue;
    if (passed) applied = join(applied, completeQuestNow(state, id, t));
    else delete state.quests[id];
    outcomes.push({ quest: id, outcome: passed ? 'passed' : 'failed' });
  }
  return { outcomes, applied };
}

/**
 * A move of at least $5 to savings: SPEC 4's transfer by name, or money of at least $5 arriving
 * in one of the user's own savings-type accounts (DECISIONS: savings that count, issue 24).
 */
function movesToSavings(tx: CheckedTransaction): boolean {
  if (isSavingsTransfer(tx)) return true;
  return tx.onSavingsAccount === true && Math.round(-tx.amount * 100) >= SAVINGS_MIN_AMOUNT * 100;
}

/** Whether a timed quest is running, so a request has a bank check worth loading data for. */
export function hasRunningTimedQuest(state: ProgressState): boolean {
  return (['savings', 'eating-out'] as const).some((id) => state.quests[id]?.isStarted);
}

/**
 * What the games' physics allow, derived by the server from the games' own constants
 * (server/services/game-limits.ts): domain/ does not import games/.
 */
export interface GameLimits {
  /** No Breakout game can clear all 35 bricks sooner than this after its start. */
  breakoutMinClearMs: number;
  /** Helicopter scores at most one point per this many ms of play. */
  helicopterMsPerPoint: number;
  /** The highest score a 2048 board can reach. */
  max2048Score: number;
}

// ---- Games -----------------------------------------------------------------------------------

type ArcadeGame = Exclude<Game['id'], 'category-matcher'>;
const isArcade = (g: Game['id']): g is ArcadeGame => g !== 'category-matcher';

/** A play's start: refused below the game's unlock XP or without lives; spends its life. */
export function gameStarted(state: ProgressState, game: Game['id'], t: number): Verdict {
  const { unlockXP, title } = gameById(game);
  if (state.xp < unlockXP) return refused(`${title} unlocks at ${unlockXP} XP`);
  const { result, cost } = gameStart(game, state.lives);
  if (result !== 'started') return refused(result);
  if (!isArcade(game) || cost === 0) return counted();
  state.gameStarts ??= {};
  state.gameStarts[game] = [...(state.gameStarts[game] ?? []), t].slice(-GAME_STARTS_KEPT);
  // Breakout spends its lives per missed ball; the others one a game (the history says which).
  const why = game === 'breakout' ? 'Breakout: ball missed' : `${title} started`;
  return counted(pay(state, { xp: 0, lives: -cost }, why));
}

/**
 * A play that began without spending a life (Breakout's launch): refused below the unlock XP or
 * without lives, like a start; remembered as a start the server saw, for a later win.
 */
export function gamePlayed(state: ProgressState, game: Game['id'], t: number): Verdict {
  const { unlockXP, title } = gameById(game);
  if (state.xp < unlockXP) return refused(`${title} unlocks at ${unlockXP} XP`);
  if (!isArcade(game)) return counted();
  const { result } = gameStart(game, state.lives);
  if (result !== 'started') return refused(result);
  state.gameStarts ??= {};
  state.gameStarts[game] = [...(state.gameStarts[game] ?? []), t].slice(-GAME_STARTS_KEPT);
  return counted();
}

/**
 * A Breakout win pays only for a start the server saw at least `breakoutMinClearMs` before
 * (the ball cannot clear 35 bricks sooner) and within a day; it uses up the starts it judged.
 */
export function breakoutWon(state: ProgressState, t: number, limits: GameLimits): Verdict {
  const min = limits.breakoutMinClearMs;
  const starts = state.gameStarts?.breakout ?? [];
  const valid = starts.filter((s) => s <= t - min && s >= t - GAME_START_VALID_MS);
  if (valid.length === 0) {
    return refused(
      starts.length === 0
        ? 'The server saw no start of this game (a win played offline is not paid)'
        : 'A win needs the time to clear every brick after a start the server saw',
    );
  }
  state.gameStarts = { ...state.gameStarts, breakout: starts.filter((s) => s > t - min) };
  return counted(pay(state, GAME_REWARDS['breakout-win'], 'Breakout cleared'));
}

/** The highest score a game allows `ms` after its earliest remembered start. */
export function reachableScore(game: BestScoreGameId, ms: number, limits: GameLimits): number {
  if (game === 'helicopter') return Math.floor(Math.max(0, ms) / limits.helicopterMsPerPoint) + 1;
  return limits.max2048Score;
}

/** A best score: kept when a start of that game was seen and the game could reach it. */
export function bestScore(
  state: ProgressState,
  game: BestScoreGameId,
  score: number,
  t: number,
  limits: GameLimits,
): Verdict {
  const starts = state.gameStarts?.[game] ?? [];
  if (score > (state.bestScores[game] ?? 0)) {
    if (starts.length === 0) return refused('The server saw no start of this game');
    if (score > reachableScore(game, t - Math.min(...starts), limits))
      return refused('This score is more than the game allows');
    state.bestScores[game] = score;
  }
  return counted();
}

// ---- What only the browser knows --------------------------------------------------------------

/** The settings that create a budget (DECISIONS: they unlock Budget Master). */
const BUDGET_KEYS: readonly ProgressSettingKey[] = ['budget_income', 'yearly_income_budget'];

export function settingChanged(state: ProgressState, key: ProgressSettingKey, value: string | null): Verdict {
  if (value === null) delete state.settings[key];
  else state.settings[key] = value;
  if (value !== null && BUDGET_KEYS.includes(key)) return counted(unlock(state, 'budget-master') ?? NONE);
  return counted();
}

export function onboardingFinished(state: ProgressState): Verdict {
  if (state.onboardingCompleted) return counted();
  state.onboardingCompleted = true;
  return counted(pay(state, FIXED_REWARDS.onboarding, 'onboarding completed'));
}

/** Adds an applied change to the state's history (newest first, bounded). */
export function recordHistory(state: ProgressState, at: number, applied: Applied): void {
  if (!applied.text) return;
  state.history = [{ at, xp: applied.xp, lives: applied.lives, text: applied.text }, ...state.history].slice(
    0,
    PROGRESS_HISTORY_SIZE,
  );
}
