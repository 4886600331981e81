import { describe, expect, it } from 'vitest';
import { addXp, manualExpenseReward } from '@/domain/xp';

describe('xp', () => {
  it('when XP is added, then the total grows', () => {
    expect(addXp(90, 10)).toBe(100);
  });

  it('when a penalty exceeds the total, then XP stops at 0', () => {
    expect(addXp(3, -5)).toBe(0);
    expect(addXp(0, -100)).toBe(0);
  });

  it('when values are fractional or not numbers, then the result is a whole number', () => {
    expect(addXp(10.4, 0.4)).toBe(11);
    expect(addXp(Number.NaN, 10)).toBe(10);
    expect(addXp(10, Number.NaN)).toBe(10);
  });

  it('when the random source is at its lowest, then the manual expense reward is 25 XP and 1 life', () => {
    expect(manualExpenseReward(() => 0)).toEqual({ xp: 25, lives: 1 });
  });

  it('when the random source is at its highest, then the reward is 74 XP and 3 lives', () => {
    expect(manualExpenseReward(() => 0.9999999)).toEqual({ xp: 74, lives: 3 });
  });

  it('when a faulty random source returns 1 or below 0, then the reward stays in range', () => {
    expect(manualExpenseReward(() => 1)).toEqual({ xp: 74, lives: 3 });
    expect(manualExpenseReward(() => -1)).toEqual({ xp: 25, lives: 1 });
  });

  it('when many rewards are drawn, then every one lies within 25..74 XP and 1..3 lives', () => {
    for (let i = 0; i < 500; i++) {
      const { xp, lives } = manualExpenseReward();
      expect(xp).toBeGreaterThanOrEqual(25);
      expect(xp).toBeLessThanOrEqual(74);
      expect(lives).toBeGreaterThanOrEqual(1);
      expect(lives).toBeLessThanOrEqual(3);
      expect(Number.isInteger(xp) && Number.isInteger(lives)).toBe(true);
    }
  });
});
