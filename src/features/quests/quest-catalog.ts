// What each quest card says and does (SPEC 3 "Quest": title, description, reward, showTimer,
// the Start or action button and its colour), in the order the Quests page lists them.
import type { QuestId } from '@/domain/quests';
import { ROUTES } from '@/lib/routes';

/**
 * What pressing Start does: a 24-hour countdown, a page, the check-in, or a modal; 'link' only
 * leads to a page where the server judges the quest from what the user does there (issue 28).
 */
export type QuestStart = 'timer' | 'page' | 'check-in' | 'modal' | 'link';

export interface QuestCard {
  id: QuestId;
  emoji: string;
  title: string;
  description: string;
  start: QuestStart;
  /** The route a 'page' or 'link' quest opens. */
  route?: string;
  /** The button of a running 24-hour quest, which clears its timer. */
  actionButtonText?: string;
}

export const QUEST_CARDS: readonly QuestCard[] = [
  {
    id: 'eating-out',
    emoji: '\ud83c\udf7d\ufe0f',
    title: 'No Eating Out',
    description:
      'Eat no restaurant food for 24 hours. Your bank transactions are checked when the time is up.',
    start: 'timer',
    actionButtonText: 'Give Up',
  },
  {
    id: 'savings',
    emoji: '\ud83d\udcb0',
    title: 'Move $5 to Savings',
    description: 'Move $5 from checking to savings within 24 hours.',
    start: 'timer',
    actionButtonText: 'Cancel Quest',
  },
  {
    id: 'weekly-check-in',
    emoji: '\ud83d\udcc5',
    title: 'Weekly Check-In',
    description: "Review the past week's spending.",
    start: 'check-in',
  },
  {
    id: 'subscription-checkup',
    emoji: '\u2702\ufe0f',
    title: 'Subscription Check-up',
    description: 'Review each subscription and choose keep or cancel.',
    start: 'link',
    route: ROUTES.bills,
  },
  {
    id: 'yearly-income',
    emoji: '\ud83d\udcbc',
    title: 'Yearly Income',
    description: 'Enter your yearly income to see your 50/30/20 budget.',
    start: 'modal',
  },
  {
    id: 'spending-guesstimate',
    emoji: '\ud83d\udd2e',
    title: 'Spending Guesstimate',
    description: 'Guess how much you spend in a month and see how it compares with your income.',
    start: 'modal',
  },
  {
    id: 'track-spending',
    emoji: '\ud83d\udcdd',
    title: 'Track Spending',
    description: 'Set up a budget: your income and how often you are paid.',
    start: 'modal',
  },
  {
    id: 'top-spending-category',
    emoji: '\ud83c\udff7\ufe0f',
    title: 'Top Spending Category',
    description: 'Name the category you spend the most on.',
    start: 'modal',
  },
  {
    id: 'financial-guru',
    emoji: '\ud83d\udcda',
    title: 'Financial Guru',
    description: 'Read an article about the 50/30/20 budgeting method.',
    start: 'page',
    route: ROUTES.financialGuruArticle,
  },
  {
    id: 'emergency-fund',
    emoji: '\ud83d\udee1\ufe0f',
    title: 'Emergency Fund',
    description: 'Set a goal for 3 to 6 months of expenses.',
    start: 'page',
    route: ROUTES.emergencyFundGoal,
  },
];
