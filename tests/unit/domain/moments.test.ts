import { describe, expect, it } from 'vitest';
import { LEVELS } from '@/domain/levels';
import { achievementMoment, barFill, levelMoment, orderMoments } from '@/domain/moments';

const level = (n: number) => LEVELS[n - 1];

describe('barFill', () => {
  it('when XP grows within a level, then the bar moves from the old share to the new one', () => {
    // Savings Scout runs from 100 to 300 XP.
    expect(barFill(150, 250)).toEqual({ from: 25, to: 75 });
  });

  it('when the next level is reached, then the finished level fills from where it was to 100%', () => {
    expect(barFill(90, 140)).toEqual({ from: 90, to: 100 });
  });

  it('when whole levels are skipped, then the bar fills from empty', () => {
    expect(barFill(90, 600)).toEqual({ from: 0, to: 100 });
  });

  it('when XP drops below a level, then the bar just shows where it is', () => {
    expect(barFill(120, 50)).toEqual({ from: 50, to: 50 });
  });
});

describe('levelMoment', () => {
  it('when level 3 is reached, then it names the level and the next one with its XP', () => {
    expect(levelMoment(level(3), 280, 330)).toEqual({
      kind: 'level',
      heading: 'Level up!',
      title: 'Level 3: Money Manager',
      detail: 'Next: Finance Journeyman at 500 XP',
      bar: { from: 90, to: 100 },
    });
  });

  it('when the top rank is reached, then there is no next level to name', () => {
    expect(levelMoment(level(10), 4990, 5040).detail).toBe('Top rank reached');
    expect(levelMoment(level(10), 4990, 5040).title).toBe('Level 10: Financial Legend');
  });

  it('when a level past 1,000 XP is next, then its XP is grouped', () => {
    expect(levelMoment(level(4), 450, 520).detail).toBe('Next: Dollar Defender at 1,000 XP');
  });
});

describe('achievementMoment', () => {
  it('when Streak Starter unlocks, then it names it, its XP and what earned it', () => {
    const moment = achievementMoment('streak-starter', 100, 10, 110);
    expect(moment).toMatchObject({
      kind: 'achievement',
      heading: 'Achievement unlocked!',
      title: 'Streak Starter',
      detail: '+100 XP · Log in 3 days in a row',
    });
    // 10 XP into Budget Rookie, then Savings Scout reached: the rookie bar fills up.
    expect(moment.bar).toEqual({ from: 10, to: 100 });
  });
});

describe('orderMoments', () => {
  it('when an achievement reaches a level, then the achievement is shown before the level', () => {
    const lvl = levelMoment(level(2), 5, 105);
    const ach = achievementMoment('budget-pro', 100, 5, 105);
    expect(orderMoments([lvl, ach]).map((m) => m.kind)).toEqual(['achievement', 'level']);
  });
});
