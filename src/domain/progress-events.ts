// The progress ledger's contract, shared by the client's queue and the server's ledger: one event
// for each change the progression module makes. Events are intent-level, so the server recomputes
// what each pays with the same rules (src/domain/progression.ts) and pays once-only rewards once
// per account, whatever a client claims. Since the server referees the economy (DECISIONS), the
// browser sends only what only it knows (settings, the finished tour, modal quest answers, game
// starts and ends, best scores); the older kinds below (awards, achievements, matcher rounds,
// days) are still read so a queue saved by an older client is answered, event by event, with
// the reason they no longer count.
import type { AchievementId } from './achievements';
import type { Game } from './games';
import type { AwardKind, GameRewardKind } from './progression';
import type { QuestId } from './quests';

/** Most events one POST /api/progress/events may carry; a longer queue is sent in several. */
export const PROGRESS_BATCH_MAX = 100;
/** XP history entries GET /api/progress returns, newest first. */
export const PROGRESS_HISTORY_SIZE = 50;

/** Settings the server keeps for the player, by their local-storage key (SPEC's keys). */
export const PROGRESS_SETTING_KEYS = [
  'userGoal',
  'budget_income',
  'budget_frequency',
  'yearly_income',
  'yearly_income_budget',
  'monthly_spending_guess',
  'emergency_fund_goal_amount',
] as const;
export type ProgressSettingKey = (typeof PROGRESS_SETTING_KEYS)[number];

export type BestScoreGameId = 'helicopter' | '2048';

interface EventBase {
  /** Client-generated UUID (v4); a second event with the same id for the same user is a no-op. */
  id: string;
  /** When it happened on the client, epoch ms. */
  at: number;
}

export type ProgressEventBody =
  /** award(kind); `xp` and `lives` only for 'manual-expense' (the drawn reward). */
  | { type: 'award'; kind: AwardKind; xp?: number; lives?: number }
  /** checkAchievements() unlocked one of the date-driven achievements. */
  | { type: 'achievement'; achievement: Extract<AchievementId, 'streak-starter' | 'budget-pro'> }
  | { type: 'quest-start'; quest: QuestId }
  | { type: 'quest-complete'; quest: QuestId }
  | { type: 'quest-reset'; quest: QuestId }
  | { type: 'game-start'; game: Game['id'] }
  /** A play began without spending a life (Breakout's launch). */
  | { type: 'game-play'; game: Game['id'] }
  | { type: 'game-reward'; kind: GameRewardKind }
  /** A matcher round's XP (+10 a pick, -5 a timeout) and the categories it assigned. */
  | { type: 'matcher'; xp: number; results: Record<string, 'Need' | 'Want' | 'Savings' | 'Income'> }
  | { type: 'best-score'; game: BestScoreGameId; score: number }
  /** A setting changed; null removes it. */
  | { type: 'setting'; key: ProgressSettingKey; value: string | null }
  /** A login or app-use day (drives Streak Starter and Budget Pro), 'YYYY-MM-DD'. */
  | { type: 'day'; kind: 'login' | 'usage'; date: string };

export type ProgressEvent = EventBase & ProgressEventBody;

/** How the server judged one event of a batch. */
export interface EventResult {
  id: string;
  status: 'counted' | 'duplicate' | 'refused';
  /** Why a refused event did not count, in plain words for the player. */
  reason?: string;
  xp: number;
  lives: number;
  /** Lives the rule offered before the 0..5 cap (shown as "+1 life, lives full"). */
  livesOffered: number;
}

/** What a fact the server saw paid, answered with it (an expense, a link, a sync, a sign-in). */
export interface RewardNotice {
  xp: number;
  lives: number;
  livesOffered: number;
  achievements: AchievementId[];
  text: string;
}

/** What the server keeps and GET /api/progress (and POST /api/progress/events) answers. */
export interface ProgressState {
  /**
   * False while the server has received no event of this user: their progress so far lives
   * only in a browser (earned before the server kept it), so a restore must not replace it.
   */
  saved?: boolean;
  xp: number;
  lives: number;
  achievements: AchievementId[];
  onboardingCompleted: boolean;
  /** Per quest: started (with its start time) or completed. Absent means not started. */
  quests: Partial<Record<QuestId, { isStarted: boolean; completed: boolean; startedAt: number | null }>>;
  settings: Partial<Record<ProgressSettingKey, string>>;
  bestScores: Partial<Record<BestScoreGameId, number>>;
  loginDates: string[];
  usageDates: string[];
  /** The user's IANA time zone (from their sign-in): their calendar days are counted in it. */
  timeZone?: string;
  /** The server's own book of what paid when (the referee's once-a-day and once-a-period rules). */
  paid?: {
    loginDay?: string;
    refreshDay?: string;
    expenseDay?: string;
    expenseCount?: number;
    /**
     * Per quest, the period whose reward was paid ('once', 'week:YYYY-MM-DD', 'month:YYYY-MM',
     * 'start:<ms>').
     */
    quests?: Partial<Record<QuestId, string>>;
    /**
     * The last few recurring streams whose cancel paid (issue 28), newest last, bounded by
     * CANCELLED_STREAMS_KEPT; the stream_reviews table's paid_at is the once-ever record.
     */
    streams?: string[];
    /** A cancel review may be waiting for its predicted date: the server checks its bank rows. */
    cancelsWaiting?: boolean;
  };
  /** The last few starts of each arcade game the server saw (its clock), newest last. */
  gameStarts?: Partial<Record<'breakout' | 'helicopter' | '2048', number[]>>;
  /** The last PROGRESS_HISTORY_SIZE changes of XP or lives, newest first, in words. */
  history: { at: number; xp: number; lives: number; text: string }[];
}
