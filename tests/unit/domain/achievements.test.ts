import { describe, expect, it } from 'vitest';
import { achievementById, achievementProgress, hasLoginStreak, hasUsageDays } from '@/domain/achievements';
import { achievementXp } from '@/domain/progression';

const days = (start: Date, n: number) =>
  Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + i));
    return d.toISOString().slice(0, 10);
  });

describe('hasLoginStreak', () => {
  it('when three consecutive days are logged, then it is a streak', () => {
    expect(hasLoginStreak(['2024-05-01', '2024-05-02', '2024-05-03'])).toBe(true);
  });

  it('when the days cross a month end (including 29 February), then it is a streak', () => {
    expect(hasLoginStreak(['2024-02-28', '2024-02-29', '2024-03-01'])).toBe(true);
    expect(hasLoginStreak(['2023-04-29', '2023-04-30', '2023-05-01'])).toBe(true);
  });

  it('when 28 February is followed by 1 March in a non-leap year, then it is a streak', () => {
    expect(hasLoginStreak(['2023-02-27', '2023-02-28', '2023-03-01'])).toBe(true);
  });

  it('when the days cross a year end, then it is a streak', () => {
    expect(hasLoginStreak(['2024-12-31', '2025-01-01', '2024-12-30'])).toBe(true);
  });

  it('when the days span a daylight-saving change, then it is still a streak', () => {
    expect(hasLoginStreak(['2024-03-09', '2024-03-10', '2024-03-11'])).toBe(true);
    expect(hasLoginStreak(['2024-11-02', '2024-11-03', '2024-11-04'])).toBe(true);
  });

  it('when the input is unordered, then the streak is still found', () => {
    expect(hasLoginStreak(['2024-05-03', '2024-04-20', '2024-05-01', '2024-05-02'])).toBe(true);
  });

  it('when there is a gap, then it is not a streak', () => {
    expect(hasLoginStreak(['2024-05-01', '2024-05-02', '2024-05-04', '2024-05-05'])).toBe(false);
  });

  it('when only two distinct days appear, duplicated, then it is not a streak', () => {
    expect(hasLoginStreak(['2024-05-01', '2024-05-01', '2024-05-02', '2024-05-02'])).toBe(false);
  });

  it('when fewer than 3 days are logged, then it is not a streak', () => {
    expect(hasLoginStreak([])).toBe(false);
    expect(hasLoginStreak(['2024-05-01', '2024-05-02'])).toBe(false);
  });

  it('when invalid dates sit between real ones, then they do not bridge a gap', () => {
    expect(hasLoginStreak(['2024-02-28', '2024-02-30', '2024-03-01'])).toBe(false);
  });
});

describe('hasUsageDays', () => {
  it('when 30 distinct days are recorded, then Budget Pro is earned', () => {
    expect(hasUsageDays(days(new Date('2024-01-15'), 30), 30)).toBe(true);
  });

  it('when 29 distinct days are recorded with duplicates making 31 entries, then it is not earned', () => {
    const list = days(new Date('2024-01-15'), 29);
    expect(hasUsageDays([...list, list[0], list[5]], 30)).toBe(false);
  });

  it('when the 30 days are not consecutive, then they still count', () => {
    const everyOtherDay = days(new Date('2024-01-01'), 60).filter((_, i) => i % 2 === 0);
    expect(hasUsageDays(everyOtherDay)).toBe(true);
  });
});

describe('achievementProgress (issue 25)', () => {
  // Noon local time: the same calendar day in every time zone the tests run in.
  const NOW = new Date(2024, 4, 10, 12);
  const none = { loginDates: [] as string[], usageDates: [] as string[] };

  it('when the user signed in yesterday and today, then Streak Starter is 2 of 3 days', () => {
    const p = achievementProgress(
      'streak-starter',
      { ...none, loginDates: ['2024-05-09', '2024-05-10'] },
      NOW,
    );
    expect(p).toEqual({ done: 2, goal: 3, text: '2 of 3 days' });
  });

  it('when the last sign-in was yesterday, then the streak still counts; two days ago, it is back to 0', () => {
    const alive = achievementProgress(
      'streak-starter',
      { ...none, loginDates: ['2024-05-08', '2024-05-09'] },
      NOW,
    );
    expect(alive?.text).toBe('2 of 3 days');
    const broken = achievementProgress(
      'streak-starter',
      { ...none, loginDates: ['2024-05-07', '2024-05-08'] },
      NOW,
    );
    expect(broken?.text).toBe('0 of 3 days');
  });

  it('when the app was used on 12 distinct days (some twice), then Budget Pro is 12 of 30 days', () => {
    const usageDates = Array.from({ length: 12 }, (_, i) => `2024-04-${String(i + 10).padStart(2, '0')}`);
    const p = achievementProgress('budget-pro', { ...none, usageDates: [...usageDates, usageDates[0]] }, NOW);
    expect(p).toEqual({ done: 12, goal: 30, text: '12 of 30 days' });
  });

  it('when more days are stored than the goal, then the count stops at the goal', () => {
    const usageDates = Array.from({ length: 35 }, (_, i) =>
      new Date(2024, 3, i + 1, 12).toISOString().slice(0, 10),
    );
    expect(achievementProgress('budget-pro', { ...none, usageDates }, NOW)?.text).toBe('30 of 30 days');
  });

  it('when the achievement is a single step (Account Master, Budget Master), then it has no progress', () => {
    expect(achievementProgress('account-master', none, NOW)).toBeNull();
    expect(achievementProgress('budget-master', none, NOW)).toBeNull();
  });
});

describe('Subscription Slayer (issue 28)', () => {
  it('has its name, description and the exact alert of the others, and 100 XP', () => {
    expect(achievementById('subscription-slayer')).toEqual({
      id: 'subscription-slayer',
      name: 'Subscription Slayer',
      description: 'cancel a subscription',
      message: 'Achievement Unlocked: Subscription Slayer! You earned 100 XP for cancelling a subscription!',
    });
    expect(achievementXp('subscription-slayer')).toBe(100);
  });
});
