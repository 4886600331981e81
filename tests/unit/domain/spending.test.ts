import { describe, expect, it } from 'vitest';
import { periodMoney, viewSlices, type ViewItem } from '@/domain/budget-view';
import { dayKeyIn, periodRange, transactionDay } from '@/domain/spending';

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

describe('periodMoney', () => {
  const jan = { start: '2025-01-01', end: '2025-01-31' };
  const items: ViewItem[] = [
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
  const s = periodMoney(items, jan, 'UTC');

  it('when transactions fall on the first and last day, then both count and the sums are exact cents', () => {
    expect(s.groups.Needs).toBe(10_030);
  });
  it('when transactions are labelled, then they go to their group', () => {
    expect(s.groups.Wants).toBe(3000);
    expect(s.groups.Savings).toBe(2000);
  });
  it('when bank transactions have no label, then they are Unsorted and counted', () => {
    expect(s.groups.Unsorted).toBe(1000);
    expect(s.unsortedCount).toBe(2);
  });
  it('when money comes in (negative or labelled Income), then it is income, not spending', () => {
    expect(s.bankIncome).toBe(170_000);
    expect(s.spent).toBe(16_030);
  });
  it('when there is nothing in the period, then everything is 0', () => {
    const empty = periodMoney(items, { start: '2030-01-01', end: '2030-01-31' });
    expect(empty.spent).toBe(0);
    expect(viewSlices(empty)).toEqual([]);
  });
});

describe('viewSlices', () => {
  const money = periodMoney(
    [
      { amount: 1, date: '2025-01-02', label: 'Need' },
      { amount: 1, date: '2025-01-02', label: 'Want' },
      { amount: 1, date: '2025-01-02', label: 'Savings' },
    ],
    { start: '2025-01-01', end: '2025-01-31' },
  );
  it('when three equal groups are shown, then their labels add up to 100%', () => {
    const slices = viewSlices(money);
    expect(slices.map((x) => x.label)).toEqual(['Needs', 'Wants', 'Savings']);
    expect(slices.reduce((a, x) => a + x.percent, 0)).toBe(100);
  });
});
