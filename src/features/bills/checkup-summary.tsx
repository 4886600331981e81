// The Subscription check-up's line on the view: how many of this month's subscriptions are
// reviewed, and once all are, that the month's lives are paid (the notice itself comes through
// the progression module, with the server's answer).
import type { BillsView } from '@/domain/bills';
import { CHECKUP_LIVES, CANCELLED_STREAM_REWARD } from '@/domain/bills';
import { reviewedText } from './stream-text';

export function CheckupSummary({ view }: { view: BillsView }) {
  const { due, reviewed, paidThisMonth } = view.checkup;
  if (due === 0) return null;
  const done = reviewed >= due;
  return (
    <section className="card checkup" aria-labelledby="checkup-heading">
      <h2 id="checkup-heading">Subscription check-up</h2>
      <p>
        Mark each subscription Keep or Cancel below. Reviewing them all pays {CHECKUP_LIVES} lives once a
        month; a subscription you cancel that then stops charging pays {CANCELLED_STREAM_REWARD.xp} XP and{' '}
        {CANCELLED_STREAM_REWARD.lives} {CANCELLED_STREAM_REWARD.lives === 1 ? 'life' : 'lives'}.
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-label="Subscriptions reviewed"
        aria-valuemin={0}
        aria-valuemax={due}
        aria-valuenow={reviewed}
      >
        <span style={{ width: `${Math.round((Math.min(reviewed, due) * 100) / due)}%` }} />
      </div>
      <p className="checkup-count" aria-live="polite" data-testid="checkup-count">
        {reviewedText(Math.min(reviewed, due), due)}
        {done && (paidThisMonth ? ': check-up done, lives paid.' : ': check-up done.')}
      </p>
    </section>
  );
}
