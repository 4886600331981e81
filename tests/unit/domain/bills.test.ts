// The bills domain's pure rules (issue 28): monthly figures, what counts as a bill or a
// subscription, the totals, Home's leak line and the missed-date rule.
import { describe, expect, it } from 'vitest';
import {
  MISSED_GRACE_DAYS,
  isBill,
  isSubscription,
  missedPredictedDate,
  monthlyAmount,
  monthlyTotals,
  subscriptionsLeak,
  type BillStream,
} from '@/domain/bills';

const stream = (over: Partial<BillStream>): BillStream => ({
  id: 's',
  direction: 'outflow',
  name: 'Netflix',
  frequency: 'MONTHLY',
  averageAmount: 15.99,
  lastAmount: 15.99,
  firstDate: '2025-01-05',
  lastDate: '2025-03-05',
  predictedNextDate: '2025-04-05',
  status: 'MATURE',
  isActive: true,
  label: 'Want',
  monthly: 15.99,
  review: null,
  ...over,
});

describe('monthlyAmount', () => {
  it('scales each frequency to a month, in cents, and ignores the sign', () => {
    expect(monthlyAmount(10, 'WEEKLY')).toBe(43.33);
    expect(monthlyAmount(100, 'BIWEEKLY')).toBe(216.67);
    expect(monthlyAmount(50, 'SEMI_MONTHLY')).toBe(100);
    expect(monthlyAmount(-15.99, 'MONTHLY')).toBe(15.99);
    expect(monthlyAmount(120, 'ANNUALLY')).toBe(10);
  });
  it('is null for UNKNOWN or an amount that is not a number', () => {
    expect(monthlyAmount(10, 'UNKNOWN')).toBeNull();
    expect(monthlyAmount(Number.NaN, 'MONTHLY')).toBeNull();
  });
});

describe('bills and subscriptions', () => {
  it('a subscription is an active outflow labelled Want; a bill an active outflow labelled Need', () => {
    expect(isSubscription(stream({}))).toBe(true);
    expect(isSubscription(stream({ isActive: false }))).toBe(false);
    expect(isSubscription(stream({ direction: 'inflow' }))).toBe(false);
    expect(isSubscription(stream({ label: null }))).toBe(false);
    expect(isBill(stream({ label: 'Need' }))).toBe(true);
    expect(isBill(stream({}))).toBe(false);
  });
  it('totals the monthly figures of active bills and subscriptions only', () => {
    const totals = monthlyTotals([
      stream({ monthly: 15.99 }),
      stream({ monthly: 10.01 }),
      stream({ label: 'Need', monthly: 1200 }),
      stream({ label: 'Need', monthly: 50, isActive: false }),
      stream({ label: 'Want', monthly: null }),
      stream({ direction: 'inflow', label: 'Income', monthly: 4000 }),
    ]);
    expect(totals).toEqual({ bills: 1200, subscriptions: 26 });
  });
  it("Home's line shows when subscriptions take more than a tenth of the month's Wants", () => {
    expect(subscriptionsLeak(31, 300)).toBe(true);
    expect(subscriptionsLeak(30, 300)).toBe(false);
    expect(subscriptionsLeak(10, 0)).toBe(false);
  });
});

describe('missedPredictedDate', () => {
  const base = { predictedDate: '2025-04-05', lastDateAtReview: '2025-03-05', chargeDatesSince: [] };
  it(`is false until more than ${MISSED_GRACE_DAYS} days after the predicted date`, () => {
    expect(missedPredictedDate({ ...base, today: '2025-04-05' })).toBe(false);
    expect(missedPredictedDate({ ...base, today: '2025-04-08' })).toBe(false);
    expect(missedPredictedDate({ ...base, today: '2025-04-09' })).toBe(true);
  });
  it('is false when a charge came after the last one seen at review', () => {
    expect(missedPredictedDate({ ...base, today: '2025-04-20', chargeDatesSince: ['2025-04-06'] })).toBe(
      false,
    );
    expect(missedPredictedDate({ ...base, today: '2025-04-20', chargeDatesSince: ['2025-03-05'] })).toBe(
      true,
    );
  });
  it('is false when a date is unreadable', () => {
    expect(missedPredictedDate({ ...base, predictedDate: 'soon', today: '2025-05-01' })).toBe(false);
    expect(missedPredictedDate({ ...base, today: '2025-13-45' })).toBe(false);
  });
});
