// The Learn path's shared contract (issue 34): what the server sends about lessons, questions and
// verdicts, the rewards it pays, and the unlocking rule. The question bank and its answers live on
// the server (server/services/learn-bank.ts); nothing here holds an answer.
import type { Reward } from './progression';

/** A lesson answered all right pays this, once per account (docs/decisions.md). */
export const LESSON_REWARD: Reward = { xp: 20, lives: 2 };
/** A daily Review answered all right pays this, once a day. */
export const REVIEW_REWARD: Reward = { xp: 15, lives: 0 };
/** Questions in the knowledge check, taken before the first lesson and after the last. */
export const CHECK_SIZE = 8;
/** Most cards one daily Review holds; the rest wait for the next day. */
export const REVIEW_MAX = 10;
/** Questions each lesson asks. */
export const LESSON_QUESTIONS = 3;

export type CheckStage = 'before' | 'after';
export type LessonStatus = 'locked' | 'open' | 'finished';

/** A question as the browser sees it before answering: no answer in it. */
export interface PublicQuestion {
  id: string;
  prompt: string;
  choices: string[];
  /** Built from the player's own transactions. */
  personal: boolean;
}

export interface LessonCard {
  heading: string;
  text: string;
  /** An in-app page the card points to (the emergency fund's goal page). */
  link?: { to: string; label: string };
}

export interface LessonSummary {
  id: string;
  number: number;
  title: string;
  summary: string;
  status: LessonStatus;
  /** Every question answered right in one go at least once (its reward was paid). */
  perfect: boolean;
}

export interface LearnOverview {
  lessons: LessonSummary[];
  check: { before: number | null; after: number | null; total: number; next: CheckStage | null };
  review: { due: number; nextDue: string | null; paidToday: boolean };
}

export type AttemptKind = 'lesson' | 'review' | 'check';

/** POST /api/learn/attempts answers this: the cards and questions of one go, no answers. */
export interface AttemptView {
  attemptId: string;
  kind: AttemptKind;
  title: string;
  lessonId: string | null;
  cards: LessonCard[];
  questions: PublicQuestion[];
}

/** What the server answers for one answer: its verdict, then the result when the go is over. */
export interface AnswerVerdict {
  correct: boolean;
  /** The right choice's index, sent only now that the player has answered. */
  answer: number;
  explanation: string;
  done: boolean;
  result?: { right: number; total: number; paid: boolean; text: string };
}

/**
 * The unlocking rule: lesson 1 opens once the first knowledge check is taken, each later lesson
 * once the one before it is finished (every question answered, right or not).
 */
export function lessonStatuses(
  ids: readonly string[],
  finished: ReadonlySet<string>,
  checkTaken: boolean,
): LessonStatus[] {
  return ids.map((id, i) => {
    if (finished.has(id)) return 'finished';
    const open = i === 0 ? checkTaken : finished.has(ids[i - 1]!);
    return open ? 'open' : 'locked';
  });
}

/** Which knowledge check is next: before the first lesson, then after the last one. */
export function nextCheck(
  before: number | null,
  after: number | null,
  allFinished: boolean,
): CheckStage | null {
  if (before === null) return 'before';
  if (allFinished && after === null) return 'after';
  return null;
}

/** "5 of 8 then, 8 of 8 now" (Profile). */
export function checkResultText(before: number | null, after: number | null, total: number): string | null {
  if (before === null) return null;
  if (after === null) return `${before} of ${total} before the lessons`;
  return `${before} of ${total} then, ${after} of ${total} now`;
}
