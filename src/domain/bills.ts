// Bills and subscriptions (issue 28): the recurring streams Plaid detects, as the app shows and
// judges them. Pure: the server stores the streams and referees the Subscription check-up with
// these rules; the view and Home read the same ones. Amounts are positive dollars.
import type { BudgetCategory } from './categories';
import { roundCents } from './budget';
import { dayNumber } from './dates';

export const STREAM_FREQUENCIES = [
  'WEEKLY',
  'BIWEEKLY',
  'SEMI_MONTHLY',
  'MONTHLY',
  'ANNUALLY',
  'UNKNOWN',
] as const;
export type StreamFrequency = (typeof STREAM_FREQUENCIES)[number];
export const STREAM_STATUSES = ['MATURE', 'EARLY_DETECTION', 'TOMBSTONED'] as const;
export type StreamStatus = (typeof STREAM_STATUSES)[number];
export const STREAM_DECISIONS = ['keep', 'cancel'] as const;
export type StreamDecision = (typeof STREAM_DECISIONS)[number];

/** How often, in words, for the view. */
export const FREQUENCY_TEXT: Record<StreamFrequency, string> = {
  WEEKLY: 'Weekly',
  BIWEEKLY: 'Every 2 weeks',
  SEMI_MONTHLY: 'Twice a month',
  MONTHLY: 'Monthly',
  ANNUALLY: 'Yearly',
  UNKNOWN: 'Irregular',
};

/** Occurrences a year of each frequency; UNKNOWN has none that can be trusted. */
const PER_YEAR: Record<StreamFrequency, number | null> = {
  WEEKLY: 52,
  BIWEEKLY: 26,
  SEMI_MONTHLY: 24,
  MONTHLY: 12,
  ANNUALLY: 1,
  UNKNOWN: null,
};

/** A stream's usual amount as a monthly figure; null when its frequency is UNKNOWN. */
export function monthlyAmount(amount: number, frequency: StreamFrequency): number | null {
  const n = PER_YEAR[frequency];
  if (n === null || !Number.isFinite(amount)) return null;
  return roundCents((Math.abs(amount) * n) / 12);
}

/** The Subscription check-up's quest: pays these lives once a calendar month. */
export const CHECKUP_LIVES = 3;
/** A stream marked cancel that then misses its predicted date pays this, once per stream. */
export const CANCELLED_STREAM_REWARD = { xp: 50, lives: 1 } as const;
/** Days after the predicted date before a missing charge counts as missed (banks post late). */
export const MISSED_GRACE_DAYS = 3;
/** Home's line shows when subscriptions take more than this share of the month's Wants. */
export const SUBSCRIPTIONS_WANTS_SHARE = 0.1;

/** What the server tells the browser about one stream. */
export interface BillStream {
  /** Plaid's stream_id. */
  id: string;
  direction: 'inflow' | 'outflow';
  name: string;
  frequency: StreamFrequency;
  averageAmount: number;
  lastAmount: number;
  firstDate: string;
  lastDate: string;
  predictedNextDate: string | null;
  status: StreamStatus;
  isActive: boolean;
  /** The user's 50/30/20 label for the stream's merchant; null while none is given. */
  label: BudgetCategory | null;
  /** `monthlyAmount(averageAmount, frequency)`. */
  monthly: number | null;
  /** The latest keep-or-cancel decision, with what became of a cancel. */
  review: {
    decision: StreamDecision;
    /** YYYY-MM-DD in the user's time zone. */
    reviewedOn: string;
    /** For a cancel: waiting for the predicted date, stopped (paid) or charged again. */
    outcome: 'waiting' | 'stopped' | 'charged-again' | null;
  } | null;
}

/** `GET /api/bills`: the user's streams and the check-up's state. */
export interface BillsView {
  streams: BillStream[];
  /** When the streams were last fetched from the bank (ISO), null when never. */
  updatedAt: string | null;
  checkup: {
    /** Active Want outflow streams to review this month. */
    due: number;
    /** Of those, reviewed this month. */
    reviewed: number;
    /** The lives of this calendar month are paid. */
    paidThisMonth: boolean;
  };
}

/** An active outflow stream labelled Want: what the check-up asks the user to review. */
export const isSubscription = (s: Pick<BillStream, 'direction' | 'isActive' | 'label'>) =>
  s.direction === 'outflow' && s.isActive && s.label === 'Want';
/** An active outflow stream labelled Need. */
export const isBill = (s: Pick<BillStream, 'direction' | 'isActive' | 'label'>) =>
  s.direction === 'outflow' && s.isActive && s.label === 'Need';

/** The monthly totals of active bills (Needs) and subscriptions (Wants). */
export function monthlyTotals(streams: readonly BillStream[]): { bills: number; subscriptions: number } {
  let bills = 0;
  let subscriptions = 0;
  for (const s of streams) {
    if (s.monthly === null) continue;
    if (isBill(s)) bills += s.monthly;
    else if (isSubscription(s)) subscriptions += s.monthly;
  }
  return { bills: roundCents(bills), subscriptions: roundCents(subscriptions) };
}

/** True when Home should say that subscriptions take more than a tenth of the month's Wants. */
export function subscriptionsLeak(subscriptionsMonthly: number, monthWants: number): boolean {
  return monthWants > 0 && subscriptionsMonthly > monthWants * SUBSCRIPTIONS_WANTS_SHARE;
}

/**
 * A stream marked cancel has missed its predicted date when `today` is more than
 * MISSED_GRACE_DAYS past it and no charge of the stream is dated after `lastDateAtReview`.
 * Dates are YYYY-MM-DD; false when any is unreadable.
 */
export function missedPredictedDate(input: {
  predictedDate: string;
  lastDateAtReview: string;
  today: string;
  chargeDatesSince: readonly string[];
}): boolean {
  const predicted = dayNumber(input.predictedDate);
  const last = dayNumber(input.lastDateAtReview);
  const today = dayNumber(input.today);
  if (predicted === null || last === null || today === null) return false;
  if (today - predicted <= MISSED_GRACE_DAYS) return false;
  return !input.chargeDatesSince.some((d) => {
    const n = dayNumber(d);
    return n !== null && n > last;
  });
}
