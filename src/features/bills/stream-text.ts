// What the bills view writes about a stream (issue 28): pure, so the words are tested without a page.
import type { BillStream, StreamDecision } from '@/domain/bills';
import { FREQUENCY_TEXT } from '@/domain/bills';
import { formatMoney } from '@/domain/format';

const dayFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayYearFmt = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A YYYY-MM-DD day as "Dec 12" (with the year when it is not `today`'s); null when unreadable. */
export function shortDay(key: string | null, today: string): string | null {
  if (!key || !/^\d{4}-\d{2}-\d{2}$/.test(key)) return null;
  const d = new Date(`${key}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return null;
  return (key.slice(0, 4) === today.slice(0, 4) ? dayFmt : dayYearFmt).format(d);
}

/** The stream's label in words: the user's 50/30/20 label for its merchant, or "Not sorted". */
export function labelText(label: BillStream['label']): string {
  return label ?? 'Not sorted';
}

/** "New" while Plaid is still learning the stream, "Stopped" once it has ended; null when MATURE. */
export function statusText(s: Pick<BillStream, 'status' | 'isActive'>): string | null {
  if (s.status === 'TOMBSTONED' || !s.isActive) return 'Stopped';
  if (s.status === 'EARLY_DETECTION') return 'New';
  return null;
}

/** "$15.49 Monthly" style pieces: how often and the usual amount. */
export function amountText(s: Pick<BillStream, 'averageAmount' | 'frequency'>): string {
  return `${formatMoney(Math.abs(s.averageAmount))} ${FREQUENCY_TEXT[s.frequency].toLowerCase()}`;
}

/** The decision this calendar month (`today` is YYYY-MM-DD in the user's time zone), else null. */
export function decisionThisMonth(s: Pick<BillStream, 'review'>, today: string): StreamDecision | null {
  const r = s.review;
  return r && r.reviewedOn.slice(0, 7) === today.slice(0, 7) ? r.decision : null;
}

/** What became of a stream marked cancel, in words; null when it is not marked cancel. */
export function cancelText(
  s: Pick<BillStream, 'review' | 'predictedNextDate'>,
  today: string,
): string | null {
  const r = s.review;
  if (!r || r.decision !== 'cancel') return null;
  if (r.outcome === 'stopped') return 'Stopped: no charge after you cancelled.';
  if (r.outcome === 'charged-again') return 'Charged again after you cancelled.';
  const day = shortDay(s.predictedNextDate, today);
  return day ? `Cancelled: we'll check it stops after ${day}.` : "Cancelled: we'll check it stops.";
}

/** "2 of 4 reviewed this month". */
export const reviewedText = (reviewed: number, due: number) => `${reviewed} of ${due} reviewed this month`;

/** A share of income as "18% of this month's income". */
export function shareOfIncome(monthly: number, incomeCents: number): string | null {
  if (!(incomeCents > 0)) return null;
  return `${Math.round((monthly * 10_000) / incomeCents)}% of this month's income`;
}
