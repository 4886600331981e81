// Issue 28: what the bills view writes about a stream.
import { describe, expect, it } from 'vitest';
import {
  amountText,
  cancelText,
  decisionThisMonth,
  labelText,
  shareOfIncome,
  shortDay,
  statusText,
} from '@/features/bills/stream-text';

const TODAY = '2026-11-24';
const review = (
  decision: 'keep' | 'cancel',
  reviewedOn: string,
  outcome: 'waiting' | 'stopped' | 'charged-again' | null = null,
) => ({
  decision,
  reviewedOn,
  outcome,
});

describe('the stream in words', () => {
  it('when the next date is this year, then it reads "Dec 12"; another year shows the year', () => {
    expect(shortDay('2026-12-12', TODAY)).toBe('Dec 12');
    expect(shortDay('2027-01-03', TODAY)).toBe('Jan 3, 2027');
    expect(shortDay(null, TODAY)).toBeNull();
    expect(shortDay('2026-13-01', TODAY)).toBeNull();
  });
  it('when a stream has no label, then it says Not sorted', () => {
    expect(labelText(null)).toBe('Not sorted');
    expect(labelText('Want')).toBe('Want');
  });
  it('when a stream is new or ended, then its status says so in words', () => {
    expect(statusText({ status: 'EARLY_DETECTION', isActive: true })).toBe('New');
    expect(statusText({ status: 'TOMBSTONED', isActive: false })).toBe('Stopped');
    expect(statusText({ status: 'MATURE', isActive: false })).toBe('Stopped');
    expect(statusText({ status: 'MATURE', isActive: true })).toBeNull();
  });
  it('amount and frequency read as "$15.49 monthly"', () => {
    expect(amountText({ averageAmount: 15.49, frequency: 'MONTHLY' })).toBe('$15.49 monthly');
    expect(amountText({ averageAmount: -1950, frequency: 'BIWEEKLY' })).toBe('$1,950.00 every 2 weeks');
  });
  it('the share of income is whole percent of this month', () => {
    expect(shareOfIncome(702, 390_000)).toBe("18% of this month's income");
    expect(shareOfIncome(702, 0)).toBeNull();
  });
});

describe('the check-up in words', () => {
  it('when the decision was made last month, then this month it is not reviewed', () => {
    expect(decisionThisMonth({ review: review('keep', '2026-11-02') }, TODAY)).toBe('keep');
    expect(decisionThisMonth({ review: review('keep', '2026-10-30') }, TODAY)).toBeNull();
    expect(decisionThisMonth({ review: null }, TODAY)).toBeNull();
  });
  it('when a stream is marked cancel, then it says when it is checked, and then what became of it', () => {
    const s = { predictedNextDate: '2026-12-12' };
    expect(cancelText({ ...s, review: review('cancel', TODAY, 'waiting') }, TODAY)).toBe(
      "Cancelled: we'll check it stops after Dec 12.",
    );
    expect(cancelText({ ...s, review: review('cancel', TODAY, 'stopped') }, TODAY)).toMatch(/^Stopped/);
    expect(cancelText({ ...s, review: review('cancel', TODAY, 'charged-again') }, TODAY)).toMatch(
      /^Charged again/,
    );
    expect(cancelText({ ...s, review: review('keep', TODAY) }, TODAY)).toBeNull();
  });
});
