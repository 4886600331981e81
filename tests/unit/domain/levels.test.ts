import { describe, expect, it } from 'vitest';
import { levelForXp, rankProgress, rankProgressText, xpFigures } from '@/domain/levels';

describe('levels', () => {
  it.each([
    [1, 'Budget Rookie', 0],
    [2, 'Savings Scout', 100],
    [3, 'Money Manager', 300],
    [4, 'Finance Journeyman', 500],
    [5, 'Dollar Defender', 1000],
    [6, 'Wealth Warrior', 1500],
    [7, 'Budget Baron', 2000],
    [8, 'Finance Master', 3000],
    [9, 'Money Mogul', 4000],
    [10, 'Financial Legend', 5000],
  ])(
    'when XP reaches the level %i threshold, then the rank is %s; 1 XP less is the rank below',
    (level, name, xp) => {
      expect(levelForXp(xp)).toMatchObject({ level, name });
      if (level > 1) expect(levelForXp(xp - 1).level).toBe(level - 1);
    },
  );

  it.each([
    [0, 1],
    [99, 1],
    [100, 2],
    [299, 2],
    [300, 3],
    [999, 4],
    [1000, 5],
    [4999, 9],
    [5000, 10],
    [9999, 10],
  ])('when XP is %i, then the level is %i', (xp, level) => {
    expect(levelForXp(xp).level).toBe(level);
  });

  it('when XP is negative or not a number, then the level is 1', () => {
    expect(levelForXp(-50).level).toBe(1);
    expect(levelForXp(Number.NaN).level).toBe(1);
  });

  it('when XP is 0, then the bar is empty and aims at Savings Scout at 100', () => {
    expect(rankProgress(0)).toMatchObject({
      next: 100,
      xpIntoLevel: 0,
      xpNeeded: 100,
      xpToNext: 100,
      percent: 0,
    });
    expect(rankProgress(0).nextLevel?.name).toBe('Savings Scout');
  });

  it('when XP is 99, then the bar is 99% with 1 XP to go', () => {
    expect(rankProgress(99)).toMatchObject({ next: 100, xpIntoLevel: 99, xpToNext: 1, percent: 99 });
  });

  it('when XP is exactly 100, then a new level starts at 0% towards 300', () => {
    expect(rankProgress(100)).toMatchObject({ next: 300, xpIntoLevel: 0, xpNeeded: 200, percent: 0 });
  });

  it('when XP is 4999, then the bar towards Financial Legend is almost full', () => {
    const p = rankProgress(4999);
    expect(p.current.name).toBe('Money Mogul');
    expect(p).toMatchObject({ next: 5000, xpIntoLevel: 999, xpNeeded: 1000, xpToNext: 1 });
    expect(p.percent).toBeCloseTo(99.9);
  });

  it('when XP reaches the top level (5000), then the next target falls back to 5000 + 1000', () => {
    const p = rankProgress(5000);
    expect(p.current.name).toBe('Financial Legend');
    expect(p.nextLevel).toBeNull();
    expect(p).toMatchObject({ next: 6000, xpIntoLevel: 0, xpNeeded: 1000, xpToNext: 1000, percent: 0 });
  });

  it('when XP is 5500, then the fallback bar is half full', () => {
    expect(rankProgress(5500).percent).toBe(50);
  });

  it('when XP passes the fallback (9999), then the percent is clamped to 100 and nothing is left to go', () => {
    expect(rankProgress(9999)).toMatchObject({ next: 6000, percent: 100, xpToNext: 0 });
  });
});

describe('the level card label', () => {
  it('when at 179 XP, then it counts from the level start like the bar: 79 / 200 XP to Money Manager, 39.5%', () => {
    const p = rankProgress(179);
    expect(rankProgressText(p)).toBe('79 / 200 XP to Money Manager');
    expect(p.percent).toBe(39.5);
  });

  it('when past the top rank, then it aims at the next milestone and never counts past the bar', () => {
    expect(rankProgressText(rankProgress(5250))).toBe('250 / 1,000 XP to your next milestone');
    expect(rankProgressText(rankProgress(9999))).toBe('1,000 / 1,000 XP to your next milestone');
  });
});

describe('xpFigures: XP written one way in the status bar and on Profile', () => {
  it('when at 1,029 XP (Dollar Defender), then it reads 1,029 XP in all and 29/500 to Level 6', () => {
    expect(xpFigures(1029)).toEqual({ total: '1,029 XP', inLevel: '29/500 to Level 6' });
  });

  it('when new (0 XP), then 0 XP and 0/100 to Level 2', () => {
    expect(xpFigures(0)).toEqual({ total: '0 XP', inLevel: '0/100 to Level 2' });
  });

  it('when past the top rank, then the level part aims at the next milestone and never counts past the bar', () => {
    expect(xpFigures(5250)).toEqual({ total: '5,250 XP', inLevel: '250/1,000 to next milestone' });
    expect(xpFigures(9999).inLevel).toBe('1,000/1,000 to next milestone');
  });

  it('when the stored XP is not a number, then it shows 0', () => {
    expect(xpFigures(Number.NaN).total).toBe('0 XP');
  });
});
