import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayNumber, localDateKey, recordDate } from '@/domain/dates';

// A zone with daylight saving, so the DST cases are real whatever the machine's zone is.
const originalTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = originalTz;
});

describe('localDateKey', () => {
  it('when it is late evening locally but already tomorrow in UTC, then the local day is used', () => {
    const lateEvening = new Date('2024-03-11T03:30:00Z'); // 23:30 on 10 March in New York
    expect(lateEvening.toISOString().slice(0, 10)).toBe('2024-03-11');
    expect(localDateKey(lateEvening)).toBe('2024-03-10');
  });

  it('when a date is built from local parts, then the key pads month and day', () => {
    expect(localDateKey(new Date(2025, 0, 5, 0, 0))).toBe('2025-01-05');
  });
});

describe('dayNumber', () => {
  it('when the clocks spring forward or fall back, then neighbouring days are still exactly 1 apart', () => {
    expect(dayNumber('2024-03-10')! - dayNumber('2024-03-09')!).toBe(1);
    expect(dayNumber('2024-11-04')! - dayNumber('2024-11-03')!).toBe(1);
  });

  it('when a key is not a real date, then it gives null', () => {
    expect(dayNumber('2024-02-30')).toBeNull();
    expect(dayNumber('yesterday')).toBeNull();
  });
});

describe('recordDate', () => {
  it('when today is recorded twice, then it appears once', () => {
    const now = new Date(2024, 4, 2, 9);
    expect(recordDate(recordDate([], now, 10), now, 10)).toEqual(['2024-05-02']);
  });

  it('when dates arrive out of order, then the list is sorted', () => {
    expect(recordDate(['2024-05-03', '2024-05-01'], new Date(2024, 4, 2, 9), 10)).toEqual([
      '2024-05-01',
      '2024-05-02',
      '2024-05-03',
    ]);
  });

  it('when the login list is full (10), then the oldest day drops and the last 10 remain', () => {
    const list = Array.from({ length: 10 }, (_, i) => `2024-01-${String(i + 1).padStart(2, '0')}`);
    const next = recordDate(list, new Date(2024, 0, 11, 12), 10);
    expect(next).toHaveLength(10);
    expect(next[0]).toBe('2024-01-02');
    expect(next.at(-1)).toBe('2024-01-11');
  });

  it('when the usage list is full (40), then it stays at the last 40 days', () => {
    const list = Array.from({ length: 40 }, (_, i) => localDateKey(new Date(2024, 0, 1 + i, 12)));
    const next = recordDate(list, new Date(2024, 1, 10, 12), 40);
    expect(next).toHaveLength(40);
    expect(next[0]).toBe('2024-01-02');
    expect(next.at(-1)).toBe('2024-02-10');
  });

  it('when the stored list holds garbage, then only real dates are kept', () => {
    expect(recordDate(['nope', '2024-13-01', '2024-05-01'], new Date(2024, 4, 2, 9), 10)).toEqual([
      '2024-05-01',
      '2024-05-02',
    ]);
  });
});
