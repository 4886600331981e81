import { describe, expect, it } from 'vitest';
import { loginStreak } from '@/domain/streak';

/** Noon local time on the given day, so the local calendar day is that day in any time zone. */
const at = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12);

describe('loginStreak', () => {
  it('when nothing is logged, then the streak is 0', () => {
    expect(loginStreak([], at(2025, 6, 10))).toBe(0);
  });

  it('when the user logged in today only, then the streak is 1', () => {
    expect(loginStreak(['2025-06-10'], at(2025, 6, 10))).toBe(1);
  });

  it('when the last three days in a row end today, then the streak is 3', () => {
    expect(loginStreak(['2025-06-08', '2025-06-09', '2025-06-10'], at(2025, 6, 10))).toBe(3);
  });

  it('when the run ends yesterday, then it still counts (today is not over)', () => {
    expect(loginStreak(['2025-06-08', '2025-06-09'], at(2025, 6, 10))).toBe(2);
  });

  it('when the last login was two days ago, then the streak is broken: 0', () => {
    expect(loginStreak(['2025-06-07', '2025-06-08'], at(2025, 6, 10))).toBe(0);
  });

  it('when a day is missing, then only the run after the gap counts', () => {
    expect(
      loginStreak(['2025-06-05', '2025-06-06', '2025-06-08', '2025-06-09', '2025-06-10'], at(2025, 6, 10)),
    ).toBe(3);
  });

  it('when the days are out of order, repeated or invalid, then they are read as a set of real days', () => {
    expect(
      loginStreak(
        ['2025-06-10', 'junk', '2025-06-09', '2025-06-10', '2025-02-30', '2025-06-08'],
        at(2025, 6, 10),
      ),
    ).toBe(3);
  });

  it('when the run crosses a month end, a leap day or a year end, then it is unbroken', () => {
    expect(loginStreak(['2024-02-28', '2024-02-29', '2024-03-01'], at(2024, 3, 1))).toBe(3);
    expect(loginStreak(['2024-12-30', '2024-12-31', '2025-01-01'], at(2025, 1, 1))).toBe(3);
  });

  it('when the run spans a daylight-saving change, then it is unbroken', () => {
    expect(loginStreak(['2024-03-09', '2024-03-10', '2024-03-11'], at(2024, 3, 11))).toBe(3);
  });

  it('when a stored day lies after today (the clock moved back), then it is ignored', () => {
    expect(loginStreak(['2025-06-09', '2025-06-10', '2025-06-11'], at(2025, 6, 10))).toBe(2);
    expect(loginStreak(['2025-06-12'], at(2025, 6, 10))).toBe(0);
  });

  it('when the clock is invalid, then the streak is 0', () => {
    expect(loginStreak(['2025-06-10'], new Date(NaN))).toBe(0);
  });

  it('when the day is counted in local time, then a login late in the evening counts for that day', () => {
    const lateEvening = new Date(2025, 5, 10, 23, 59);
    expect(loginStreak(['2025-06-09', '2025-06-10'], lateEvening)).toBe(2);
  });
});
