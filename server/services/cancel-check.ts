// The missed-date check of the Subscription check-up (issue 28), run by the referee after every
// change of a user's progress (progress-service `within`): each stream the user marked cancel is
// judged on the server's own stored transactions of its account and merchant. A charge dated
// after the last one seen at the review makes it 'charged-again' (nothing paid); no charge more
// than MISSED_GRACE_DAYS after its predicted date makes it 'stopped' and pays
// CANCELLED_STREAM_REWARD once per stream ever, with Subscription Slayer once. "Today" is the
// user's day on the server's clock, but never later than the day the item's data was last fetched
// (its streams' stamp: a login that expired, a webhook that changed only its status, prove nothing).
// A stream Plaid gave no predicted date stays waiting until it charges again.
import type { BillsRepo } from '../repositories/bills-repo';
import type { Tx } from '../repositories/unit-of-work';
import { merchantKey } from './recurring-streams';
import { missedPredictedDate } from '../../src/domain/bills';
import { NONE, cancelledStreamStopped, dayIn, join, type Applied } from '../../src/domain/referee';
import type { ProgressState } from '../../src/domain/progress-events';

/** Whether the state says a cancel may be waiting (a hint; the table is the truth). */
export const mayHaveWaitingCancels = (state: ProgressState) => state.paid?.cancelsWaiting === true;

export async function checkCancels(
  repo: BillsRepo,
  userId: number,
  state: ProgressState,
  t: number,
  trx: Tx,
): Promise<Applied> {
  const waiting = await repo.waitingCancels(userId, trx);
  let applied = NONE;
  let still = 0;
  const today = dayIn(t, state.timeZone);
  for (const r of waiting) {
    const charges = await repo.chargeDates(userId, r.account_id, merchantKey(r), r.last_date_at_review, trx);
    if (charges.length > 0) {
      await repo.setOutcome(userId, r.stream_id, 'charged-again', null, trx);
      continue;
    }
    const syncedAt = await repo.itemSyncedAt(userId, r.item_row_id, trx);
    const syncedDay = syncedAt === null ? null : dayIn(syncedAt, state.timeZone);
    const judgedDay = syncedDay !== null && syncedDay < today ? syncedDay : today;
    const missed =
      syncedDay !== null &&
      r.predicted_date_at_review !== null &&
      missedPredictedDate({
        predictedDate: r.predicted_date_at_review,
        lastDateAtReview: r.last_date_at_review,
        today: judgedDay,
        chargeDatesSince: charges,
      });
    if (!missed) {
      still++;
      continue;
    }
    const payable = r.paid_at === null || r.paid_at === undefined;
    await repo.setOutcome(userId, r.stream_id, 'stopped', payable ? t : null, trx);
    if (payable) applied = join(applied, cancelledStreamStopped(state, t, r.stream_id));
  }
  if (still === 0 && state.paid) delete state.paid.cancelsWaiting;
  return applied;
}
