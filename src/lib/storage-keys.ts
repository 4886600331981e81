// Every local-storage key the app uses, exactly as the specification names them. The two the
// signed-out screens read are in account-keys.ts, so that their entry does not carry this table.
import { HAS_SIGNED_IN_KEY, TOKEN_KEY } from './account-keys.ts';

export const STORAGE_KEYS = {
  token: TOKEN_KEY,
  userXp: 'user_xp',
  userLives: 'userLives',
  userGoal: 'userGoal',
  onboardingCompleted: 'onboarding_completed',
  dailyUsageDates: 'daily_usage_dates',
  loginDates: 'login_dates',
  budgetProUnlocked: 'budget_pro_unlocked',
  streakStarterUnlocked: 'streak_starter_unlocked',
  accountMasterUnlocked: 'account_master_unlocked',
  // Not in the spec's key list, which names no flag for Budget Master; it needs one so the
  // achievement (and its 100 XP) is awarded once, like the other three.
  budgetMasterUnlocked: 'budget_master_unlocked',
  // Not in the spec either: Subscription Slayer (issue 28), the fifth achievement, flagged the same way.
  subscriptionSlayerUnlocked: 'subscription_slayer_unlocked',
  budgetIncome: 'budget_income',
  budgetFrequency: 'budget_frequency',
  categoryMatcherResults: 'category_matcher_results',
  yearlyIncome: 'yearly_income',
  yearlyIncomeBudget: 'yearly_income_budget',
  monthlySpendingGuess: 'monthly_spending_guess',
  emergencyFundGoalAmount: 'emergency_fund_goal_amount',
  needsTransactionRefresh: 'needsTransactionRefresh',
  questsInstructionsDismissed: 'quests_instructions_dismissed',
  bankConnectionQuestsDismissed: 'bank_connection_quests_dismissed',
  // Not in the spec: progress events waiting to reach the server (issue 13), each tagged with its
  // user. Logout keeps it, so nothing earned offline is lost; it is sent at that user's next login.
  progressOutbox: 'progress_outbox',
  // Not in the spec: someone has signed in before (account-keys.ts). Logout keeps it.
  hasSignedIn: HAS_SIGNED_IN_KEY,
} as const;

/** Each game's best score (kept at logout, like the spec's other game keys that are not listed). */
export const BEST_SCORE_KEYS = {
  helicopter: 'helicopter_best_score',
  '2048': 'game2048_best_score',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Per-quest state `{ isStarted, timeRemaining }`. */
export const questKey = (id: string) => `quest_${id}`;
/** Per-quest start timestamp (epoch ms), e.g. `quest_timer_savings`. */
export const questTimerKey = (id: string) => `quest_timer_${id}`;
