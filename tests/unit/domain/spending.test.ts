import { describe, expect, it } from 'vitest';
import {
  budgetAnalysis,
  dayKeyIn,
  periodRange,
  spendingSlices,
  summarizeSpending,
  transactionDay,
  type MoneyItem,
} from '@/domain/spending';

describe('periodRange', () => {
  const at = (iso: string) => new Date(iso);
  it('when it is the last second of January in UTC, then this month is January', () => {
    expect(periodRange('this-month', at('2025-01-31T23:59:59Z'), 'UTC')).toEqual({
      start: '2025-01-01',
      end: '2025-01-31',
    });
  });
  it('when the same instant is already February in Tokyo, then this month is February there', () => {
    expect(periodRange('this-month', at('2025-01-31T23:59:59Z'), 'Asia/Tokyo')).toEqual({
      start: '2025-02-01',
      end: '2025-02-28',
    });
  });
  it('when it is 1 March 00:30 UTC but still February in Los Angeles, then this month is February', () => {
    expect(periodRange('this-month', at('2024-03-01T00:30:00Z'), 'America/Los_Angeles')).toEqual({
      start: '2024-02-01',
      end: '2024-02-29',
    });
  });
  it('when it is January, then last month is the previous December', () => {
    expect(periodRange('last-month', at('2025-01-15T12:00:00Z'), 'UTC')).toEqual({
      start: '2024-12-01',
      end: '2024-12-31',
    });
  });
  it('when asked for the last 90 days, then the range holds 90 days ending today', () => {
    const r = periodRange('last-90-days', at('2025-03-31T12:00:00Z'), 'UTC');
    expect(r).toEqual({ start: '2025-01-01', end: '2025-03-31' });
  });
});

describe('transactionDay', () => {
  it('when a bank date is a calendar day, then it is kept whatever the zone', () => {
    expect(transactionDay('2025-01-31', 'Asia/Tokyo')).toBe('2025-01-31');
  });
  it('when a manual expense was saved late in the evening in New York, then it counts on that local day', () => {
    expect(transactionDay('2025-02-01T03:00:00.000Z', 'America/New_York')).toBe('2025-01-31');
    expect(transactionDay('2025-02-01T03:00:00.000Z', 'UTC')).toBe('2025-02-01');
  });
  it('when the date is unreadable, then it is null', () => {
    expect(transactionDay('yesterday')).toBeNull();
  });
  it('dayKeyIn pads months and days', () => {
    expect(dayKeyIn(new Date('2025-03-04T12:00:00Z'), 'UTC')).toBe('2025-03-04');
  });
});

describe('summarizeSpending', () => {
  const jan = { start: '2025-01-01', end: '2025-01-31' };
  const items: MoneyItem[] = [
    { amount: 100.1, date: '2025-01-01', label: 'Need' },
    { amount: 0.2, date: '2025-01-31', label: 'Need' },
    { amount: 30, date: '2025-01-15', label: 'Want' },
    { amount: 20, date: '2025-01-15T10:00:00Z', label: 'Savings' },
    { amount: 7.5, date: '2025-01-20', label: null },
    { amount: 2.5, date: '2025-01-21', label: 'uncategorized' },
    { amount: -1500, date: '2025-01-05', label: null },
    { amount: 200, date: '2025-01-06', label: 'Income' },
    { amount: 999, date: '2024-12-31', label: 'Need' },
    { amount: 999, date: '2025-02-01', label: 'Want' },
  ];
  const s = summarizeSpending(items, jan, 'UTC');

  it('when transactions fall on the first and last day, then both count and the sums are exact cents', () => {
    expect(s.groups.Needs).toBe(100.3);
  });
  it('when transactions are labelled, then they go to their group', () => {
    expect(s.groups.Wants).toBe(30);
    expect(s.groups.Savings).toBe(20);
  });
  it('when bank transactions have no label, then they are Uncategorized and counted', () => {
    expect(s.groups.Uncategorized).toBe(10);
    expect(s.uncategorizedCount).toBe(2);
  });
  it('when money comes in (negative or labelled Income), then it is income, not spending', () => {
    expect(s.income).toBe(1700);
    expect(s.total).toBe(160.3);
  });
  it('when a transaction lies outside the period, then it is ignored', () => {
    expect(s.total).toBeLessThan(999);
  });
  it('when there is nothing in the period, then everything is 0', () => {
    const empty = summarizeSpending(items, { start: '2030-01-01', end: '2030-01-31' });
    expect(empty.total).toBe(0);
    expect(spendingSlices(empty)).toEqual([]);
    expect(budgetAnalysis(empty)).toEqual([]);
  });
});

describe('spendingSlices and budgetAnalysis', () => {
  const summary = summarizeSpending(
    [
      { amount: 1, date: '2025-01-02', label: 'Need' },
      { amount: 1, date: '2025-01-02', label: 'Want' },
      { amount: 1, date: '2025-01-02', label: 'Savings' },
    ],
    { start: '2025-01-01', end: '2025-01-31' },
  );
  it('when three equal groups are shown, then their labels add up to 100%', () => {
    const slices = spendingSlices(summary);
    expect(slices.map((x) => x.label)).toEqual(['Needs', 'Wants', 'Savings']);
    expect(slices.reduce((a, x) => a + x.percent, 0)).toBe(100);
  });
  it('when each group is a third, then Needs is good, Wants bad and Savings good', () => {
    const rows = budgetAnalysis(summary);
    expect(rows.map((r) => [r.group, r.verdict])).toEqual([
      ['Needs', 'good'],
      ['Wants', 'bad'],
      ['Savings', 'good'],
    ]);
    expect(rows.reduce((a, r) => a + r.actualPercent, 0)).toBe(100);
    expect(rows[0].variance).toBe(rows[0].actualPercent - 50);
  });
});
