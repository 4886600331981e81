// Bills and subscriptions (issue 28): the user's recurring streams as the view shows them, each
// with the user's own 50/30/20 label for its merchant, and the Subscription check-up's reviews,
// paid by the referee (progress.within) in the review's own transaction.
import type { AppDeps } from '../deps';
import { conflict, notFound } from '../lib/errors';
import { billsRepo, type ReviewRow, type StreamRow } from '../repositories/bills-repo';
import { progressRepo } from '../repositories/progress-repo';
import { unitOfWork, type Tx } from '../repositories/unit-of-work';
import { notice, type ProgressService } from './progress-service';
import { merchantKey } from './recurring-streams';
import {
  isSubscription,
  monthlyAmount,
  type BillStream,
  type BillsView,
  type StreamDecision,
  type StreamFrequency,
  type StreamStatus,
} from '../../src/domain/bills';
import { isBudgetCategory, type BudgetCategory } from '../../src/domain/categories';
import { NONE, checkupCompleted, dayIn, monthOf, questPeriod, recordHistory } from '../../src/domain/referee';
import type { ProgressState } from '../../src/domain/progress-events';

const parseIds = (raw: string): string[] => {
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/** Outflows first, each by monthly amount (largest first, unknown last), then inflows. */
function byView(a: BillStream, b: BillStream): number {
  if (a.direction !== b.direction) return a.direction === 'outflow' ? -1 : 1;
  const am = a.monthly ?? -1;
  const bm = b.monthly ?? -1;
  if (am !== bm) return bm - am;
  return a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}

export function billsService(deps: Pick<AppDeps, 'db' | 'clock'>, progress: ProgressService) {
  const repo = billsRepo(deps.db);
  const progressRows = progressRepo(deps.db);
  const units = unitOfWork(deps.db);
  const now = () => deps.clock.now().getTime();

  /**
   * Each stream's label: the newest label on the stream's own transactions, else the label most
   * of the user's transactions of the same merchant carry (ties: the newest, then by name).
   */
  async function labelsOf(userId: number, streams: StreamRow[], trx: Tx) {
    const idsOf = new Map(streams.map((s) => [s.stream_id, parseIds(s.transaction_ids)]));
    const own = await repo.labelsOfTransactions(userId, [...idsOf.values()].flat(), trx);
    const ownLabel = new Map<string, string>(); // plaid id -> label, newest first kept
    for (const r of own) if (!ownLabel.has(r.plaid_id)) ownLabel.set(r.plaid_id, r.budget_category);
    const newestOwn = new Map(own.map((r, i) => [r.plaid_id, i]));
    const byMerchant = await repo.labelsByMerchant(userId, streams.map(merchantKey), trx);
    const merchantLabel = new Map<string, { label: string; n: number; latest: string }>();
    for (const r of byMerchant) {
      const n = Number(r.n);
      const best = merchantLabel.get(r.merchant);
      if (
        !best ||
        n > best.n ||
        (n === best.n &&
          (r.latest > best.latest || (r.latest === best.latest && r.budget_category < best.label)))
      )
        merchantLabel.set(r.merchant, { label: r.budget_category, n, latest: r.latest });
    }
    const out = new Map<string, BudgetCategory | null>();
    for (const s of streams) {
      const ids = idsOf.get(s.stream_id) ?? [];
      const newest = ids
        .filter((id) => ownLabel.has(id))
        .sort((a, b) => (newestOwn.get(a) ?? 0) - (newestOwn.get(b) ?? 0))[0];
      const label = newest !== undefined ? ownLabel.get(newest) : merchantLabel.get(merchantKey(s))?.label;
      out.set(s.stream_id, label !== undefined && isBudgetCategory(label) ? label : null);
    }
    return out;
  }

  function toStream(s: StreamRow, label: BudgetCategory | null, review: ReviewRow | undefined): BillStream {
    const averageAmount = Number(s.average_amount_cents) / 100;
    const frequency = s.frequency as StreamFrequency;
    return {
      id: s.stream_id,
      direction: s.direction,
      name: s.merchant_name ?? s.description,
      frequency,
      averageAmount,
      lastAmount: Number(s.last_amount_cents) / 100,
      firstDate: s.first_date,
      lastDate: s.last_date,
      predictedNextDate: s.predicted_next_date,
      status: s.status as StreamStatus,
      isActive: Boolean(s.is_active),
      label,
      monthly: monthlyAmount(averageAmount, frequency),
      review: review
        ? { decision: review.decision, reviewedOn: review.reviewed_on, outcome: review.outcome ?? null }
        : null,
    };
  }

  /** The view, read inside `trx` with the user's progress `state` (its time zone and paid book). */
  async function viewOf(userId: number, state: ProgressState | null, trx: Tx): Promise<BillsView> {
    const t = now();
    const rows = await repo.listStreams(userId, trx);
    const labels = await labelsOf(userId, rows, trx);
    const reviews = await repo.listReviews(userId, trx);
    const updatedAt = await repo.lastUpdated(userId, trx);
    const reviewOf = new Map(reviews.map((r) => [r.stream_id, r]));
    const streams = rows
      .map((s) => toStream(s, labels.get(s.stream_id) ?? null, reviewOf.get(s.stream_id)))
      .sort(byView);
    const month = monthOf(dayIn(t, state?.timeZone));
    const due = streams.filter(isSubscription);
    const period = state ? questPeriod(state, 'subscription-checkup', t) : null;
    return {
      streams,
      updatedAt: updatedAt === null ? null : new Date(updatedAt).toISOString(),
      checkup: {
        due: due.length,
        reviewed: due.filter((s) => s.review && monthOf(s.review.reviewedOn) === month).length,
        paidThisMonth: period !== null && state?.paid?.quests?.['subscription-checkup'] === period,
      },
    };
  }

  return {
    /** GET /api/bills: nothing linked is an empty list, not an error. */
    async view(userId: number): Promise<BillsView> {
      const state = await progressRows.find(userId);
      // SQLite and PostgreSQL read the stream list and its labels from one snapshot.
      return units.run((trx: Tx) => viewOf(userId, state, trx));
    },

    /**
     * POST /api/bills/reviews: stores the decision (a second one this month replaces it and pays
     * nothing more); when every subscription is then reviewed this month, the check-up pays.
     */
    async review(userId: number, input: { streamId: string; decision: StreamDecision }) {
      return units.run(async (trx) => {
        const refereed = await progress.within(userId, trx, async (state, ctx) => {
          const stream = await repo.findStream(userId, input.streamId, trx);
          if (!stream) throw notFound('Stream not found');
          if (stream.direction !== 'outflow' || !stream.is_active)
            throw conflict('Only an active bill or subscription can be reviewed');
          const before = await repo.findReview(userId, stream.stream_id, trx);
          const alreadyPaid = before?.paid_at !== null && before?.paid_at !== undefined;
          const today = dayIn(ctx.now, state.timeZone);
          const outcome =
            input.decision === 'keep'
              ? null
              : alreadyPaid && before?.outcome === 'stopped'
                ? 'stopped'
                : 'waiting';
          await repo.saveReview(
            {
              user_id: userId,
              stream_id: stream.stream_id,
              item_row_id: stream.item_row_id,
              decision: input.decision,
              reviewed_on: today,
              reviewed_at: ctx.now,
              account_id: stream.account_id,
              merchant_name: stream.merchant_name,
              description: stream.description,
              predicted_date_at_review: stream.predicted_next_date,
              last_date_at_review: stream.last_date,
              outcome,
            },
            trx,
          );
          if (outcome === 'waiting') {
            state.paid ??= {};
            state.paid.cancelsWaiting = true;
          }
          let view = await viewOf(userId, state, trx);
          let applied = NONE;
          if (view.checkup.due > 0 && view.checkup.reviewed === view.checkup.due) {
            applied = checkupCompleted(state, ctx.now, monthOf(today));
            recordHistory(state, ctx.now, applied);
            if (applied !== NONE) view = { ...view, checkup: { ...view.checkup, paidThisMonth: true } };
          }
          return { view, applied };
        });
        const { view, applied } = refereed.value;
        return { view, reward: notice(applied), progress: refereed.state };
      });
    },
  };
}
export type BillsService = ReturnType<typeof billsService>;
